import { CONTACT_CHANNELS, SUPPLIER_KINDS } from "@loupe/domain";
import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { outlets, regions } from "../reference/reference.tables";
import { staffUsers } from "../staff/staff.tables";

/**
 * A lens supplier (jobs-area §3). `kind` picks its state rules (Hoya-type, Shamir-type or
 * standard, `SUPPLIER_STATE_RULES`); `allows_cut` whether it edges lenses (Cut, §9);
 * `contacts_listed` false keeps its e-mail contacts out of every list (§9: suppliers 2, 3, 4).
 * Versioned for Settings (ADR 0007).
 */
export const lensSuppliers = pgTable(
  "lens_suppliers",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    abbreviation: text("abbreviation").notNull().unique(),
    orderType: text("order_type", { enum: ["all", "api"] }).notNull(),
    kind: text("kind", { enum: SUPPLIER_KINDS }).notNull().default("standard"),
    allowsCut: boolean("allows_cut").notNull().default(false),
    contactsListed: boolean("contacts_listed").notNull().default(true),
    /** The longest notes its lab system takes (its REM lines); null: no limit of its own (issue 32). */
    notesMaxLength: integer("notes_max_length"),
    /** It asks for heights on every lens, single vision too (optical-centre heights). */
    requiresHeights: boolean("requires_heights").notNull().default(false),
    /** Its lab system reads Rx-Universe's `_JTYPE` job type. */
    takesJobType: boolean("takes_job_type").notNull().default(false),
    isActive: boolean("is_active").notNull().default(true),
    version: integer("version").notNull().default(1),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    updatedBy: integer("updated_by").references(() => staffUsers.id, { onDelete: "set null" }),
  },
  (t) => [index("lens_suppliers_updated_by_idx").on(t.updatedBy)],
);

/**
 * How an order reaches a supplier in one region: a person's e-mail, a lab system's import folder
 * (file drop) or the supplier's automatic interface (at most one live per supplier and region).
 */
export const supplierContacts = pgTable(
  "supplier_contacts",
  {
    id: serial("id").primaryKey(),
    supplierId: integer("supplier_id")
      .notNull()
      .references(() => lensSuppliers.id, { onDelete: "cascade" }),
    regionId: integer("region_id")
      .notNull()
      .references(() => regions.id),
    firstName: text("first_name").notNull().default(""),
    lastName: text("last_name").notNull().default(""),
    mail: text("mail"),
    phone: text("phone"),
    channel: text("channel", { enum: CONTACT_CHANNELS }).notNull().default("email"),
    dropFolder: text("drop_folder"),
    accountNumber: text("account_number"),
    isActive: boolean("is_active").notNull().default(true),
    version: integer("version").notNull().default(1),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    updatedBy: integer("updated_by").references(() => staffUsers.id, { onDelete: "set null" }),
  },
  (t) => [
    index("supplier_contacts_supplier_region_idx").on(t.supplierId, t.regionId),
    index("supplier_contacts_region_idx").on(t.regionId),
    index("supplier_contacts_updated_by_idx").on(t.updatedBy),
    uniqueIndex("supplier_contacts_one_api_uq")
      .on(t.supplierId, t.regionId)
      .where(sql`${t.channel} = 'api' and ${t.isActive}`),
  ],
);

/** Where a supplier delivers by default in a region (§9: supplier-specific default delivery outlets). */
export const supplierDeliveryOutlets = pgTable(
  "supplier_delivery_outlets",
  {
    supplierId: integer("supplier_id")
      .notNull()
      .references(() => lensSuppliers.id, { onDelete: "cascade" }),
    regionId: integer("region_id")
      .notNull()
      .references(() => regions.id),
    outletId: integer("outlet_id")
      .notNull()
      .references(() => outlets.id),
  },
  (t) => [
    primaryKey({ columns: [t.supplierId, t.regionId] }),
    index("supplier_delivery_outlets_region_idx").on(t.regionId),
    index("supplier_delivery_outlets_outlet_idx").on(t.outletId),
  ],
);
