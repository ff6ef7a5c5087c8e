import { CATALOGUE_MESSAGES, ean13 } from "@loupe/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app";

/**
 * The catalogue (issue 44, ADR 0056): administrators add, edit (version, stale → 409), retire and
 * import products; every staff member searches them by name, SKU or a scanned barcode.
 */
let t: TestApp;
let admin: string;
let sam: string;

const frame = (over: Record<string, unknown> = {}) => ({
  region_id: 1,
  name: "Harper 52 Tortoise",
  sku: "T-HARP-52-TOR",
  barcode: ean13("930000012345"),
  kind: "frame",
  colour: "Tortoise",
  size: "52-18-140",
  tax_class: "standard",
  price_minor: 19900,
  ...over,
});
const create = (token: string, body: Record<string, unknown>) =>
  t.call(token, { method: "POST", url: "/api/staff/catalogue/products", payload: body });
const search = (token: string, query: string) =>
  t.call(token, { method: "GET", url: `/api/staff/catalogue/products?${query}` });
const rowCount = async () =>
  (await t.database.query<{ n: number }>("select count(*)::int as n from region_products"))[0].n;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  sam = await t.login("sam@loupe.test");
}, 60_000);
afterAll(() => t.close());

describe("a product's life", () => {
  let id: number;
  let version: number;

  it("is added by an administrator with its spec type from its kind", async () => {
    const res = await create(admin, frame());
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      region_id: 1,
      sku: "T-HARP-52-TOR",
      kind: "frame",
      product_type_key: "frames",
      parent_type_key: "frames",
      tax_class: "standard",
      version: 1,
      retired_at: null,
    });
    ({ id, version } = data);
  });

  it("refuses a second product with the region's SKU, and a barcode the region already scans to another", async () => {
    const sku = await create(admin, frame({ barcode: null }));
    expect(sku.statusCode).toBe(422);
    expect(sku.json().errors.sku).toEqual([CATALOGUE_MESSAGES.skuTaken]);
    const barcode = await create(admin, frame({ sku: "T-OTHER" }));
    expect(barcode.statusCode).toBe(422);
    expect(barcode.json().errors.barcode).toEqual([CATALOGUE_MESSAGES.barcodeTaken("T-HARP-52-TOR")]);
    // Another region has its own row of the same product.
    expect((await create(admin, frame({ region_id: 2, price_minor: 21900 }))).statusCode).toBe(200);
  });

  it("names the field of bad input, never a 500", async () => {
    const res = await create(admin, frame({ sku: "T BAD", price_minor: -5, kind: "lens" }));
    expect(res.statusCode).toBe(422);
    const errors = res.json().errors;
    expect(errors.sku).toEqual([CATALOGUE_MESSAGES.sku]);
    expect(errors.price_minor).toEqual([CATALOGUE_MESSAGES.price]);
    expect(errors.lenses_type).toEqual([CATALOGUE_MESSAGES.lensTypeNeeded]);
  });

  it("is found by any staff member by name words, SKU start and an exact scanned barcode", async () => {
    const byName = await search(sam, "q=harper%20tortoise&region_id=1");
    expect(byName.statusCode, byName.body).toBe(200);
    expect(byName.json().data.map((p: { id: number }) => p.id)).toEqual([id]);
    expect(byName.json().meta.pagination).toMatchObject({ total: 1, current_page: 1, total_pages: 1 });
    expect((await search(sam, "q=t-harp-52")).json().data).toHaveLength(2);
    const scan = await search(sam, `barcode=${ean13("930000012345")}&region_id=1`);
    expect(scan.json().data.map((p: { sku: string }) => p.sku)).toEqual(["T-HARP-52-TOR"]);
    expect(
      (await search(sam, "q=%25")).json().data.every((p: { name: string }) => p.name.includes("%")),
    ).toBe(true);
    expect((await search(sam, "kind=service&q=harper")).json().data).toEqual([]);
  });

  it("is edited with its version; a stale edit gets 409 naming who saved first", async () => {
    const edit = (v: number, price: number) =>
      t.call(admin, {
        method: "PATCH",
        url: `/api/staff/catalogue/products/${id}`,
        payload: { ...frame({ price_minor: price }), region_id: undefined, version: v },
      });
    const ok = await edit(version, 20900);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ price_minor: 20900, version: version + 1 });
    const stale = await edit(version, 1);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().details.versionConflict).toMatchObject({
      record: "product",
      expected_version: version,
      current_version: version + 1,
      updated_by: { full_name: expect.any(String) },
    });
    const noVersion = await t.call(admin, {
      method: "PATCH",
      url: `/api/staff/catalogue/products/${id}`,
      payload: frame(),
    });
    expect(noVersion.statusCode).toBe(428);
    version += 1;
  });

  it("takes back what its read answered, unchanged but for the version", async () => {
    const read = (await t.call(admin, { method: "GET", url: `/api/staff/catalogue/products/${id}` })).json()
      .data;
    const res = await t.call(admin, {
      method: "PATCH",
      url: `/api/staff/catalogue/products/${id}`,
      payload: read,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect({ ...res.json().data, version: read.version }).toEqual(read);
    version = res.json().data.version;
  });

  it("is retired, never deleted: gone from the search, still read by id; then restored", async () => {
    const retired = await t.call(admin, {
      method: "POST",
      url: `/api/staff/catalogue/products/${id}/retire`,
      payload: { version },
    });
    expect(retired.statusCode, retired.body).toBe(200);
    expect(retired.json().data.retired_at).not.toBeNull();
    version = retired.json().data.version;
    expect((await search(sam, "q=T-HARP-52&region_id=1")).json().data).toEqual([]);
    expect((await search(sam, "q=T-HARP-52&region_id=1&include_retired=true")).json().data).toHaveLength(1);
    const read = await t.call(sam, { method: "GET", url: `/api/staff/catalogue/products/${id}` });
    expect(read.statusCode).toBe(200);
    const restored = await t.call(admin, {
      method: "POST",
      url: `/api/staff/catalogue/products/${id}/restore`,
      payload: { version },
    });
    expect(restored.json().data.retired_at).toBeNull();
  });

  it("is refused to a staff member who is not an administrator (403), and nothing changes", async () => {
    const before = await rowCount();
    const res = await create(sam, frame({ sku: "T-SAM" }));
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(CATALOGUE_MESSAGES.adminOnly);
    const imported = await t.call(sam, {
      method: "POST",
      url: "/api/staff/catalogue/import",
      payload: { csv: "region,sku,name,kind,price\r\nAU,T-SAM,Sam's frame,frame,10\r\n" },
    });
    expect(imported.statusCode).toBe(403);
    const retire = await t.call(sam, {
      method: "POST",
      url: `/api/staff/catalogue/products/${id}/retire`,
      payload: { version },
    });
    expect(retire.statusCode).toBe(403);
    expect(await rowCount()).toBe(before);
  });
});

