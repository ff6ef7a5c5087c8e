import type { SessionWire } from "@loupe/contract";
import { and, desc, eq, gt, inArray, isNull, max } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { AppError, notFound } from "../../platform/http/app-error";
import { sessions } from "./auth.tables";

/** Live sessions one staff member may hold; signing in once more ends the oldest (issue 25). */
export const MAX_LIVE_SESSIONS = 20;

const live = (staffId: number) =>
  and(eq(sessions.staffUserId, staffId), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date()));

/** When each of these staff members last signed in (their newest session): staff management's list. */
export const lastSignIns = (db: Db, staffIds: number[]) =>
  db
    .select({ id: sessions.staffUserId, at: max(sessions.createdAt) })
    .from(sessions)
    .where(inArray(sessions.staffUserId, staffIds))
    .groupBy(sessions.staffUserId);

/** Ends every open session of a staff member, in the caller's transaction (a disabled member). */
export async function revokeSessionsOf(tx: Db, staffId: number): Promise<void> {
  await tx
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.staffUserId, staffId), isNull(sessions.revokedAt)));
}

/**
 * Sessions a person can see (issue 25): their own live ones with device, address and last use,
 * and sign any of them out; an administrator signs out every session of a staff member. Ending a
 * session is an UPDATE of `revoked_at`, which tells every process to forget what it remembers
 * (ADR 0020).
 */
export function createSessionsService(db: Db) {
  return {
    async list(staffId: number, currentSessionId: number | null): Promise<SessionWire[]> {
      const rows = await db
        .select()
        .from(sessions)
        .where(live(staffId))
        .orderBy(desc(sessions.lastUsedAt), desc(sessions.id));
      return rows.map((s) => ({
        id: s.id,
        created_at: s.createdAt.toISOString(),
        last_used_at: s.lastUsedAt.toISOString(),
        expires_at: s.expiresAt.toISOString(),
        device: s.userAgent,
        address: s.ip,
        current: s.id === currentSessionId,
      }));
    },

    async endOwn(staffId: number, sessionId: number) {
      const ended = await db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(sessions.id, sessionId), live(staffId)))
        .returning({ id: sessions.id });
      if (!ended.length) throw notFound("Session");
    },

    async endAllOf(actor: { roleId: number }, staffId: number): Promise<number> {
      if (actor.roleId !== 1)
        throw new AppError("forbidden", "Only an administrator can sign out another staff member.");
      const ended = await db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(live(staffId))
        .returning({ id: sessions.id });
      return ended.length;
    },

    /** After a sign-in: the oldest live sessions past the limit end. */
    async keepNewest(staffId: number) {
      const extra = db
        .select({ id: sessions.id })
        .from(sessions)
        .where(live(staffId))
        .orderBy(desc(sessions.createdAt), desc(sessions.id))
        .offset(MAX_LIVE_SESSIONS);
      await db.update(sessions).set({ revokedAt: new Date() }).where(inArray(sessions.id, extra));
    },
  };
}
