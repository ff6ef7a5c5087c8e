import { asc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { outlets, regions } from "../../modules/reference/reference.tables";
import { useTestDatabase } from "../../test/test-app";
import { builtOnce } from "./built-once";
import { inRequestTransaction, QueryOutsideTransactionError } from "./request-transaction";

/** A select built once answers as the built-each-time one, on the handle of the call. */
const database = useTestDatabase();
const regionNamed = builtOnce(["name"], (db, { name }) =>
  db.select({ id: regions.id, name: regions.name }).from(regions).where(eq(regions.name, name)),
);

/** Every region with its outlets, left joined: a region without one has no outlet row. */
const regionsWithOutlets = (db: Parameters<Parameters<typeof builtOnce>[1]>[0]) =>
  db
    .select({
      region: regions,
      outlet: outlets,
      label: sql<string>`${regions.name} || ' / ' || coalesce(${outlets.abbreviation}, '-')`,
      // Text from the database, a number once decoded (mapWith).
      regionNumber: sql<number>`${regions.id}::text`.mapWith(Number),
    })
    .from(regions)
    .leftJoin(outlets, eq(outlets.regionId, regions.id))
    .orderBy(asc(regions.id), asc(outlets.id));
const regionsWithOutletsOnce = builtOnce([], (db) => regionsWithOutlets(db));

describe("a select built once", () => {
  it("maps rows as Drizzle does: nested objects, decoded values, a missing join's object null", async () => {
    const { db } = database();
    await db.insert(regions).values({
      id: 999,
      name: "Region without outlets",
      countryCode: "AU",
      defaultCurrency: "AUD",
      timezone: "Australia/Perth",
    });
    const drizzles = await regionsWithOutlets(db);
    const ours = await regionsWithOutletsOnce(db, {});
    expect(ours).toEqual(drizzles);
    const lonely = ours.find((r) => r.region.name === "Region without outlets");
    expect(lonely).toMatchObject({ outlet: null, label: "Region without outlets / -" });
    expect(lonely?.regionNumber).toBe(lonely?.region.id);
    expect(ours.filter((r) => r.outlet !== null).length).toBeGreaterThan(0);
  });

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
