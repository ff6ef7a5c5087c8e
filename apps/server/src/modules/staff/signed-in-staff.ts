// The signed-in member the auth guard puts on every request (`req.staff`, a handler's `staff`) is a
// whole `staff_users` row. Platform cannot import this module, so it declares the interface with
// the one column it reads and the staff module completes it here (TypeScript declaration merging).
import type { StaffRow } from "./staff.service";

declare module "../../platform/http/auth-guard" {
  interface StaffUserRow extends StaffRow {}
}
