import { z } from "zod";
import {
  CATALOGUE_CSV_REQUIRED,
  CATALOGUE_MESSAGES,
  defaultTypeKey,
  LENS_TYPE_KEYS,
  PRODUCT_KINDS,
  type ProductKind,
  TAX_CLASSES,
} from "./catalogue-kinds";
import { INT32_MAX } from "./column-limits";
import { rowId } from "./input-rules";
import { messages } from "./messages";

// The catalogue (issue 44, ADR 0056): one product's row in one region, with its price in minor
// units (AU/NZ tax-inclusive, CA before tax) and the tax class the quote's pricing reads. The
// Catalogue screen's form and the CSV import check a product with the same rules, here.

/** The most a product costs in minor units (a frame at 10 million dollars is a typo). */
export const PRICE_MINOR_MAX = 100_000_000;
export const CATALOGUE_IMPORT_MAX_ROWS = 5000;

/** Whether digits end in a valid GS1 check digit (EAN-8, UPC-A, EAN-13, GTIN-14). */
export function gtinCheckDigitValid(digits: string): boolean {
  if (!/^\d+$/.test(digits) || ![8, 12, 13, 14].includes(digits.length)) return false;
  const body = digits.slice(0, -1);
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const d = Number(body[body.length - 1 - i]);
    sum += i % 2 === 0 ? d * 3 : d;
  }
  return (10 - (sum % 10)) % 10 === Number(digits.at(-1));
}

/** The check digit that completes a 12-digit EAN-13 body (the demo seed makes its barcodes with it). */
export function ean13(body12: string): string {
  for (let d = 0; d <= 9; d++) if (gtinCheckDigitValid(`${body12}${d}`)) return `${body12}${d}`;
  throw new Error("not a 12-digit body");
}

/**
 * A scanned or typed barcode: all digits of a GS1 length must carry a valid check digit (a
 * misread scan is refused, not stored); the chain's own codes are 4 to 32 letters, digits and dashes.
 */
export function barcodeValid(code: string): boolean {
  if (/^\d+$/.test(code) && [8, 12, 13, 14].includes(code.length)) return gtinCheckDigitValid(code);
  return /^[A-Za-z0-9-]{4,32}$/.test(code);
}

/** "129.95", "$129.95", "1,299" as minor units; null when it is not an amount with at most two decimals. */
export function priceTextToMinor(text: string): number | null {
  const t = text
    .trim()
    .replace(/^\$/, "")
    .replace(/,(?=\d{3}(\D|$))/g, "");
  if (!/^\d+(\.\d{1,2})?$/.test(t)) return null;
  const [whole, cents = ""] = t.split(".");
  const minor = Number(whole) * 100 + Number(cents.padEnd(2, "0"));
  return minor <= PRICE_MINOR_MAX ? minor : null;
}

const text = (field: string, max: number) =>
  z
    .string({ error: messages.required(field) })
    .trim()
    .min(1, messages.required(field))
    .max(max, messages.maxLength(field, max));
const optional = (field: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, messages.maxLength(field, max))
    .nullish()
    .transform((v) => v || null);

const productFields = {
  region_id: rowId(),
  name: text("name", 150),
  sku: text("sku", 40).regex(/^[A-Za-z0-9._-]+$/, CATALOGUE_MESSAGES.sku),
  barcode: optional("barcode", 32).refine((v) => v === null || barcodeValid(v), CATALOGUE_MESSAGES.barcode),
  kind: z.enum(PRODUCT_KINDS, { error: messages.required("kind") }),
  colour: optional("colour", 60),
  size: optional("size", 30),
  tax_class: z.enum(TAX_CLASSES, { error: messages.required("tax class") }),
  price_minor: z
    .number({ error: messages.required("price") })
    .int(CATALOGUE_MESSAGES.price)
    .min(0, CATALOGUE_MESSAGES.price)
    .max(Math.min(PRICE_MINOR_MAX, INT32_MAX), CATALOGUE_MESSAGES.price),
  requires_prescription: z.boolean().default(false),
  lenses_type: z
    .enum(LENS_TYPE_KEYS)
    .nullish()
    .transform((v) => v ?? null),
  product_type_key: optional("product type", 40),
  parent_type_key: optional("parent type", 40),
};

