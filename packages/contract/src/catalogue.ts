import { LENS_TYPE_KEYS, PRODUCT_KINDS, productEditSchema, productSchema, TAX_CLASSES } from "@loupe/domain";
import { z } from "zod";
import { defineEndpoint } from "./endpoint";
import { dataEnvelope, expectedVersion, idParams, pagedEnvelope, qBool, qId, qInt } from "./envelope";

// The catalogue (issue 44, ADR 0056): one product's row in one region. Any staff member searches
// and reads it (the counter's item picker, a barcode scan); administrators add, edit, retire and
// import. Nothing is deleted: a retired product stays on the jobs that sold it.

export const catalogueProductWire = z.object({
  id: z.number(),
  region_id: z.number(),
  name: z.string(),
  sku: z.string().nullable(),
  barcode: z.string().nullable(),
  kind: z.enum(PRODUCT_KINDS),
  colour: z.string().nullable(),
  size: z.string().nullable(),
  tax_class: z.enum(TAX_CLASSES),
  /** Minor units: tax included in AU/NZ, before tax in CA. */
  price_minor: z.number(),
  requires_prescription: z.boolean(),
  lenses_type: z.enum(LENS_TYPE_KEYS).nullable(),
  product_type_key: z.string(),
  parent_type_key: z.string(),
  version: z.number(),
  /** When it was retired (no longer offered to new quotes), or null. */
  retired_at: z.string().nullable(),
});
export type CatalogueProductWire = z.infer<typeof catalogueProductWire>;

export const catalogueQuery = z.object({
  /** Words of the name, or the start of a SKU or barcode. */
  q: z.string().trim().max(100).optional(),
  /** Exactly this barcode (a scanner's read): the region's product with it. */
  barcode: z.string().trim().min(1).max(32).optional(),
  region_id: qId.optional(),
  kind: z.enum(PRODUCT_KINDS).optional(),
  include_retired: qBool.optional(),
  page: qInt.min(1).default(1),
  per_page: qInt.min(1).max(100).default(25),
});
export type CatalogueQuery = z.input<typeof catalogueQuery>;

export const listCatalogueProducts = defineEndpoint({
  method: "GET",
  base: "api",
  path: "/staff/catalogue/products",
  summary:
    "Search the catalogue by name, SKU or barcode (q), or an exact scanned barcode; by region and kind; retired products only when asked",
  query: catalogueQuery,
  response: pagedEnvelope(catalogueProductWire),
});

export const getCatalogueProduct = defineEndpoint({
  method: "GET",
  base: "api",
  path: "/staff/catalogue/products/:id",
  summary: "One catalogue product, retired or not",
  params: idParams,
  response: dataEnvelope(catalogueProductWire),
});

const saved = z.object({ message: z.string(), data: catalogueProductWire });

export const createCatalogueProduct = defineEndpoint({
  method: "POST",
  base: "api",
  path: "/staff/catalogue/products",
  summary: "Add a product to a region's catalogue (administrators); a SKU is one per region",
  body: productSchema,
  response: saved,
});

export const updateCatalogueProduct = defineEndpoint({
  method: "PATCH",
  base: "api",
  path: "/staff/catalogue/products/:id",
  summary:
    "Change a product (administrators; version as read, stale → 409). Jobs already sold keep their price; new quotes take the new one",
  params: idParams,
  body: productEditSchema.and(z.object({ version: expectedVersion })),
  response: saved,
});

export const retireCatalogueProduct = defineEndpoint({
  method: "POST",
  base: "api",
  path: "/staff/catalogue/products/:id/retire",
  summary:
    "Retire a product (administrators; version as read): no longer offered to new quotes, still shown on the jobs that have it",
  params: idParams,
  body: z.object({ version: expectedVersion }),
  response: saved,
});

export const restoreCatalogueProduct = defineEndpoint({
  method: "POST",
  base: "api",
  path: "/staff/catalogue/products/:id/restore",
  summary: "Bring a retired product back to the catalogue (administrators; version as read)",
  params: idParams,
  body: z.object({ version: expectedVersion }),
  response: saved,
});

/** What an import did (or, with dry_run, would do): rows by region and SKU added or updated. */
export const catalogueImportWire = z.object({
  dry_run: z.boolean(),
  rows: z.number(),
  created: z.number(),
  updated: z.number(),
});
export type CatalogueImportWire = z.infer<typeof catalogueImportWire>;

export const importCatalogue = defineEndpoint({
  method: "POST",
  base: "api",
  path: "/staff/catalogue/import",
  summary:
    "Import a CSV of products (administrators): columns region, sku, name, kind, price and optional barcode, colour, size, tax_class, requires_prescription, lenses_type; every row checked first (422 errors keyed rows.<row>.<column>), nothing written unless all pass, a region's SKU updated rather than repeated; dry_run checks only",
  body: z.object({
    /** The file's text (UTF-8; a byte-order mark is fine). */
    csv: z.string().min(1, "The csv field is required.").max(900_000, "The file is too large; split it."),
    dry_run: z.boolean().default(false),
  }),
  response: z.object({ message: z.string(), data: catalogueImportWire }),
});
