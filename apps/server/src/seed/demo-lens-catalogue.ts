import { eq, sql } from "drizzle-orm";
import { lensAddonCombinations, lenses, regionProducts } from "../modules/catalogue/catalogue.tables";
import { lensSuppliers } from "../modules/suppliers/suppliers.tables";
import type { Db } from "../platform/db/client";
import { seedRegionProducts } from "./demo-jobs";
import { demoTaxClass } from "./demo-tax-class";

/**
 * The demo's optical catalogue: more region products (frames only, office and bifocal glasses,
 * multifocal lenses-only, accessories) and the lenses they can be made with, shaped like a real
 * supplier price list: Hoya, Shamir, Essilor, Rodenstock, an in-house lab and Zeiss (which the
 * job edit always drops), single vision, multifocal, office and bifocal, several indices and coatings.
 */
const EXTRA_PRODUCTS = [
  {
    name: "Harper frame only",
    sku: "DEMO-HARPER-FRAME",
    kind: "frame" as const,
    productTypeKey: "frames",
    parentTypeKey: "frames",
    lensesType: null,
    requiresPrescription: false,
    priceMinor: 9900,
  },
  {
    name: "Ada frame + office lenses",
    sku: "DEMO-ADA-OFFICE",
    kind: "frame" as const,
    productTypeKey: "glasses",
    parentTypeKey: "glasses",
    lensesType: "desk",
    requiresPrescription: true,
    priceMinor: 29500,
  },
  {
    name: "Otto frame + bifocal lenses",
    sku: "DEMO-OTTO-BIFOCAL",
    kind: "frame" as const,
    productTypeKey: "glasses",
    parentTypeKey: "glasses",
    lensesType: "bifocal",
    requiresPrescription: true,
    priceMinor: 27500,
  },
  {
    name: "Multifocal lenses only (your frame)",
    sku: "DEMO-LENS-MF",
    kind: "lens" as const,
    productTypeKey: "lenses-only",
    parentTypeKey: "lenses-only",
    lensesType: "multifocal",
    requiresPrescription: true,
    priceMinor: 29500,
  },
  {
    name: "Lens cleaning kit",
    sku: "DEMO-CLEAN-KIT",
    kind: "addon" as const,
    productTypeKey: "accessories",
    parentTypeKey: "accessories",
    lensesType: null,
    requiresPrescription: false,
    priceMinor: 1500,
  },
];

type LensSeed = {
  supplier: string;
  name: string;
  type: "single-vision" | "multifocal" | "desk" | "bifocal";
  index: number;
  thickness: string;
  sph: [number, number];
  cyl: number;
  add?: [number, number];
  diameters: number[];
  warning?: string;
  colour?: string;
};

const L = (
  supplier: string,
  name: string,
  type: LensSeed["type"],
  index: number,
  sph: [number, number],
  cyl: number,
  diameters: number[],
  extra: Partial<LensSeed> = {},
): LensSeed => ({
  supplier,
  name,
  type,
  index,
  thickness:
    {
      1.5: "1.50 Standard",
      1.53: "1.53 Trivex",
      1.6: "1.60 Thin",
      1.67: "1.67 Extra thin",
      1.74: "1.74 Ultra thin",
    }[index] ?? `${index}`,
  sph,
  cyl,
  diameters,
  ...extra,
});

const ADD: [number, number] = [0.75, 3.5];
export const DEMO_LENSES: LensSeed[] = [
  L("HOYA", "Hoya Nulux 1.50", "single-vision", 1.5, [-6, 6], -4, [65, 70, 75]),
  L("HOYA", "Hoya Nulux 1.60", "single-vision", 1.6, [-10, 8], -4, [65, 70, 75]),
  L("HOYA", "Hoya Nulux 1.67", "single-vision", 1.67, [-12, 10], -6, [70, 75]),
  L("HOYA", "Hoya Nulux 1.74", "single-vision", 1.74, [-18, 10], -6, [65, 70], {
    warning: "Made to order: allow 10 business days.",
  }),
  L("SHAM", "Shamir Spectrum 1.60", "single-vision", 1.6, [-10, 6], -4, [65, 70]),
  L("ESS", "Essilor Eyezen 1.60", "single-vision", 1.6, [-8, 6], -4, [70, 75]),
  L("RODEN", "Rodenstock Perfalit 1.53", "single-vision", 1.53, [-6, 6], -3, [65, 70]),
  L("ZEISS", "Zeiss ClearView 1.60", "single-vision", 1.6, [-10, 8], -4, [70, 75]),
  L("HOYA", "Hoyalux iD MyStyle long", "multifocal", 1.6, [-10, 6], -4, [70, 75], { add: ADD }),
  L("HOYA", "Hoyalux iD LifeStyle", "multifocal", 1.67, [-12, 8], -4, [70, 75], { add: ADD }),
  L("HOYA", "Hoyalux Summit medium", "multifocal", 1.5, [-8, 6], -4, [70], { add: ADD }),
  L("SHAM", "Shamir Autograph medium", "multifocal", 1.6, [-10, 7], -4, [70, 75], { add: ADD }),
  L("SHAM", "Shamir Genesis", "multifocal", 1.5, [-8, 6], -4, [75], { add: ADD }),
  L("SHAM", "Shamir Autograph long", "multifocal", 1.67, [-12, 8], -6, [70, 75], { add: ADD }),
  L("ESS", "Essilor Varilux Comfort", "multifocal", 1.5, [-8, 6], -4, [70, 75], { add: ADD }),
  L("ZEISS", "Zeiss SmartLife Progressive", "multifocal", 1.6, [-10, 8], -4, [70, 75], { add: ADD }),
  L("HOYA", "Hoyalux Tact (office)", "desk", 1.5, [-6, 6], -4, [70], { add: [0.75, 3] }),
  L("SHAM", "Shamir Office", "desk", 1.6, [-8, 6], -4, [70, 75], { add: [0.75, 3] }),
  L("ZEISS", "Zeiss Officelens", "desk", 1.6, [-8, 6], -4, [70, 75], { add: [0.75, 3] }),
  L("LAB", "Flat-top 28 bifocal", "bifocal", 1.5, [-6, 6], -4, [70], { add: [1, 3.5] }),
  L("LAB", "Flat-top 28 bifocal, Transitions", "bifocal", 1.5, [-6, 6], -4, [70], {
    add: [1, 3.5],
    colour: "Grey",
  }),
];

