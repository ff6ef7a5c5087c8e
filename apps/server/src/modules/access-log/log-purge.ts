import pg from "pg";
import type { Config } from "../../config";
import type { Database } from "../../platform/db/client";
import { inRequestTransaction } from "../../platform/db/request-transaction";
import { PGLITE_RETENTION_ROLE, PGLITE_SERVER_ROLE } from "../../platform/db/roles";
import { AppError } from "../../platform/http/app-error";

/**
 * The access log's purge (issue 43): `access_log_purge()` destroys what the retention periods say
 * has expired, and only the retention role may call it. The staff member is the session this call
 * names in `loupe.session_id` (transaction-local), which the function checks is an administrator's
 * live one; neither the rule nor the staff id is an argument.
 *
 * Where it runs: DATABASE_RETENTION_URL's role when set (a connection of its own, opened for the
 * purge); otherwise the server's own connection, which on a one-role installation owns the
 * function, and on the embedded database enters its retention role for the one transaction.
 */
export interface LogPurger {
  purge(sessionId: number): Promise<Record<string, unknown>[]>;
}

const PURGE = "SELECT * FROM access_log_purge()";
const AS_SESSION = "SELECT set_config('loupe.session_id', $1, true)";

export function createLogPurger(config: Config, database: Database): LogPurger {
  const url = config.DATABASE_RETENTION_URL;
  const refused = (err: unknown): never => {
    const e = err as { code?: string; message?: string };
    if (e.code === "42501" && /permission denied for function/.test(e.message ?? ""))
      throw new AppError(
        "conflict",
        "The access log is purged by the retention role: set DATABASE_RETENTION_URL (docs/deploy.md).",
      );
    if (e.code === "42501")
      throw new AppError("forbidden", "Only an administrator's live session can purge.");
    throw err;
  };
  return {
    async purge(sessionId) {
      if (url) {
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        try {
          await client.query("BEGIN");
          await client.query(AS_SESSION, [String(sessionId)]);
          const { rows } = await client.query(PURGE);
          await client.query("COMMIT");
          return rows;
        } catch (err) {
          await client.query("ROLLBACK").catch(() => {});
          return refused(err);
        } finally {
          await client.end().catch(() => {});
        }
      }
      return inRequestTransaction(database.db, async () => {
        if (database.kind === "pglite") {
          const [{ role }] = await database.query<{ role: string }>("SELECT current_user AS role");
          if (role === PGLITE_SERVER_ROLE) await database.query(`SET LOCAL ROLE ${PGLITE_RETENTION_ROLE}`);
        }
        await database.query(AS_SESSION, [String(sessionId)]);
        return database.query<Record<string, unknown>>(PURGE);
      }).catch(refused);
    },
  };
}
