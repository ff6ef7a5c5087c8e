import { eq, inArray, sql } from "drizzle-orm";
import { outlets } from "../modules/reference/reference.tables";
import {
  lensSuppliers,
  supplierContacts,
  supplierDeliveryOutlets,
} from "../modules/suppliers/suppliers.tables";
import type { Db } from "../platform/db/client";

type Channel = "email" | "file_drop" | "api";
const C = (
  first: string,
  last: string,
  channel: Channel,
  extra: { mail?: string; dropFolder?: string } = {},
) => ({
  firstName: first,
  lastName: last,
  channel,
  mail: extra.mail ?? null,
  dropFolder: extra.dropFolder ?? null,
});

/** Per supplier abbreviation: how each region reaches it. Shamir and Essilor list no e-mail contacts (§9). */
const CONTACTS: Record<string, ReturnType<typeof C>[]> = {
  HOYA: [
    C("Hoya", "automatic interface", "api", { mail: "orders@api.hoya.example" }),
    C("Priya", "Nair", "email", { mail: "rx-orders@hoya.example" }),
  ],
  SHAM: [C("Shamir", "automatic interface", "api", { mail: "orders@api.shamir.example" })],
  ESS: [C("Essilor", "lab system", "file_drop", { dropFolder: "essilor" })],
  RODEN: [C("Tom", "Becker", "email", { mail: "orders@rodenstock.example" })],
  LAB: [
    C("Service", "Centre", "email", { mail: "lab@loupe.test" }),
    C("Service Centre", "lab system", "file_drop", { dropFolder: "service-centre" }),
  ],
};
/** The outlet each supplier delivers to by default, per region (§9): the service centre's outlet. */
const DELIVERY: Record<string, Record<number, string>> = {
  HOYA: { 1: "PAR", 2: "PON" },
  SHAM: { 1: "PAR" },
  LAB: { 1: "NTN" },
};

/** Demo supplier contacts and default delivery outlets for every region. Skipped when contacts exist. */
export async function seedDemoSupplierContacts(db: Db): Promise<void> {
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(supplierContacts);
  if (n > 0) return;
  const suppliers = await db.select().from(lensSuppliers);
  const regionIds = [1, 2, 5, 6];
  for (const s of suppliers) {
    const list = CONTACTS[s.abbreviation] ?? [];
    if (!list.length) continue;
    await db
      .insert(supplierContacts)
      .values(regionIds.flatMap((regionId) => list.map((c) => ({ ...c, supplierId: s.id, regionId }))));
  }
  const abbreviations = [...new Set(Object.values(DELIVERY).flatMap((m) => Object.values(m)))];
  const outletRows = await db.select().from(outlets).where(inArray(outlets.abbreviation, abbreviations));
  for (const [abbr, byRegion] of Object.entries(DELIVERY)) {
    const [s] = await db.select().from(lensSuppliers).where(eq(lensSuppliers.abbreviation, abbr));
    if (!s) continue;
    const values = Object.entries(byRegion).flatMap(([regionId, outletAbbr]) => {
      const o = outletRows.find((r) => r.abbreviation === outletAbbr);
      return o ? [{ supplierId: s.id, regionId: Number(regionId), outletId: o.id }] : [];
    });
    if (values.length) await db.insert(supplierDeliveryOutlets).values(values).onConflictDoNothing();
  }
}