/** The rules across fields: a lens needs its lens type; only frames and lenses carry one; lenses need an Rx. */
function crossFieldIssues(
  v: { kind: ProductKind; lenses_type: string | null; requires_prescription: boolean },
  ctx: z.RefinementCtx,
) {
  if (v.kind === "lens" && !v.lenses_type)
    ctx.addIssue({ code: "custom", path: ["lenses_type"], message: CATALOGUE_MESSAGES.lensTypeNeeded });
  if (v.lenses_type && v.kind !== "frame" && v.kind !== "lens")
    ctx.addIssue({ code: "custom", path: ["lenses_type"], message: CATALOGUE_MESSAGES.lensTypeNotHere });
  if ((v.kind === "lens" || v.kind === "contact_lens" || v.lenses_type) && !v.requires_prescription)
    ctx.addIssue({
      code: "custom",
      path: ["requires_prescription"],
      message: CATALOGUE_MESSAGES.prescriptionNeeded,
    });
}

/** A product as the form and the import send it to create it. */
export const productSchema = z.object(productFields).superRefine(crossFieldIssues);
export type ProductInput = z.input<typeof productSchema>;
export type ProductValues = z.output<typeof productSchema>;

/** An edit: every field but the region (a product's row belongs to its region for good). */
const { region_id: _region, ...editFields } = productFields;
export const productEditSchema = z.object(editFields).superRefine(crossFieldIssues);
export type ProductEditInput = z.input<typeof productEditSchema>;
export type ProductEditValues = z.output<typeof productEditSchema>;

/** The type keys a product is stored with: as given, else the kind's default. */
export function productTypeKeys(
  v: Pick<ProductValues, "kind" | "lenses_type" | "product_type_key" | "parent_type_key">,
) {
  const productTypeKey = v.product_type_key ?? defaultTypeKey(v.kind, v.lenses_type);
  return { productTypeKey, parentTypeKey: v.parent_type_key ?? productTypeKey };
}

// ---------------------------------------------------------------------------------------------
// The CSV import (the first load): one row per product and region, checked with the same rules.

/** A row's field as the file names it (the form's field `price_minor` is the file's `price`). */
const COLUMN_OF: Record<string, string> = { price_minor: "price", region_id: "region" };

const YES = ["yes", "y", "true", "1"];
const NO = ["no", "n", "false", "0", ""];

export interface CsvRowOutcome {
  /** The row as a product, when every column passed. */
  value: ProductValues | null;
  /** Column → its messages (the file's column names). */
  errors: Record<string, string[]>;
}

/**
 * One data row of the import as a product. `regionIdOf` maps the file's region (a country code
 * or an id) to the region's id, or null. Missing optional columns read as empty; `tax_class`
 * empty is standard.
 */
export function productFromCsvRow(
  row: Record<string, string>,
  regionIdOf: (text: string) => number | null,
): CsvRowOutcome {
  const errors: Record<string, string[]> = {};
  const add = (column: string, message: string) => {
    errors[column] ??= [];
    if (!errors[column].includes(message)) errors[column].push(message);
  };
  const cell = (c: string) => (row[c] ?? "").trim();
  const regionText = cell("region");
  const regionId = regionText ? regionIdOf(regionText) : null;
  if (!regionText) add("region", messages.required("region"));
  else if (regionId === null) add("region", CATALOGUE_MESSAGES.unknownRegion);
  const priceText = cell("price");
  const price = priceText ? priceTextToMinor(priceText) : null;
  if (!priceText) add("price", messages.required("price"));
  else if (price === null) add("price", CATALOGUE_MESSAGES.price);
  const rxText = cell("requires_prescription").toLowerCase();
  if (!YES.includes(rxText) && !NO.includes(rxText))
    add("requires_prescription", "The requires prescription field must be yes or no.");
  const kindText = cell("kind")
    .toLowerCase()
    .replace(/[\s-]+/g, "_");
  if (kindText && !(PRODUCT_KINDS as readonly string[]).includes(kindText))
    add("kind", `The kind field must be one of ${PRODUCT_KINDS.join(", ")}.`);
  const taxText = cell("tax_class").toLowerCase() || "standard";
  if (!(TAX_CLASSES as readonly string[]).includes(taxText))
    add("tax_class", `The tax class field must be one of ${TAX_CLASSES.join(", ")}.`);
  const lensText = cell("lenses_type").toLowerCase();
  if (lensText && !(LENS_TYPE_KEYS as readonly string[]).includes(lensText))
    add("lenses_type", `The lenses type field must be one of ${LENS_TYPE_KEYS.join(", ")}.`);

  const parsed = productSchema.safeParse({
    region_id: regionId ?? 1,
    name: cell("name"),
    sku: cell("sku"),
    barcode: cell("barcode"),
    kind: kindText || undefined,
    colour: cell("colour"),
    size: cell("size"),
    tax_class: (TAX_CLASSES as readonly string[]).includes(taxText) ? taxText : "standard",
    price_minor: price ?? 0,
    requires_prescription: YES.includes(rxText),
    lenses_type: (LENS_TYPE_KEYS as readonly string[]).includes(lensText) ? lensText : null,
    product_type_key: cell("product_type_key"),
    parent_type_key: cell("parent_type_key"),
  });
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? "row");
      const column = COLUMN_OF[field] ?? field;
      // A column already refused above keeps its own message (the kind, the price, the region).
      if (errors[column] && column !== "requires_prescription" && column !== "lenses_type") continue;
      add(column, issue.message);
    }
  const ok = parsed.success && Object.keys(errors).length === 0;
  return { value: ok ? parsed.data : null, errors };
}

