import { createCustomerNote, deleteCustomerNote, listCustomerNotes } from "@loupe/contract";
import type { ModuleContext } from "../module-context";
import { createNotesService } from "./notes.service";

export function registerNotesRoutes({ bind, db }: ModuleContext): void {
  const service = createNotesService(db);
  bind(listCustomerNotes, async ({ query }) => ({ data: await service.listForCustomer(query.user_id) }));
  bind(createCustomerNote, async ({ staff, body, reply }) => {
    reply.status(201);
    return { data: await service.addCustomerNote(staff, body.user_id, body.content, body.files) };
  });
  bind(deleteCustomerNote, async ({ staff, params }) => {
    await service.removeCustomerNote(staff, params.id);
    return { message: "Deleted Successfully" };
  });
}