describe("the CSV import", () => {
  const header =
    "Region,SKU,Name,Kind,Price,Barcode,Colour,Size,Tax class,Requires prescription,Lenses type\r\n";
  const importCsv = (csv: string, dryRun = false) =>
    t.call(admin, { method: "POST", url: "/api/staff/catalogue/import", payload: { csv, dry_run: dryRun } });
  const good =
    `${header}AU,I-EYE-TEST,Comprehensive eye test,service,95,,,,health,no,\r\n` +
    `NZ,I-SV-150,"Single vision 1.50, hard coat",lens,120.00,,,,standard,yes,single-vision\r\n` +
    `CA,I-MILO-50,Milo 50 Black,frame,149,${ean13("930000054321")},Black,50-20-145,health,no,\r\n`;

  it("checks without writing on a dry run, then writes every row", async () => {
    const before = await rowCount();
    const dry = await importCsv(good, true);
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json().data).toEqual({ dry_run: true, rows: 3, created: 3, updated: 0 });
    expect(await rowCount()).toBe(before);
    const real = await importCsv(good);
    expect(real.statusCode, real.body).toBe(200);
    expect(real.json().message).toBe(CATALOGUE_MESSAGES.imported(3, 0));
    expect(await rowCount()).toBe(before + 3);
    const [lens] = await t.database.query<Record<string, unknown>>(
      "select name, price_minor, kind, lenses_type, parent_type_key, tax_class from region_products where sku = 'I-SV-150'",
    );
    expect(lens).toEqual({
      name: "Single vision 1.50, hard coat",
      price_minor: 12000,
      kind: "lens",
      lenses_type: "single-vision",
      parent_type_key: "lenses-only",
      tax_class: "standard",
    });
  });

  it("updates a region's SKU in place rather than adding it again", async () => {
    const before = await rowCount();
    const res = await importCsv(
      `${header}AU,I-EYE-TEST,Comprehensive eye test,service,99.50,,,,health,no,\r\n`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ created: 0, updated: 1 });
    expect(await rowCount()).toBe(before);
    const [row] = await t.database.query<{ price_minor: number; version: number }>(
      "select price_minor, version from region_products where sku = 'I-EYE-TEST'",
    );
    expect(row).toEqual({ price_minor: 9950, version: 2 });
  });

  it("writes nothing when one row fails, naming every bad cell by row and column", async () => {
    const before = await rowCount();
    const csv =
      `${header}AU,I-NEW-1,New frame one,frame,99,,,,,no,\r\n` +
      `AU,I-NEW-2,,frame,ten,,,,,no,\r\n` +
      `XX,I-NEW-3,New frame three,widget,10,,,,,no,\r\n` +
      `CA,I-NEW-4,Clash,frame,10,${ean13("930000054321")},,,,no,\r\n`;
    const res = await importCsv(csv);
    expect(res.statusCode).toBe(422);
    const errors = res.json().errors;
    expect(errors).toEqual({
      "rows.3.name": ["Row 3, name: The name field is required."],
      "rows.3.price": [`Row 3, price: ${CATALOGUE_MESSAGES.price}`],
      "rows.4.region": [`Row 4, region: ${CATALOGUE_MESSAGES.unknownRegion}`],
      "rows.4.kind": [
        "Row 4, kind: The kind field must be one of frame, lens, contact_lens, service, addon.",
      ],
      "rows.5.barcode": [`Row 5, barcode: ${CATALOGUE_MESSAGES.barcodeTaken("I-MILO-50")}`],
    });
    expect(await rowCount()).toBe(before);
    const [{ n }] = await t.database.query<{ n: number }>(
      "select count(*)::int as n from region_products where sku = 'I-NEW-1'",
    );
    expect(n).toBe(0);
  });

  it("makes each region's SKU once when the same file is imported five times at once", async () => {
    const before = await rowCount();
    const csv = `${header}AU,I-PAR-1,Parallel one,addon,5,,,,,no,\r\nNZ,I-PAR-1,Parallel one,addon,6,,,,,no,\r\n`;
    const answers = await Promise.all(Array.from({ length: 5 }, () => importCsv(csv)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(await rowCount()).toBe(before + 2);
  });

  it("refuses a file without the required columns", async () => {
    const res = await importCsv("sku,name\r\nX,Y\r\n");
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.file).toEqual([CATALOGUE_MESSAGES.csvColumns(["region", "kind", "price"])]);
  });
});
