import { describe, expect, it } from "vitest";
import { CATALOGUE_MESSAGES } from "./catalogue-kinds";
import {
  barcodeValid,
  checkCatalogueCsv,
  ean13,
  gtinCheckDigitValid,
  priceTextToMinor,
  productSchema,
  productTypeKeys,
} from "./catalogue-rules";
import { parseCsv } from "./csv";

const frame = {
  region_id: 1,
  name: "Harper 52 Tortoise",
  sku: "HARP-52-TOR",
  barcode: "9300000000019",
  kind: "frame",
  colour: "Tortoise",
  size: "52-18-140",
  tax_class: "standard",
  price_minor: 19900,
};
const regions: Record<string, number> = { AU: 1, NZ: 2, CA: 5 };
const regionIdOf = (t: string) =>
  regions[t.toUpperCase()] ?? (/^\d+$/.test(t) && [1, 2, 5].includes(Number(t)) ? Number(t) : null);

describe("barcodes", () => {
  it("takes EAN-13, UPC-A and EAN-8 only with their check digit", () => {
    expect(gtinCheckDigitValid("4006381333931")).toBe(true); // a real EAN-13
    expect(gtinCheckDigitValid("4006381333932")).toBe(false);
    expect(gtinCheckDigitValid("036000291452")).toBe(true); // UPC-A
    expect(gtinCheckDigitValid("96385074")).toBe(true); // EAN-8
    expect(barcodeValid("4006381333939")).toBe(false);
    expect(barcodeValid("LOUPE-0001")).toBe(true);
    expect(barcodeValid("ab")).toBe(false);
  });

  it("completes a 12-digit body with its check digit", () => {
    expect(ean13("400638133393")).toBe("4006381333931");
    expect(gtinCheckDigitValid(ean13("930000000123"))).toBe(true);
  });
});

describe("prices typed in a file", () => {
  it("reads dollars and cents as minor units", () => {
    expect(priceTextToMinor("129.95")).toBe(12995);
    expect(priceTextToMinor("$1,299")).toBe(129900);
    expect(priceTextToMinor("0.5")).toBe(50);
    expect(priceTextToMinor("12.345")).toBeNull();
    expect(priceTextToMinor("-3")).toBeNull();
    expect(priceTextToMinor("abc")).toBeNull();
  });
});

describe("a product", () => {
  it("passes the form's rules and gets its spec type from its kind", () => {
    const v = productSchema.parse(frame);
    expect(v.barcode).toBe("9300000000019");
    expect(productTypeKeys(v)).toEqual({ productTypeKey: "frames", parentTypeKey: "frames" });
    expect(productTypeKeys({ ...v, lenses_type: "single-vision" })).toEqual({
      productTypeKey: "glasses",
      parentTypeKey: "glasses",
    });
    expect(productTypeKeys({ ...v, kind: "lens", lenses_type: "multifocal" }).parentTypeKey).toBe(
      "lenses-only",
    );
  });

  it("names the field for a bad SKU, barcode, price or missing name", () => {
    const r = productSchema.safeParse({
      ...frame,
      sku: "HAR P",
      barcode: "9300000000018",
      price_minor: -1,
      name: " ",
    });
    expect(r.success).toBe(false);
    const fields = Object.fromEntries(r.error!.issues.map((i) => [i.path[0], i.message]));
    expect(fields.sku).toBe(CATALOGUE_MESSAGES.sku);
    expect(fields.barcode).toBe(CATALOGUE_MESSAGES.barcode);
    expect(fields.price_minor).toBe(CATALOGUE_MESSAGES.price);
    expect(fields.name).toBe("The name field is required.");
  });

  it("asks a lens for its lens type and a prescription; a service may not carry a lens type", () => {
    const lens = productSchema.safeParse({ ...frame, kind: "lens", lenses_type: null });
    expect(lens.error?.issues.map((i) => i.path[0])).toEqual(["lenses_type", "requires_prescription"]);
    const service = productSchema.safeParse({
      ...frame,
      kind: "service",
      lenses_type: "single-vision",
      requires_prescription: true,
    });
    expect(service.error?.issues[0].message).toBe(CATALOGUE_MESSAGES.lensTypeNotHere);
  });
});

describe("the CSV import's check", () => {
  const file = (rows: string) =>
    parseCsv(
      `\uFEFFRegion,SKU,Name,Kind,Price,Barcode,Tax class,Requires prescription,Lenses type\r\n${rows}`,
    );

  it("turns good rows into products, numbered as a spreadsheet shows them", () => {
    const { products, errors } = checkCatalogueCsv(
      file(
        'AU,EYE-TEST,"Eye test, comprehensive",service,95,,health,no,\r\nCA,SV-160,Single vision 1.60,lens,"1,120.00",,health,yes,single-vision\r\n',
      ),
      regionIdOf,
    );
    expect(errors).toEqual({});
    expect(products.map((p) => [p.row, p.value.region_id, p.value.name, p.value.price_minor])).toEqual([
      [2, 1, "Eye test, comprehensive", 9500],
      [3, 5, "Single vision 1.60", 112000],
    ]);
  });

  it("names every bad cell by row and column, and a repeated SKU by its first row", () => {
    const { errors } = checkCatalogueCsv(
      file(
        "AU,F-1,Frame one,frame,99,,standard,no,\r\nXX,F-2,,gadget,ten,123,weird,maybe,\r\nAU,F-1,Frame again,frame,10,,,no,\r\n",
      ),
      regionIdOf,
    );
    expect(Object.keys(errors).sort()).toEqual([
      "rows.3.barcode",
      "rows.3.kind",
      "rows.3.name",
      "rows.3.price",
      "rows.3.region",
      "rows.3.requires_prescription",
      "rows.3.tax_class",
      "rows.4.sku",
    ]);
    expect(errors["rows.3.region"]).toEqual([`Row 3, region: ${CATALOGUE_MESSAGES.unknownRegion}`]);
    expect(errors["rows.3.name"]).toEqual(["Row 3, name: The name field is required."]);
    expect(errors["rows.4.sku"]).toEqual([`Row 4, sku: ${CATALOGUE_MESSAGES.duplicateRow(2)}`]);
  });

  it("refuses a file without its required columns or rows", () => {
    expect(checkCatalogueCsv(parseCsv("sku,name\r\nA,B\r\n"), regionIdOf).errors.file[0]).toBe(
      CATALOGUE_MESSAGES.csvColumns(["region", "kind", "price"]),
    );
    expect(checkCatalogueCsv(file(""), regionIdOf).errors.file[0]).toBe(CATALOGUE_MESSAGES.csvEmpty);
  });
});

describe("parseCsv", () => {
  it("reads quoted cells with commas, doubled quotes and line breaks, CRLF or LF", () => {
    expect(parseCsv('a,"b, c","say ""hi"""\n"two\r\nlines",x\r\n')).toEqual([
      ["a", "b, c", 'say "hi"'],
      ["two\r\nlines", "x"],
    ]);
    expect(parseCsv("a,b")).toEqual([["a", "b"]]);
    expect(parseCsv("a,\n")).toEqual([["a", ""]]);
  });
});