/**
 * A whole file's rows checked: headers named (case and spaces forgiven), every row through
 * `productFromCsvRow`, and a (region, sku) or (region, barcode) given twice refused on its later
 * row. Rows are numbered as a spreadsheet shows them: the header is row 1, the first product row 2.
 * `errors` maps `rows.<n>.<column>` to "Row n, column: message" (the response's field errors).
 */
export function checkCatalogueCsv(
  records: string[][],
  regionIdOf: (text: string) => number | null,
): { products: { row: number; value: ProductValues }[]; errors: Record<string, string[]> } {
  const errors: Record<string, string[]> = {};
  const [header, ...data] = records;
  const rows = data.filter((r) => r.some((c) => c.trim() !== ""));
  if (!header || !rows.length) return { products: [], errors: { file: [CATALOGUE_MESSAGES.csvEmpty] } };
  if (rows.length > CATALOGUE_IMPORT_MAX_ROWS)
    return { products: [], errors: { file: [CATALOGUE_MESSAGES.csvTooMany(CATALOGUE_IMPORT_MAX_ROWS)] } };
  const names = header.map((h) => h.trim().toLowerCase().replace(/\s+/g, "_"));
  const missing = CATALOGUE_CSV_REQUIRED.filter((c) => !names.includes(c));
  if (missing.length) return { products: [], errors: { file: [CATALOGUE_MESSAGES.csvColumns(missing)] } };
  const products: { row: number; value: ProductValues }[] = [];
  const skuRow = new Map<string, number>();
  const barcodeRow = new Map<string, number>();
  data.forEach((cells, i) => {
    if (!cells.some((c) => c.trim() !== "")) return;
    const rowNumber = i + 2;
    const record = Object.fromEntries(names.map((n, c) => [n, cells[c] ?? ""]));
    const outcome = productFromCsvRow(record, regionIdOf);
    const put = (column: string, message: string) =>
      (errors[`rows.${rowNumber}.${column}`] ??= []).push(
        CATALOGUE_MESSAGES.rowError(rowNumber, column, message),
      );
    for (const [column, list] of Object.entries(outcome.errors)) for (const m of list) put(column, m);
    if (!outcome.value) return;
    const v = outcome.value;
    const skuKey = `${v.region_id}|${v.sku}`;
    const earlier = skuRow.get(skuKey);
    if (earlier) {
      put("sku", CATALOGUE_MESSAGES.duplicateRow(earlier));
      return;
    }
    skuRow.set(skuKey, rowNumber);
    if (v.barcode) {
      const barcodeKey = `${v.region_id}|${v.barcode}`;
      const first = barcodeRow.get(barcodeKey);
      if (first) {
        put("barcode", CATALOGUE_MESSAGES.duplicateBarcode(first));
        return;
      }
      barcodeRow.set(barcodeKey, rowNumber);
    }
    products.push({ row: rowNumber, value: v });
  });
  return { products, errors };
}
