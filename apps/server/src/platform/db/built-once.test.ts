import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { regions } from "../../modules/reference/reference.tables";
import { useTestDatabase } from "../../test/test-app";
import { builtOnce } from "./built-once";
import { inRequestTransaction, QueryOutsideTransactionError } from "./request-transaction";

/** A select built once answers as the built-each-time one, on the handle of the call. */
const database = useTestDatabase();
const regionNamed = builtOnce(["name"], (db, { name }) =>
  db.select({ id: regions.id, name: regions.name }).from(regions).where(eq(regions.name, name)),
);

describe("a select built once", () => {
  it("answers each call's values as the same select built each time", async () => {
    const { db } = database();
    const all = await db.select({ id: regions.id, name: regions.name }).from(regions);
    for (const r of all.slice(0, 3)) expect(await regionNamed(db, { name: r.name })).toEqual([r]);
    expect(await regionNamed(db, { name: "no such region" })).toEqual([]);
  });

  it("reads in the request's transaction, and is refused inside a service's own", async () => {
    const { db } = database();
    const [any] = await db.select().from(regions).limit(1);
    await inRequestTransaction(db, async () => {
      await db.update(regions).set({ name: "Renamed in the transaction" }).where(eq(regions.id, any.id));
      expect(await regionNamed(db, { name: "Renamed in the transaction" })).toEqual([
        { id: any.id, name: "Renamed in the transaction" },
      ]);
      await db.transaction(async () => {
        await expect(regionNamed(db, { name: any.name })).rejects.toThrow(QueryOutsideTransactionError);
      });
      await db.update(regions).set({ name: any.name }).where(eq(regions.id, any.id));
    });
  });
});
