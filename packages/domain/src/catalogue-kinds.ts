// The catalogue's kinds, tax classes and messages (issue 44), apart from its rules' schemas: the
// Catalogue screen's list shows these without loading zod (issue 31's budget per screen).

export const PRODUCT_KINDS = ["frame", "lens", "contact_lens", "service", "addon"] as const;
export type ProductKind = (typeof PRODUCT_KINDS)[number];
export const PRODUCT_KIND_LABELS: Record<ProductKind, string> = {
  frame: "Frame",
  lens: "Lens",
  contact_lens: "Contact lens",
  service: "Service",
  addon: "Add-on",
};

/** standard: every tax of the outlet; health: GST-free / zero-rated health goods and services; exempt: none. */
export const TAX_CLASSES = ["standard", "health", "exempt"] as const;
export type TaxClass = (typeof TAX_CLASSES)[number];
export const TAX_CLASS_LABELS: Record<TaxClass, string> = {
  standard: "Standard",
  health: "Health (GST-free / zero-rated)",
  exempt: "Exempt",
};

/** The lens types a product is made with: the lenses' own `lens_type_key` (job edit's lens options). */
export const LENS_TYPE_KEYS = ["single-vision", "multifocal", "desk", "bifocal"] as const;

/**
 * The spec's product type a kind is sold as when none is given: what the job edit, the docket and
 * the recalls read (`parent_type_key`). A frame with a lens type is glasses (frame and lenses).
 */
export function defaultTypeKey(kind: ProductKind, lensesType: string | null): string {
  if (kind === "frame") return lensesType ? "glasses" : "frames";
  if (kind === "lens") return "lenses-only";
  if (kind === "contact_lens") return "contact-lenses";
  return kind; // service, addon
}

export const CATALOGUE_MESSAGES = {
  saved: "Product saved successfully",
  created: "Product created successfully",
  retired: "Product retired: it is no longer offered on new quotes",
  restored: "Product restored to the catalogue",
  imported: (created: number, updated: number) => `Catalogue imported: ${created} added, ${updated} updated`,
  checked: (rows: number) => `All ${rows} rows can be imported`,
  adminOnly: "Only administrators can change the catalogue.",
  skuTaken: "This region already has a product with this SKU.",
  barcodeTaken: (sku: string) => `This barcode is already used by SKU ${sku} in this region.`,
  barcode:
    "The barcode field must be 8, 12, 13 or 14 digits with a valid check digit, or 4 to 32 letters, digits and dashes.",
  sku: "The sku field may only contain letters, digits, dots, dashes and underscores.",
  price: "The price field must be an amount like 129.95.",
  lensTypeNeeded: "The lenses type field is required for a lens product.",
  lensTypeNotHere: "Only frames and lenses are made with a lens type.",
  prescriptionNeeded: "A lens or contact lens product requires a prescription.",
  csvEmpty: "The file has no rows to import.",
  csvColumns: (missing: string[]) => `The file is missing the column(s): ${missing.join(", ")}.`,
  csvTooMany: (max: number) => `The file has more than ${max} rows; split it.`,
  unknownRegion: "The region field must be AU, NZ or CA (or the region's id).",
  duplicateRow: (row: number) => `The sku field repeats row ${row} for the same region.`,
  duplicateBarcode: (row: number) => `The barcode field repeats row ${row} for the same region.`,
  rowError: (row: number, column: string, message: string) => `Row ${row}, ${column}: ${message}`,
} as const;

/** The columns of an import file; the first five must be there. */
export const CATALOGUE_CSV_REQUIRED = ["region", "sku", "name", "kind", "price"] as const;
export const CATALOGUE_CSV_COLUMNS = [
  ...CATALOGUE_CSV_REQUIRED,
  "barcode",
  "colour",
  "size",
  "tax_class",
  "requires_prescription",
  "lenses_type",
  "product_type_key",
  "parent_type_key",
] as const;
