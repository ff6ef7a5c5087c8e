// What other modules may use of staff.

export { registerStaffRoutes } from "./staff.routes";
export {
  createStaffService,
  type InviteStaff,
  type NewStaffMember,
  type StaffChanges,
  type StaffMemberChanges,
  type StaffRow,
  type StaffService,
  setStaffPasswordHash,
} from "./staff.service";
export { type StaffAuth, staffAuthSlot } from "./staff.slots";
export { staffNamesByIds } from "./staff-names";
export { staleOrMissing } from "./stale-or-missing";
