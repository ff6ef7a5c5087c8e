import {
  date,
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
import { customers } from "../customers/customers.tables";
import { files } from "../files/files.tables";
import { outlets, prescriptionSources, prescriptionTypes } from "../reference/reference.tables";
import { staffUsers } from "../staff/staff.tables";

const power = (name: string) => numeric(name, { precision: 5, scale: 2, mode: "number" });

export const prescriptions = pgTable(
  "prescriptions",
  {
    id: serial("id").primaryKey(),
    /** Null for an anonymous (guest) prescription. */
    customerId: integer("customer_id").references(() => customers.id, { onDelete: "cascade" }),
    typeId: integer("type_id")
      .notNull()
      .references(() => prescriptionTypes.id),
    category: text("category"),
    addType: text("add_type", { enum: ["monocular", "binocular"] }),
    rightSph: power("right_sph"),
    rightCyl: power("right_cyl"),
    rightAxis: integer("right_axis"),
    leftSph: power("left_sph"),
    leftCyl: power("left_cyl"),
    leftAxis: integer("left_axis"),
    /** Adds and signed prisms; shape in packages/domain prescription-rules. */
    spectacles: jsonb("spectacles").$type<Record<string, unknown>>(),
    contactLens: jsonb("contact_lens").$type<Record<string, unknown>>(),
    sourceId: integer("source_id")
      .notNull()
      .references(() => prescriptionSources.id),
    outletId: integer("outlet_id").references(() => outlets.id),
    staffUserId: integer("staff_user_id").references(() => staffUsers.id),
    note: text("note"),
    printedNote: text("printed_note"),
    expiryDate: date("expiry_date"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** Optimistic lock (ADR 0007): bumped by every update; edits and deletes may send the one they read. */
    version: integer("version").notNull().default(1),
    /** The staff member who last created or changed the row, named in a version conflict. */
    updatedBy: integer("updated_by").references(() => staffUsers.id, { onDelete: "set null" }),
  },
  (t) => [index("prescriptions_customer_idx").on(t.customerId, t.createdAt)],
);

export const prescriptionFiles = pgTable(
  "prescription_files",
  {
    prescriptionId: integer("prescription_id")
      .notNull()
      .references(() => prescriptions.id, { onDelete: "cascade" }),
    fileId: integer("file_id")
      .notNull()
      .references(() => files.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.prescriptionId, t.fileId] })],
);
