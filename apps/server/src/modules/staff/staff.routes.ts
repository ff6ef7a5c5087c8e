import { getMe, listStaff, updateMe, updateStaffUser } from "@loupe/contract";
import type { ModuleContext } from "../module-context";
import { createStaffService } from "./staff.service";

export function registerStaffRoutes({ bind, db }: ModuleContext): void {
  const staffService = createStaffService(db);
  bind(getMe, async ({ staff }) => ({ data: await staffService.me(staff) }));
  bind(updateMe, async ({ staff, body }) => ({ data: await staffService.updateMe(staff, body) }));
  bind(updateStaffUser, async ({ staff, params, body }) => ({
    data: await staffService.updateUser(staff, params.id, body),
  }));
  bind(listStaff, async ({ query }) => ({ data: await staffService.list(query.limit) }));
}
