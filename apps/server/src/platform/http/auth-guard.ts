import { createHash } from "node:crypto";
import { and, eq, gt, isNull } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import { sessions } from "../../modules/auth/auth.tables";
import { staffUsers } from "../../modules/staff/staff.tables";
import type { Db } from "../db/client";
import { errorBody } from "./error-handler";
import type { SessionCache } from "./session-cache";

export type StaffUserRow = typeof staffUsers.$inferSelect;

declare module "fastify" {
  interface FastifyRequest {
    staff: StaffUserRow | null;
    sessionId: number | null;
  }
}

export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** The bearer token, from the Authorization header only: a token in a URL lands in history and logs. */
function tokenFrom(req: FastifyRequest): string | undefined {
  const header = req.headers.authorization;
  if (header?.startsWith("Bearer ")) return header.slice(7).trim() || undefined;
  return undefined;
}

/** True when the URL carries `token=`: refused outright, even beside a valid header, so no client relies on it. */
function tokenInUrl(req: FastifyRequest): boolean {
  const url = req.url;
  const q = url.indexOf("?");
  return q !== -1 && new URLSearchParams(url.slice(q + 1)).has("token");
}

/** What a checked token stands for: the signed-in staff member and the session. */
export interface CheckedSession {
  staff: StaffUserRow;
  sessionId: number;
}

/** Checks the bearer token of every signed-in call; `cache` spares most calls the look-up (ADR 0020). */
export function authGuard(db: Db, cache?: SessionCache<CheckedSession>) {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    if (tokenInUrl(req)) {
      return reply
        .status(401)
        .send(
          errorBody(
            req,
            "unauthenticated",
            "Tokens in the address are not accepted; send it in the Authorization header.",
          ),
        );
    }
    const token = tokenFrom(req);
    if (!token) {
      return reply
        .status(401)
        .send({ ...errorBody(req, "unauthenticated", "Unauthenticated."), error: "token_not_provided" });
    }
    const tokenHash = hashToken(token);
    const known = cache?.get(tokenHash);
    if (known) {
      req.staff = known.staff;
      req.sessionId = known.sessionId;
      return;
    }
    const startedAt = cache?.generation() ?? 0;
    const [row] = await db
      .select({ session: sessions, staff: staffUsers })
      .from(sessions)
      .innerJoin(staffUsers, eq(staffUsers.id, sessions.staffUserId))
      .where(
        and(
          eq(sessions.tokenHash, tokenHash),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, new Date()),
        ),
      )
      .limit(1);
    if (!row?.staff.isActive) {
      return reply
        .status(401)
        .send({ ...errorBody(req, "unauthenticated", "Unauthenticated."), error: "token_invalid" });
    }
    req.staff = row.staff;
    req.sessionId = row.session.id;
    // "My sessions" shows when each was last used: written at most once a minute, on a cache miss.
    if (Date.now() - row.session.lastUsedAt.getTime() > 60_000)
      await db
        .update(sessions)
        .set({ lastUsedAt: new Date() })
        .where(eq(sessions.id, row.session.id))
        .catch(() => {});
    // Frozen: a remembered row is shared by later calls, so no handler may change it in place.
    cache?.remember(
      tokenHash,
      { staff: Object.freeze(row.staff), sessionId: row.session.id },
      row.session.expiresAt,
      startedAt,
    );
  };
}
