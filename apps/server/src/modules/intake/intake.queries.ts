// What the intake reads of other modules' tables (catalogue SKUs, customers for the match, outlets
// and regions), read-only; the intake writes only its own tables and reaches others through their
// index.ts (jobs, customers).

import type { MatchKey } from "@loupe/domain";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { regionProducts } from "../catalogue/catalogue.tables";
import { customers } from "../customers/customers.tables";
import { referenceData } from "../reference";

/** The region's products with these SKUs (the catalogue's one SKU per region), by SKU. */
export async function productsBySku(db: Db, regionId: number, skus: string[]) {
  if (!skus.length) return new Map<string, { id: number; name: string }>();
  const rows = await db
    .select({ id: regionProducts.id, sku: regionProducts.sku, name: regionProducts.name })
    .from(regionProducts)
    .where(and(eq(regionProducts.regionId, regionId), inArray(regionProducts.sku, skus)));
  return new Map(rows.map((r) => [r.sku as string, { id: r.id, name: r.name }]));
}

/** Every SKU of a region's catalogue: what the stand-ins sell. */
export async function regionSkus(db: Db, regionId: number): Promise<string[]> {
  const rows = await db
    .select({ sku: regionProducts.sku })
    .from(regionProducts)
    .where(and(eq(regionProducts.regionId, regionId), sql`${regionProducts.sku} is not null`))
    .orderBy(regionProducts.id)
    .limit(500);
  return rows.map((r) => r.sku as string);
}

/** The customers one key of the matching rule finds (at most a handful: several means a person decides). */
export async function customersByKey(db: Db, key: MatchKey): Promise<number[]> {
  const where =
    key.by === "email"
      ? sql`lower(${customers.email}) = ${key.email}`
      : key.by === "mobile"
        ? inArray(sql`regexp_replace(coalesce(${customers.mobile}, ''), '[^0-9]', '', 'g')`, key.digitForms)
        : and(
            sql`lower(${customers.firstName}) = ${key.firstName.toLowerCase()}`,
            sql`lower(${customers.lastName}) = ${key.lastName.toLowerCase()}`,
            eq(customers.dob, key.dateOfBirth),
          );
  const rows = await db
    .select({ id: customers.id })
    .from(customers)
    .where(where)
    .orderBy(customers.id)
    .limit(10);
  return rows.map((r) => r.id);
}

export async function customerExists(db: Db, id: number): Promise<boolean> {
  const [row] = await db.select({ id: customers.id }).from(customers).where(eq(customers.id, id));
  return !!row;
}

/** Candidates as the screen shows them (masked by the service). */
export async function candidateRows(db: Db, ids: number[]) {
  if (!ids.length) return [];
  return db
    .select({
      id: customers.id,
      firstName: customers.firstName,
      lastName: customers.lastName,
      email: customers.email,
      mobile: customers.mobile,
      dob: customers.dob,
    })
    .from(customers)
    .where(inArray(customers.id, ids))
    .orderBy(customers.id);
}

// Outlets and regions come from the process's reference copy (at most 30 s old, ADR 0043): a sale
// asks for them several times, and at 50 deliveries a second each statement counts.

/** The region's active outlets: the candidates for a source outlet, and the one-outlet default. */
export async function activeOutletsOf(db: Db, regionId: number) {
  const { outlets } = await referenceData(db);
  return outlets
    .filter((o) => o.regionId === regionId && o.isActive)
    .map((o) => ({ id: o.id, name: o.name, abbreviation: o.abbreviation }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

export async function outletById(db: Db, id: number) {
  const o = (await referenceData(db)).outlets.find((x) => x.id === id);
  return o
    ? { id: o.id, name: o.name, regionId: o.regionId, isActive: o.isActive, timeZone: o.timeZone }
    : null;
}

export async function outletNames(db: Db, ids: number[]) {
  const { outlets } = await referenceData(db);
  return new Map(outlets.filter((o) => ids.includes(o.id)).map((o) => [o.id, o.name]));
}

export async function regionFacts(db: Db, regionId: number) {
  const r = (await referenceData(db)).regions.find((x) => x.id === regionId);
  return r ? { countryCode: r.countryCode, currency: r.defaultCurrency, timeZone: r.timezone } : null;
}
