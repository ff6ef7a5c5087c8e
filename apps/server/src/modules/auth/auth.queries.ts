import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { staffUsers } from "../staff/staff.tables";
import { passwordResetTokens, sessions } from "./auth.tables";

/** The staff member signing in or asking for a reset, by e-mail (`lowerEmail` already lower-cased). */
export const staffByEmail = (db: Db, lowerEmail: string) =>
  db.select().from(staffUsers).where(sql`lower(${staffUsers.email}) = ${lowerEmail}`);

/** An unused set-password token and the member it was sent to. */
export const unusedResetToken = (db: Db, tokenHash: string) =>
  db
    .select({ reset: passwordResetTokens, user: staffUsers })
    .from(passwordResetTokens)
    .innerJoin(staffUsers, eq(staffUsers.id, passwordResetTokens.staffUserId))
    .where(and(eq(passwordResetTokens.tokenHash, tokenHash), isNull(passwordResetTokens.usedAt)));

/** The live (not revoked, not expired) session of a token and its staff member: the auth guard's look-up. */
export const liveSessionByTokenHash = (db: Db, tokenHash: string) =>
  db
    .select({ session: sessions, staff: staffUsers })
    .from(sessions)
    .innerJoin(staffUsers, eq(staffUsers.id, sessions.staffUserId))
    .where(
      and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())),
    )
    .limit(1);
