import { ADMIN_ROLE_ID, MANAGER_ROLE_ID } from "./constants";

// Issue 28: who may do what to recalls, asked by the server (403) and by the screens (a disabled
// control says why). Zod-free, so the recalls screen can ask without loading schemas.

/** Defining or changing recall types; acting on recalls (bulk send now, snooze, booked, declined, run now). */
export type RecallAction = "define_types" | "act";

export const RECALL_REFUSALS: Record<RecallAction, string> = {
  define_types: "Only an administrator can define or change recall types.",
  act: "Only managers and administrators act on recalls.",
};

/** Why this role may not, or null when it may. */
export function recallRefusal(roleId: number | null | undefined, action: RecallAction): string | null {
  if (roleId === ADMIN_ROLE_ID) return null;
  if (action === "act" && roleId === MANAGER_ROLE_ID) return null;
  return RECALL_REFUSALS[action];
}
