// What other modules may use of staff.
export { createStaffService, type StaffRow, type StaffService } from "./staff.service";
export { staffUsers } from "./staff.tables";
