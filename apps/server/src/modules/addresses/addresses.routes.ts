import { createAddress, listCustomerAddresses, updateAddress } from "@loupe/contract";
import type { ModuleContext } from "../module-context";
import { createAddressesService } from "./addresses.service";

export function registerAddressesRoutes({ bind, db }: ModuleContext): void {
  const service = createAddressesService(db);
  bind(listCustomerAddresses, async ({ params }) => ({ data: await service.list(params.customer_id) }));
  bind(createAddress, async ({ staff, params, req, reply }) => {
    const data = await service.create(staff, params.customer_id, req.body);
    reply.status(201);
    return { data };
  });
  bind(updateAddress, async ({ staff, params, req }) => ({
    data: await service.update(staff, params.id, req.body),
  }));
}
