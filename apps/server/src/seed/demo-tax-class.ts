import type { ProductKind, TaxClass } from "@loupe/domain";

/** The demo's regions: 1 Australia, 2 New Zealand, 5 Canada (reference-data.ts). */
const AUSTRALIA = 1;
const CANADA = 5;

/**
 * The tax class a demo product gets in its region. Canada zero-rates prescription eyewear
 * (frames for prescription lenses, the lenses, contact lenses: health) and exempts an
 * optometrist's eye examination (exempt). In Australia and New Zealand frames and lenses carry
 * GST (standard); an Australian optometrist's eye test is GST-free (health), a New Zealand one is
 * not. Add-ons, repairs and non-prescription sunglasses are standard everywhere.
 */
export function demoTaxClass(
  regionId: number,
  p: { kind: ProductKind; requiresPrescription: boolean; productTypeKey?: string; sku?: string | null },
): TaxClass {
  const eyeTest = p.kind === "service" && Boolean(p.sku?.includes("EYE-TEST"));
  if (eyeTest) return regionId === AUSTRALIA ? "health" : regionId === CANADA ? "exempt" : "standard";
  if (regionId !== CANADA || p.kind === "service" || p.kind === "addon") return "standard";
  if (p.productTypeKey === "sunglasses" && !p.requiresPrescription) return "standard";
  return "health";
}