/** A demo lens's supplier code (LNAM): its name's words shortened, as a lab's lens-style codes look. */
export const demoLensCode = (l: Pick<LensSeed, "name">) =>
  l.name
    .replace(/[^A-Za-z0-9. ]/g, " ")
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => (/^\d/.test(w) ? w.replace(".", "") : w.slice(0, 3).toUpperCase()))
    .join("-")
    .slice(0, 30);

const COATINGS = [
  { name: "hc", display: "Hard coat", price: 0 },
  { name: "ar", display: "Anti-reflection", price: 4900 },
  { name: "blue", display: "BlueControl", price: 7900 },
];

/** Adds the extra products, the lenses and every product's lens combinations; skipped once lenses exist. */
export async function seedLensCatalogue(db: Db): Promise<void> {
  await seedRegionProducts(db);
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(lenses);
  if (n > 0) return;
  for (const regionId of [1, 2, 5]) {
    const have = await db
      .select({ name: regionProducts.name })
      .from(regionProducts)
      .where(eq(regionProducts.regionId, regionId));
    const missing = EXTRA_PRODUCTS.filter((p) => !have.some((h) => h.name === p.name));
    if (missing.length)
      await db
        .insert(regionProducts)
        .values(missing.map((p) => ({ ...p, regionId, taxClass: demoTaxClass(regionId, p) })));
  }
  const suppliers = new Map((await db.select().from(lensSuppliers)).map((s) => [s.abbreviation, s.id]));
  const made = await db
    .insert(lenses)
    .values(
      DEMO_LENSES.map((l) => ({
        supplierId: suppliers.get(l.supplier)!,
        name: l.name,
        lensTypeKey: l.type,
        refractiveIndex: l.index,
        lensCode: demoLensCode(l),
        displayThickness: l.thickness,
        coating: "Hard coat",
        tint: l.colour ? "Photochromic" : null,
        colourName: l.colour ?? null,
        diameters: l.diameters,
        sphMin: l.sph[0],
        sphMax: l.sph[1],
        cylMin: l.cyl,
        addMin: l.add?.[0] ?? null,
        addMax: l.add?.[1] ?? null,
        warningMessage: l.warning ?? null,
      })),
    )
    .returning();
  await insertLensCombos(db, await db.select().from(regionProducts), made);
  await linkDemoItems(db);
}

/** Every lens-type product made with every lens of its type, in each coating, priced by index. */
export async function insertLensCombos(
  db: Db,
  products: (typeof regionProducts.$inferSelect)[],
  made: (typeof lenses.$inferSelect)[],
): Promise<void> {
  const combos: (typeof lensAddonCombinations.$inferInsert)[] = [];
  for (const p of products) {
    if (!p.lensesType) continue;
    for (const lens of made.filter((l) => l.lensTypeKey === p.lensesType)) {
      const indexPrice = Math.round((lens.refractiveIndex - 1.5) * 100) * 1000;
      for (const c of COATINGS) {
        combos.push({
          regionProductId: p.id,
          lensId: lens.id,
          coatingName: c.name,
          coatingDisplayName: c.display,
          tintDisplayName: lens.tint,
          priceMinor: indexPrice + c.price,
          warningMessage: lens.warningMessage,
        });
      }
    }
  }
  for (let i = 0; i < combos.length; i += 500)
    await db.insert(lensAddonCombinations).values(combos.slice(i, i + 500));
}

/**
 * Demo jobs were made from the first products; a share of their single-vision glasses become
 * office and bifocal glasses, so every lens type has jobs to edit. Deterministic (by item id).
 */
async function linkDemoItems(db: Db): Promise<void> {
  await db.execute(sql`
    update order_items oi set region_product_id = target.id
    from region_products src, region_products target
    where src.id = oi.region_product_id and src.name = 'Harper frame + lenses'
      and target.region_id = src.region_id
      and target.name = case when oi.id % 9 = 0 then 'Ada frame + office lenses'
                             when oi.id % 9 = 4 then 'Otto frame + bifocal lenses' end`);
}
