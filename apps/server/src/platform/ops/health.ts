import fs from "node:fs";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import type { Database } from "../db/client";

/** The newest migration in the committed journal (drizzle-kit's `meta/_journal.json`), or null if none. */
export function latestMigration(migrationsDir: string): { tag: string; when: number } | null {
  const file = path.join(migrationsDir, "meta", "_journal.json");
  if (!fs.existsSync(file)) return null;
  const journal = JSON.parse(fs.readFileSync(file, "utf8")) as { entries: { tag: string; when: number }[] };
  return journal.entries.reduce<{ tag: string; when: number } | null>(
    (latest, e) => (latest === null || e.when > latest.when ? e : latest),
    null,
  );
}

/** A probe answers within its own timeout: a database that hangs is as unready as one that refuses. */
const READY_TIMEOUT_MS = 2000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * `/healthz`: the process answers (liveness; no dependency is touched, so a slow database never gets
 * the process restarted), with the time-zone rules it prints times by (`tz`, ADR 0050). `/readyz`: the database answers and has every committed migration applied
 * (readiness; a load balancer sends traffic only then).
 */
export function registerHealthRoutes(app: FastifyInstance, database: Database, migrationsDir: string): void {
  const expected = latestMigration(migrationsDir);

  app.get("/healthz", { schema: { hide: true } }, async (_req, reply) => {
    reply.header("cache-control", "no-store");
    return { ok: true, tz: process.versions.tz ?? null };
  });

  app.get("/readyz", { schema: { hide: true } }, async (req, reply) => {
    reply.header("cache-control", "no-store");
    let applied: number | null;
    try {
      // Drizzle's migrator records each applied migration with the journal's `when` as created_at.
      const rows = await withTimeout(
        database.query<{ latest: string | number | null }>(
          "select max(created_at) as latest from drizzle.__drizzle_migrations",
        ),
        READY_TIMEOUT_MS,
      );
      applied = rows[0]?.latest == null ? null : Number(rows[0].latest);
    } catch (err) {
      req.log.warn({ err }, "readiness: database check failed");
      // Each probe asks afresh: it answers 200 again as soon as the database does (ADR 0055).
      return reply.status(503).header("retry-after", "5").send({ ok: false, database: "unreachable" });
    }
    const current = expected === null || (applied !== null && applied >= expected.when);
    if (!current) {
      return reply
        .status(503)
        .send({ ok: false, database: "ok", migrations: "pending", expected: expected?.tag });
    }
    return { ok: true, database: "ok", migrations: "current" };
  });
}
