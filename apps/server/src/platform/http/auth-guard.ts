import { createHash } from "node:crypto";
import { and, eq, gt, isNull } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import { sessions } from "../../modules/auth/auth.tables";
import { staffUsers } from "../../modules/staff/staff.tables";
import type { Db } from "../db/client";

export type StaffUserRow = typeof staffUsers.$inferSelect;

declare module "fastify" {
  interface FastifyRequest {
    staff: StaffUserRow | null;
    sessionId: number | null;
  }
}

export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** Reads the bearer token (or `?token=` for links opened in a new tab, such as file downloads). */
function tokenFrom(req: FastifyRequest): string | undefined {
  const header = req.headers.authorization;
  if (header?.startsWith("Bearer ")) return header.slice(7).trim() || undefined;
  const q = (req.query as Record<string, unknown> | undefined)?.token;
  return typeof q === "string" && q ? q : undefined;
}

export function authGuard(db: Db) {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    const token = tokenFrom(req);
    if (!token) {
      return reply
        .status(401)
        .send({ code: "unauthenticated", message: "Unauthenticated.", error: "token_not_provided" });
    }
    const [row] = await db
      .select({ session: sessions, staff: staffUsers })
      .from(sessions)
      .innerJoin(staffUsers, eq(staffUsers.id, sessions.staffUserId))
      .where(
        and(
          eq(sessions.tokenHash, hashToken(token)),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, new Date()),
        ),
      )
      .limit(1);
    if (!row?.staff.isActive) {
      return reply
        .status(401)
        .send({ code: "unauthenticated", message: "Unauthenticated.", error: "token_invalid" });
    }
    req.staff = row.staff;
    req.sessionId = row.session.id;
  };
}
