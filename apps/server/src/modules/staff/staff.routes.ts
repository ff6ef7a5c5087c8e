import {
  createStaffMember,
  disableStaffMember,
  enableStaffMember,
  getMe,
  listStaff,
  listStaffMembers,
  updateMe,
  updateStaffMember,
  updateStaffUser,
} from "@loupe/contract";
import { ROLE_MESSAGES } from "@loupe/domain";
import type { ModuleContext } from "../module-context";
import { createStaffService } from "./staff.service";
import { staffAuthSlot } from "./staff.slots";

export function registerStaffRoutes({ bind, db, slots }: ModuleContext): void {
  const staffService = createStaffService(db, {
    invite: (member) => staffAuthSlot.get(slots).invite(member),
    auth: () => staffAuthSlot.get(slots),
  });
  bind(getMe, async ({ staff }) => ({ data: await staffService.me(staff) }));
  bind(updateMe, async ({ staff, body }) => ({ data: await staffService.updateMe(staff, body) }));
  bind(updateStaffUser, async ({ staff, params, body }) => ({
    data: await staffService.updateUser(staff, params.id, body),
  }));
  bind(listStaff, async ({ query }) => ({ data: await staffService.list(query.limit) }));

  bind(listStaffMembers, async ({ staff }) => ({ data: await staffService.listMembers(staff) }));
  bind(createStaffMember, async ({ staff, body }) => ({
    message: ROLE_MESSAGES.staffInvited,
    data: await staffService.createMember(staff, body),
  }));
  bind(updateStaffMember, async ({ staff, params, body }) => ({
    message: ROLE_MESSAGES.staffSaved,
    data: await staffService.updateMember(staff, params.id, body),
  }));
  bind(disableStaffMember, async ({ staff, params, body }) => ({
    message: ROLE_MESSAGES.staffDisabled,
    data: await staffService.disableMember(staff, params.id, body.version),
  }));
  bind(enableStaffMember, async ({ staff, params, body }) => ({
    message: ROLE_MESSAGES.staffEnabled,
    data: await staffService.enableMember(staff, params.id, body.version),
  }));
}
