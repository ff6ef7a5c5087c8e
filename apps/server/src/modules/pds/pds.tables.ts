import { index, integer, numeric, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { customers } from "../customers/customers.tables";
import { outlets, pdSources } from "../reference/reference.tables";
import { staffUsers } from "../staff/staff.tables";

const mm = (name: string) => numeric(name, { precision: 5, scale: 1, mode: "number" });

export const pds = pgTable(
  "pds",
  {
    id: serial("id").primaryKey(),
    /** Null for a guest PD. */
    customerId: integer("customer_id").references(() => customers.id, { onDelete: "cascade" }),
    lensTypeId: integer("lens_type_id"),
    binocularDistPd: mm("binocular_dist_pd"),
    binocularIntPd: mm("binocular_int_pd"),
    binocularReadingPd: mm("binocular_reading_pd"),
    rightDistPd: mm("right_dist_pd"),
    leftDistPd: mm("left_dist_pd"),
    rightIntPd: mm("right_int_pd"),
    leftIntPd: mm("left_int_pd"),
    rightReadingPd: mm("right_reading_pd"),
    leftReadingPd: mm("left_reading_pd"),
    rightHeightMultifocal: mm("right_height_multifocal"),
    leftHeightMultifocal: mm("left_height_multifocal"),
    rightHeightBifocal: mm("right_height_bifocal"),
    leftHeightBifocal: mm("left_height_bifocal"),
    rightHeightDesk: mm("right_height_desk"),
    leftHeightDesk: mm("left_height_desk"),
    rightHeightAspheric: mm("right_height_aspheric"),
    leftHeightAspheric: mm("left_height_aspheric"),
    frameSize: text("frame_size"),
    armSize: text("arm_size"),
    glassShapeType: text("glass_shape_type"),
    note: text("note"),
    sourceId: integer("source_id")
      .notNull()
      .references(() => pdSources.id),
    outletId: integer("outlet_id").references(() => outlets.id),
    staffUserId: integer("staff_user_id").references(() => staffUsers.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** Optimistic lock (ADR 0007): bumped by every update; edits and deletes may send the one they read. */
    version: integer("version").notNull().default(1),
    /** The staff member who last created or changed the row, named in a version conflict. */
    updatedBy: integer("updated_by").references(() => staffUsers.id, { onDelete: "set null" }),
  },
  (t) => [index("pds_customer_idx").on(t.customerId, t.createdAt)],
);
