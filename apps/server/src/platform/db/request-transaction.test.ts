import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../test/test-app";
import type { Db } from "./client";
import { inRequestTransaction, QueryOutsideTransactionError } from "./request-transaction";

/** ADR 0023: inside an open transaction the outer handle refuses queries instead of waiting for ever. */
const database = useTestDatabase();
const one = async (db: Db) =>
  ((await db.execute(sql`select 1 as one`)) as unknown as { rows: unknown[] }).rows[0];

describe("the outer handle inside an open transaction", () => {
  it("throws at once for db and raw queries, while the transaction's own tx works", async () => {
    const { db } = database();
    const seen = await db.transaction(async (tx) => {
      expect(() => db.select()).toThrow(QueryOutsideTransactionError);
      expect(() => db.execute(sql`select 1`)).toThrow(/pass the transaction's tx/);
      expect(() => db.query).toThrow(QueryOutsideTransactionError);
      expect(() => db.transaction(async () => {})).toThrow(QueryOutsideTransactionError);
      await expect(database().query("select 1")).rejects.toThrow(QueryOutsideTransactionError);
      return one(tx as unknown as Db);
    });
    expect(seen).toEqual({ one: 1 });
    expect(await one(db)).toEqual({ one: 1 });
  });

  it("lets work left running by the callback use the outer handle once the transaction ended", async () => {
    const { db } = database();
    let later: Promise<unknown> = Promise.resolve();
    await db.transaction(async () => {
      later = new Promise((r) => setTimeout(r, 20)).then(() => one(db));
    });
    expect(await later).toEqual({ one: 1 });
  });

  it("in the request's transaction the outer handle joins it, and a service's savepoint guards it too", async () => {
    const { db } = database();
    await inRequestTransaction(db, async () => {
      expect(await one(db)).toEqual({ one: 1 });
      await db.transaction(async (tx) => {
        expect(() => db.select()).toThrow(QueryOutsideTransactionError);
        expect(await one(tx as unknown as Db)).toEqual({ one: 1 });
      });
      expect(await one(db)).toEqual({ one: 1 });
    });
  });
});
