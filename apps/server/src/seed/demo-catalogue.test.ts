import { gtinCheckDigitValid } from "@loupe/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/test-app";
import { DEMO_CATALOGUE, seedDemoCatalogue } from "./demo-catalogue";
import { seedDemoJobs } from "./demo-jobs";
import { seedLensCatalogue } from "./demo-lens-catalogue";

/** The demo's catalogue (issue 44): real products per region beside the ones demo jobs use. */
let t: TestApp;
let sam: string;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoJobs(t.database.db, { customers: 0, jobs: 5 });
  await seedLensCatalogue(t.database.db);
  await seedDemoCatalogue(t.database.db);
  await seedDemoCatalogue(t.database.db); // a second run adds nothing
  sam = await t.login("sam@loupe.test");
}, 120_000);
afterAll(() => t.close());

const product = async (regionId: number, sku: string) =>
  (
    await t.database.query<{ tax_class: string; barcode: string | null; id: number; kind: string }>(
      "select id, tax_class, barcode, kind from region_products where region_id = $1 and sku = $2",
      [regionId, sku],
    )
  )[0];

describe("the demo catalogue", () => {
  it("has every product once in each region, frames with valid EAN-13 barcodes", async () => {
    const [{ n }] = await t.database.query<{ n: number }>(
      "select count(*)::int as n from region_products where sku = any($1)",
      [DEMO_CATALOGUE.map((p) => p.sku)],
    );
    expect(n).toBe(DEMO_CATALOGUE.length * 3);
    const frames = await t.database.query<{ barcode: string; colour: string; size: string }>(
      "select barcode, colour, size from region_products where kind = 'frame' and sku not like 'DEMO-%'",
    );
    expect(frames.length).toBe(21);
    for (const f of frames) {
      expect(gtinCheckDigitValid(f.barcode)).toBe(true);
      expect(f.barcode).toHaveLength(13);
      expect(f.colour && f.size).toBeTruthy();
    }
  });

  it("puts the tax class where each region's law does", async () => {
    expect((await product(1, "SVC-EYE-TEST")).tax_class).toBe("health"); // AU: GST-free
    expect((await product(2, "SVC-EYE-TEST")).tax_class).toBe("standard");
    expect((await product(5, "SVC-EYE-TEST")).tax_class).toBe("exempt");
    expect((await product(1, "HARP-52-TOR")).tax_class).toBe("standard");
    expect((await product(5, "HARP-52-TOR")).tax_class).toBe("health"); // CA: zero-rated eyewear
    expect((await product(5, "LENS-PROG-150")).tax_class).toBe("health");
    expect((await product(5, "SVC-REPAIR")).tax_class).toBe("standard");
    expect((await product(5, "DEMO-SUN")).tax_class).toBe("standard");
    expect((await product(5, "DEMO-HARPER-SV")).tax_class).toBe("health");
    expect((await product(1, "DEMO-CL-DAILY90")).kind).toBe("contact_lens");
  });

  it("finds a frame by its scanned barcode in the counter's region, and lens products have lenses to choose", async () => {
    const frame = await product(2, "MILO-50-CRY");
    const res = await t.call(sam, {
      method: "GET",
      url: `/api/staff/catalogue/products?barcode=${frame.barcode}&region_id=2`,
    });
    expect(res.json().data.map((p: { id: number }) => p.id)).toEqual([frame.id]);
    const prog = await product(1, "LENS-PROG-150");
    const [{ n, wrong }] = await t.database.query<{ n: number; wrong: number }>(
      `select count(*)::int as n, count(*) filter (where l.lens_type_key <> 'multifocal')::int as wrong
         from lens_addon_combinations c join lenses l on l.id = c.lens_id where c.region_product_id = $1`,
      [prog.id],
    );
    expect(n).toBeGreaterThan(0);
    expect(wrong).toBe(0);
  });
});
