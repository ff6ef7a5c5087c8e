import { ean13, type ProductKind, productTypeKeys } from "@loupe/domain";
import { and, eq, inArray, sql } from "drizzle-orm";
import { lenses, regionProducts } from "../modules/catalogue/catalogue.tables";
import type { Db } from "../platform/db/client";
import { insertLensCombos } from "./demo-lens-catalogue";
import { demoTaxClass } from "./demo-tax-class";

/**
 * A small real catalogue per region (issue 44) beside the products the demo jobs were made of:
 * frames in their colours and sizes with EAN-13 barcodes (the counter scans them), single-vision
 * and progressive lens products, contact lenses, an eye test and a repair, add-ons. Prices are in
 * each region's currency (AU/NZ with GST, CA before tax). Idempotent: a region's SKU is added once.
 */
interface DemoProduct {
  sku: string;
  name: string;
  kind: ProductKind;
  colour?: string;
  size?: string;
  /** AUD, NZD, CAD in dollars. */
  price: [number, number, number];
  requiresPrescription?: boolean;
  lensesType?: "single-vision" | "multifocal";
  /** The barcode's item digits (the chain's GS1 prefix 9312345 before them). */
  item?: number;
}

const FRAMES: DemoProduct[] = [
  { sku: "HARP-52-TOR", name: "Harper 52 Tortoise", colour: "Tortoise", size: "52-18-140", item: 10011 },
  { sku: "HARP-54-BLK", name: "Harper 54 Black", colour: "Black", size: "54-18-145", item: 10028 },
  { sku: "MILO-50-MBK", name: "Milo 50 Matte Black", colour: "Matte black", size: "50-20-145", item: 10035 },
  { sku: "MILO-50-CRY", name: "Milo 50 Crystal", colour: "Crystal", size: "50-20-145", item: 10042 },
  { sku: "ADA-51-RGD", name: "Ada 51 Rose Gold", colour: "Rose gold", size: "51-19-140", item: 10059 },
  { sku: "OTTO-53-NVY", name: "Otto 53 Navy", colour: "Navy", size: "53-17-145", item: 10066 },
  { sku: "LUNA-49-HNY", name: "Luna 49 Honey", colour: "Honey", size: "49-20-135", item: 10073 },
].map((f) => ({ ...f, kind: "frame" as const, price: [189, 199, 169] as [number, number, number] }));

const OTHERS: DemoProduct[] = [
  {
    sku: "LENS-SV-150",
    name: "Single vision lenses 1.50",
    kind: "lens",
    price: [129, 139, 119],
    requiresPrescription: true,
    lensesType: "single-vision",
  },
  {
    sku: "LENS-SV-160",
    name: "Single vision lenses 1.60 thin",
    kind: "lens",
    price: [199, 215, 179],
    requiresPrescription: true,
    lensesType: "single-vision",
  },
  {
    sku: "LENS-PROG-150",
    name: "Progressive lenses 1.50",
    kind: "lens",
    price: [349, 369, 319],
    requiresPrescription: true,
    lensesType: "multifocal",
  },
  {
    sku: "LENS-PROG-167",
    name: "Progressive lenses 1.67 extra thin",
    kind: "lens",
    price: [549, 579, 499],
    requiresPrescription: true,
    lensesType: "multifocal",
  },
  {
    sku: "CL-DAILY-30",
    name: "Daily contact lenses (30 pack)",
    kind: "contact_lens",
    price: [39, 42, 35],
    requiresPrescription: true,
    item: 20018,
  },
  {
    sku: "CL-MONTH-6",
    name: "Monthly contact lenses (6 pack)",
    kind: "contact_lens",
    price: [69, 74, 62],
    requiresPrescription: true,
    item: 20025,
  },
  { sku: "SVC-EYE-TEST", name: "Comprehensive eye test", kind: "service", price: [95, 85, 110] },
  { sku: "SVC-REPAIR", name: "Frame repair (solder or hinge)", kind: "service", price: [45, 49, 40] },
  { sku: "ADD-AR", name: "Anti-reflection coating", kind: "addon", price: [59, 65, 55] },
  { sku: "ADD-TRANS", name: "Transitions (light-reactive) upgrade", kind: "addon", price: [149, 159, 139] },
  { sku: "ADD-CASE", name: "Hard case", kind: "addon", price: [15, 15, 14], item: 30015 },
];

export const DEMO_CATALOGUE: DemoProduct[] = [...FRAMES, ...OTHERS];
const REGIONS = [1, 2, 5] as const;

/** The product's EAN-13: the demo chain's prefix, the item, and the region's digit (one per region row). */
export const demoBarcode = (item: number, regionIndex: number) =>
  ean13(`9312345${String(item).padStart(5, "0")}`.slice(0, 11) + String(regionIndex));

export async function seedDemoCatalogue(db: Db): Promise<void> {
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(regionProducts)
    .where(
      inArray(
        regionProducts.sku,
        DEMO_CATALOGUE.map((p) => p.sku),
      ),
    );
  if (n > 0) return;
  const rows = REGIONS.flatMap((regionId, r) =>
    DEMO_CATALOGUE.map((p) => {
      const lensesType = p.lensesType ?? null;
      const values = {
        regionId,
        sku: p.sku,
        name: p.name,
        kind: p.kind,
        colour: p.colour ?? null,
        size: p.size ?? null,
        barcode: p.item ? demoBarcode(p.item, r) : null,
        priceMinor: p.price[r] * 100,
        requiresPrescription: p.requiresPrescription ?? false,
        lensesType,
        ...productTypeKeys({
          kind: p.kind,
          lenses_type: lensesType,
          product_type_key: null,
          parent_type_key: null,
        }),
      };
      return { ...values, taxClass: demoTaxClass(regionId, values) };
    }),
  );
  const made = await db.insert(regionProducts).values(rows).returning();
  // The lens products are made with the supplier lenses of their type, as the older products are.
  const lensRows = await db.select().from(lenses);
  if (lensRows.length) await insertLensCombos(db, made, lensRows);
}

/** The region's row of a demo SKU (tests and the journey find products by it). */
export async function demoProductId(db: Db, regionId: number, sku: string): Promise<number> {
  const [row] = await db
    .select({ id: regionProducts.id })
    .from(regionProducts)
    .where(and(eq(regionProducts.regionId, regionId), eq(regionProducts.sku, sku)));
  return row.id;
}
