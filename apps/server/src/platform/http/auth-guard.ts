import { createHash } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import { errorBody } from "./error-handler";
import type { SessionCache } from "./session-cache";

/**
 * The signed-in staff member's row (`staff_users`). Platform imports no module: the staff module
 * gives this interface its columns by declaration merging (modules/staff/signed-in-staff.ts); the
 * guard itself needs only `isActive`.
 */
export interface StaffUserRow {
  isActive: boolean;
}

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

/**
 * Where the guard looks a token up. The auth module keeps sessions (`createSessionLookup` in its
 * index); the composition root hands it in.
 */
export interface SessionLookup {
  /** The live (not revoked, not expired) session of a token's hash, and its staff member. */
  find(
    tokenHash: string,
  ): Promise<{ session: { id: number; lastUsedAt: Date; expiresAt: Date }; staff: StaffUserRow } | undefined>;
  /** Notes that the session answered a call now. */
  touch(sessionId: number): Promise<void>;
}

/** Checks the bearer token of every signed-in call; `cache` spares most calls the look-up (ADR 0020). */
export function authGuard(sessions: SessionLookup, cache?: SessionCache<CheckedSession>) {
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
    const row = await sessions.find(tokenHash);
    if (!row?.staff.isActive) {
      return reply
        .status(401)
        .send({ ...errorBody(req, "unauthenticated", "Unauthenticated."), error: "token_invalid" });
    }
    req.staff = row.staff;
    req.sessionId = row.session.id;
    // "My sessions" shows when each was last used: written at most once a minute, on a cache miss.
    if (Date.now() - row.session.lastUsedAt.getTime() > 60_000)
      await sessions.touch(row.session.id).catch(() => {});
    // Frozen: a remembered row is shared by later calls, so no handler may change it in place.
    cache?.remember(
      tokenHash,
      { staff: Object.freeze(row.staff), sessionId: row.session.id },
      row.session.expiresAt,
      startedAt,
    );
  };
}
