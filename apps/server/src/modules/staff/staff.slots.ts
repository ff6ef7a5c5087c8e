import type { Db } from "../../platform/db/client";
import { defineSlot } from "../../platform/slots";
import type { StaffRow } from "./staff.service";

/**
 * What staff management asks of the sessions and sign-in links, which the auth module keeps (auth
 * sits above staff, so staff asks through this slot rather than importing it; auth provides it when
 * its routes are registered).
 */
export interface StaffAuth {
  /** When each of these members last signed in (their newest session), for the management list. */
  lastSignIns(db: Db, staffIds: number[]): Promise<{ id: number; at: Date | null }[]>;
  /** Ends every open session of a member, in the caller's transaction (a disabled member is signed out). */
  revokeSessions(tx: Db, staffId: number): Promise<void>;
  /** Sends a member just added the invitation's set-password link. */
  invite(member: StaffRow): Promise<void>;
}

export const staffAuthSlot = defineSlot<StaffAuth>("staff.auth");
