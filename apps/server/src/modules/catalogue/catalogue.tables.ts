import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { regions } from "../reference/reference.tables";
import { staffUsers } from "../staff/staff.tables";
import { lensSuppliers } from "../suppliers/suppliers.tables";

// The catalogue (issue 44, ADR 0056): what can be sold, per region, and the lens catalogue the job
// edit chooses from. Jobs and job edit read these tables in their *.queries.ts files; only this
// module writes them.

/** A sellable product in one region: what an order item is (frames, lenses-only, contact lenses…). */
export const regionProducts = pgTable(
  "region_products",
  {
    id: serial("id").primaryKey(),
    regionId: integer("region_id")
      .notNull()
      .references(() => regions.id),
    name: text("name").notNull(),
    productTypeKey: text("product_type_key").notNull(),
    parentTypeKey: text("parent_type_key").notNull(),
    lensesType: text("lenses_type"),
    requiresPrescription: boolean("requires_prescription").notNull().default(false),
    /** Tax included for AU/NZ, before tax for CA (receipt-tax.ts). */
    priceMinor: integer("price_minor").notNull(),
    /** The chain's stock code, shared by one product's rows in each region (issue 44). */
    sku: text("sku"),
    /** What a scanner reads off the frame's tag (EAN-13/UPC-A or the chain's own). */
    barcode: text("barcode"),
    /** frame | lens | contact_lens | service | addon: how the counter treats the line (issue 44). */
    kind: text("kind", { enum: ["frame", "lens", "contact_lens", "service", "addon"] })
      .notNull()
      .default("frame"),
    colour: text("colour"),
    size: text("size"),
    /** standard | health | exempt: which of the outlet's taxes apply (quote pricing in the domain). */
    taxClass: text("tax_class", { enum: ["standard", "health", "exempt"] })
      .notNull()
      .default("standard"),
    /** Edits carry it; a stale one is refused (409). */
    version: integer("version").notNull().default(1),
    /** Retired products are not sold any more; a job that used one keeps it (never deleted). */
    retiredAt: timestamp("retired_at", { withTimezone: true }),
    /** When and by whom it was last changed: the stale edit's 409 names them (ADR 0007). */
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    updatedBy: integer("updated_by").references(() => staffUsers.id, { onDelete: "set null" }),
  },
  (t) => [
    // One row per product and region; a scan finds the region's row by barcode.
    uniqueIndex("region_products_region_sku_idx").on(t.regionId, t.sku).where(sql`${t.sku} is not null`),
    index("region_products_barcode_idx").on(t.barcode).where(sql`${t.barcode} is not null`),
    // A staff member removed checks the products they last changed through it.
    index("region_products_updated_by_idx").on(t.updatedBy),
  ],
);

const power = (name: string) => numeric(name, { precision: 5, scale: 2, mode: "number" });

/**
 * A lens a supplier makes: its material (index, thickness), coating, tint and colour, the blank
 * diameters it comes in and the prescription ranges it can be made in (jobs-area §3 Lens option).
 */
export const lenses = pgTable(
  "lenses",
  {
    id: serial("id").primaryKey(),
    supplierId: integer("supplier_id")
      .notNull()
      .references(() => lensSuppliers.id),
    name: text("name").notNull(),
    /** single-vision, bifocal, multifocal or desk: which products it can go into. */
    lensTypeKey: text("lens_type_key").notNull(),
    /** The index with its own decimals (1.586 stays 1.586: the DCS record's LIND, issue 32). */
    refractiveIndex: numeric("refractive_index", { precision: 5, scale: 3, mode: "number" }).notNull(),
    /** The supplier's own code for this lens (its lens-style code): the DCS record's LNAM. Set in Settings. */
    lensCode: text("lens_code"),
    displayThickness: text("display_thickness").notNull(),
    coating: text("coating"),
    tint: text("tint"),
    colourName: text("colour_name"),
    diameters: integer("diameters").array().notNull().default(sql`'{}'::int[]`),
    sphMin: power("sph_min").notNull(),
    sphMax: power("sph_max").notNull(),
    cylMin: power("cyl_min").notNull(),
    addMin: power("add_min"),
    addMax: power("add_max"),
    warningMessage: text("warning_message"),
    isActive: boolean("is_active").notNull().default(true),
  },
  (t) => [index("lenses_supplier_idx").on(t.supplierId)],
);

/** What a region product can be made with: a lens plus a coating and tint, at a price (§3). */
export const lensAddonCombinations = pgTable(
  "lens_addon_combinations",
  {
    id: serial("id").primaryKey(),
    regionProductId: integer("region_product_id")
      .notNull()
      .references(() => regionProducts.id, { onDelete: "cascade" }),
    lensId: integer("lens_id")
      .notNull()
      .references(() => lenses.id, { onDelete: "cascade" }),
    coatingName: text("coating_name").notNull(),
    coatingDisplayName: text("coating_display_name").notNull(),
    tintDisplayName: text("tint_display_name"),
    priceMinor: integer("price_minor").notNull().default(0),
    warningMessage: text("warning_message"),
  },
  (t) => [
    index("lens_addon_combinations_product_idx").on(t.regionProductId),
    index("lens_addon_combinations_lens_idx").on(t.lensId),
  ],
);
