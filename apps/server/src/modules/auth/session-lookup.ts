import { eq } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import type { SessionLookup } from "../../platform/http/auth-guard";
import { liveSessionByTokenHash } from "./auth.queries";
import { sessions } from "./auth.tables";

/** The auth guard's look-up of a bearer token (platform/http/auth-guard.ts), handed to it by app.ts. */
export function createSessionLookup(db: Db): SessionLookup {
  return {
    async find(tokenHash) {
      const [row] = await liveSessionByTokenHash(db, tokenHash);
      return row;
    },
    async touch(sessionId) {
      await db.update(sessions).set({ lastUsedAt: new Date() }).where(eq(sessions.id, sessionId));
    },
  };
}
