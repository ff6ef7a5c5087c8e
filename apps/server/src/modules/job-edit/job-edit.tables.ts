import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { orderItems, regionProducts } from "../jobs/jobs.tables";
import { staffUsers } from "../staff/staff.tables";
import { lensSuppliers } from "../suppliers/suppliers.tables";

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

/**
 * Every saved selection of an order item, numbered from 1 (ADR 0011). The primary key is what
 * makes a save from a stale revision lose: the next number can be inserted once, so of two saves
 * from the same revision exactly one succeeds. `snapshot` holds the prescription, PD and lens as
 * they were when saved, so a later edit of the prescription never changes what the job was made with.
 */
export const orderItemSelections = pgTable(
  "order_item_selections",
  {
    orderItemId: integer("order_item_id")
      .notNull()
      .references(() => orderItems.id, { onDelete: "cascade" }),
    revision: integer("revision").notNull(),
    /** The item-selection payload as sent (customize, prescription, pdId, product_lens_addons_id…). */
    selection: jsonb("selection").$type<Record<string, unknown>>().notNull(),
    /** The additional_info written to the item by this revision, with resolved values. */
    additionalInfo: jsonb("additional_info").$type<Record<string, unknown>>().notNull(),
    restoredFrom: integer("restored_from"),
    staffUserId: integer("staff_user_id").references(() => staffUsers.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.orderItemId, t.revision] }),
    index("order_item_selections_staff_idx").on(t.staffUserId),
  ],
);
