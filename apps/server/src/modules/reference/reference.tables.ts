import { boolean, integer, pgTable, serial, smallint, text, uniqueIndex } from "drizzle-orm/pg-core";

export const regions = pgTable("regions", {
  // Region ids are the retailer's own (AU 1, NZ 2, CA 5, 6 an AU alias), so they are not serial.
  id: integer("id").primaryKey(),
  name: text("name").notNull(),
  countryCode: text("country_code").notNull(),
  defaultCurrency: text("default_currency").notNull(),
  timezone: text("timezone").notNull(),
});

export const outlets = pgTable(
  "outlets",
  {
    id: serial("id").primaryKey(),
    abbreviation: text("abbreviation").notNull(),
    name: text("name").notNull(),
    regionId: integer("region_id")
      .notNull()
      .references(() => regions.id),
    email: text("email"),
    phone: text("phone"),
    isActive: boolean("is_active").notNull().default(true),
    address1: text("address1"),
    address2: text("address2"),
    suburb: text("suburb"),
    city: text("city"),
    state: text("state"),
    postcode: text("postcode"),
    country: text("country"),
    /**
     * The outlet's own IANA zone (ADR 0035): every time shown for its jobs and staff is on this
     * clock. The default only fills rows written before the column; the seed and Settings set it.
     */
    timeZone: text("time_zone").notNull().default("Australia/Sydney"),
  },
  (t) => [uniqueIndex("outlets_abbreviation_uq").on(t.abbreviation)],
);

/** Dispense, item and payment statuses share one shape; `kind` says which list. */
export const statuses = pgTable(
  "statuses",
  {
    id: serial("id").primaryKey(),
    kind: text("kind", { enum: ["dispense", "item", "payment"] }).notNull(),
    slug: text("slug").notNull(),
    displayName: text("display_name").notNull(),
    selectable: boolean("selectable").notNull(),
    sortOrder: integer("sort_order").notNull(),
  },
  (t) => [uniqueIndex("statuses_kind_slug_uq").on(t.kind, t.slug)],
);

export const prescriptionTypes = pgTable("prescription_types", {
  id: integer("id").primaryKey(),
  name: text("name").notNull(),
  slug: text("slug").notNull().unique(),
});

export const prescriptionSources = pgTable("prescription_sources", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  slug: text("slug").notNull().unique(),
  origin: text("origin"),
  colour: text("colour"),
  isExternal: boolean("is_external").notNull().default(true),
});

export const pdSources = pgTable("pd_sources", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  slug: text("slug").notNull().unique(),
  colour: text("colour"),
});

export const colours = pgTable("colours", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  hexCode: text("hex_code").notNull(),
  type: text("type", { enum: ["Frame", "Temple"] }).notNull(),
  special: smallint("special").notNull().default(0),
  visibleOnline: boolean("visible_online").notNull().default(true),
});

export const refundReasons = pgTable("refund_reasons", {
  id: serial("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  name: text("name").notNull(),
});
