import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

/**
 * A job's receipt links revoked (ADR 0026): every link issued before `revoked_at` stops opening.
 * No foreign key to the job: the receipts module writes only its own table.
 */
export const receiptLinkRevocations = pgTable("receipt_link_revocations", {
  orderId: integer("order_id").primaryKey(),
  revokedAt: timestamp("revoked_at", { withTimezone: true }).notNull().defaultNow(),
  revokedBy: integer("revoked_by"),
});

/**
 * The last credit note number given in each region (ADR 0033). Taken with an upsert in the
 * transaction that records the refund, so the row stays locked until the note is written: two
 * refunds never share a number, and a rolled-back refund gives its number back (no gaps).
 */
export const creditNoteCounters = pgTable("credit_note_counters", {
  regionId: integer("region_id").primaryKey(),
  lastNumber: integer("last_number").notNull(),
});

/**
 * One credit note per completed refund (AU adjustment note, NZ credit note, CA credit note): the
 * tax document a refund after a tax invoice needs. What it prints is fixed when it is issued.
 * No foreign keys, as for the revocations: the receipts module writes only its own tables.
 */
export const creditNotes = pgTable(
  "credit_notes",
  {
    id: serial("id").primaryKey(),
    regionId: integer("region_id").notNull(),
    number: integer("number").notNull(),
    /** "AU1-CN-000042": country, region, number. */
    code: text("code").notNull(),
    orderId: integer("order_id").notNull(),
    refundId: integer("refund_id").notNull(),
    amountMinor: integer("amount_minor").notNull(),
    reason: text("reason").notNull(),
    /** Where the money went: "to the card", "at the till". */
    destination: text("destination").notNull(),
    lines: jsonb("lines").$type<{ itemId: number; quantity: number; amountMinor: number }[]>().notNull(),
    issuedBy: integer("issued_by").notNull(),
    approvedBy: integer("approved_by"),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("credit_notes_region_number_uq").on(t.regionId, t.number),
    uniqueIndex("credit_notes_refund_uq").on(t.refundId),
    index("credit_notes_order_idx").on(t.orderId),
    check("credit_notes_number_positive", sql`${t.number} > 0`),
  ],
);
