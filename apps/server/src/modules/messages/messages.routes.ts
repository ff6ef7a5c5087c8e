import {
  createMessageTemplate,
  deleteMessageTemplate,
  listMessageTemplates,
  sendCustomerMessage,
  sendOrderMessage,
  updateMessageTemplate,
} from "@loupe/contract";
import type { ModuleContext } from "../module-context";
import { createNotesService } from "../notes";
import { createMessagesService } from "./messages.service";

export function registerMessagesRoutes({ bind, db, outbox }: ModuleContext): void {
  const service = createMessagesService({ db, outbox, notes: createNotesService(db) });
  bind(listMessageTemplates, async ({ params }) => ({ data: await service.templates(params.regionId) }));
  bind(createMessageTemplate, async ({ staff, params, req, reply }) => {
    const data = await service.createTemplate(staff, params.regionId, req.body);
    reply.status(201);
    return { data };
  });
  bind(updateMessageTemplate, async ({ staff, params, req }) => ({
    data: await service.updateTemplate(staff, params.id, req.body),
  }));
  bind(deleteMessageTemplate, async ({ staff, params, query }) => {
    await service.deleteTemplate(staff, params.id, query.version);
    return { message: "Template removed." };
  });
  bind(sendOrderMessage, async ({ staff, params, req }) => ({
    message: await service.sendForOrder(staff, params.id, req.body),
  }));
  bind(sendCustomerMessage, async ({ staff, params, req }) => ({
    message: await service.sendToCustomer(staff, params.id, req.body),
  }));
}
