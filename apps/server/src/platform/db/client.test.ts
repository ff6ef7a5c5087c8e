import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../test/test-app";
import { MAX_NAMED_STATEMENTS, namedStatementCount, openPostgres, sessionOptions } from "./client";
import { inRequestTransaction } from "./request-transaction";

describe("session options", () => {
  it("turns JIT off, and options in the address come after, so they win", () => {
    expect(sessionOptions("postgres://u@h:5432/db")).toBe("-c jit=off");
    expect(sessionOptions("postgres://u@h/db?options=-c%20jit%3Don")).toBe("-c jit=off -c jit=on");
  });
});

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))("PostgreSQL connections", () => {
  const testDatabase = useTestDatabase();

  it("runs every pooled session with JIT off (ADR 0045)", async () => {
    const database = openPostgres(process.env.TEST_DATABASE_URL!, 2);
    try {
      const rows = await Promise.all([1, 2].map(() => database.query<{ jit: string }>("show jit")));
      expect(rows.map(([r]) => r.jit)).toEqual(["off", "off"]);
    } finally {
      await database.close();
    }
  });

  it("keeps a prepared statement on the connection, and runs texts past the cap unnamed", async () => {
    const database = openPostgres(process.env.TEST_DATABASE_URL!, 1);
    const named = () =>
      database.query<{ n: number }>(
        "select count(*)::int as n from pg_prepared_statements where name like 'loupe\\_%'",
      );
    // Files before this one in the worker's process may have named texts already: only the rest
    // of the cap is left for this test's texts.
    const left = MAX_NAMED_STATEMENTS - namedStatementCount();
    try {
      const texts = Array.from({ length: MAX_NAMED_STATEMENTS + 3 }, (_, i) => `select ${i}::int as v`);
      for (const [i, text] of texts.entries()) {
        // Twice each: the second run binds the statement the first one named.
        for (let run = 0; run < 2; run++) {
          const [row] = await database.query<{ v: number }>(text, [], { prepared: true });
          expect(row.v).toBe(i);
        }
      }
      const [{ n }] = await named();
      // One connection: every named text is on it, and the texts past the cap are not.
      expect(n).toBe(left);
      expect(namedStatementCount()).toBe(MAX_NAMED_STATEMENTS);
      expect((await database.query<{ v: number }>("select 7::int as v", [], { prepared: false }))[0].v).toBe(
        7,
      );
      expect((await named())[0].n).toBe(left);
    } finally {
      await database.close();
    }
  });

  it("runs a transaction's reads started together one after another, without pg's deprecated queue", async () => {
    const database = testDatabase();
    const warnings: string[] = [];
    const onWarning = (w: Error) => warnings.push(w.message);
    process.on("warning", onWarning);
    try {
      const answers = await inRequestTransaction(database.db, () =>
        Promise.all(
          [1, 2, 3, 4, 5].map(async (n) => {
            const [row] = await database.query<{ n: number; pid: number }>(
              "select $1::int as n, pg_backend_pid() as pid, pg_sleep(0.01)::text",
              [n],
            );
            return row;
          }),
        ),
      );
      expect(answers.map((a) => a.n)).toEqual([1, 2, 3, 4, 5]);
      // One transaction: one connection answered them all.
      expect(new Set(answers.map((a) => a.pid)).size).toBe(1);
      // A failed statement does not leave the ones queued behind it waiting: each is answered (here
      // with the aborted transaction's error, as PostgreSQL decides).
      const settled = await inRequestTransaction(database.db, async () =>
        Promise.allSettled([database.query("select 1/0"), database.query("select 1 as one")]),
      );
      expect(settled.map((s) => s.status)).toEqual(["rejected", "rejected"]);
      expect(String((settled[1] as PromiseRejectedResult).reason)).toMatch(/transaction is aborted/);
      await new Promise((r) => setImmediate(r));
      expect(warnings.filter((w) => w.includes("already executing a query"))).toEqual([]);
    } finally {
      process.off("warning", onWarning);
    }
  });
});
