import { createGuestPd, createPd, deletePd, getPd, listCustomerPds, updatePd } from "@loupe/contract";
import type { ModuleContext } from "../module-context";
import { createPdsService } from "./pds.service";

export function registerPdsRoutes({ bind, db }: ModuleContext): void {
  const service = createPdsService({ db });
  const presenter = (q: { purpose?: "distance" | "intermediate" | "reading"; lens_type?: string }) => ({
    purpose: q.purpose,
    lensType: q.lens_type,
  });
  bind(createPd, async ({ staff, req, reply }) => {
    reply.status(201);
    return { data: await service.create(staff, req.body as Record<string, unknown>, false) };
  });
  bind(createGuestPd, async ({ staff, req, reply }) => {
    reply.status(201);
    return { data: await service.create(staff, req.body as Record<string, unknown>, true) };
  });
  bind(listCustomerPds, async ({ params, query }) => ({
    data: await service.listForCustomer(params.id, presenter(query)),
  }));
  bind(getPd, async ({ params, query }) => ({ data: await service.get(params.id, presenter(query)) }));
  bind(updatePd, async ({ staff, params, req }) => ({
    data: await service.update(staff, params.id, req.body),
  }));
  bind(deletePd, async ({ staff, params, query }) => {
    await service.remove(staff, params.id, query.version);
    return { message: "PD removed." };
  });
}
