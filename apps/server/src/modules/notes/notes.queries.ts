import { count, desc, eq, inArray, type SQLWrapper, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { customers } from "../customers/customers.tables";
import { files } from "../files/files.tables";
import type { OrderNotesReader } from "../jobs";
import { orderItems, orders } from "../jobs/jobs.tables";
import { staffUsers } from "../staff/staff.tables";
import { notes } from "./notes.tables";

/** Notes per customer, for the notes count on customer rows. */
export async function countNotesByCustomer(db: Db, customerIds: number[]): Promise<Map<number, number>> {
  if (!customerIds.length) return new Map();
  const rows = await db
    .select({ customerId: notes.customerId, n: count() })
    .from(notes)
    .where(inArray(notes.customerId, customerIds))
    .groupBy(notes.customerId);
  return new Map(rows.map((r) => [r.customerId!, Number(r.n)]));
}

/** The notes a file is attached to, with their authors (null for the system's). */
export function notesHoldingFile(db: Db, fileId: number) {
  return db
    .select({ id: notes.id, creatorId: notes.creatorId })
    .from(notes)
    .where(sql`${notes.fileIds} @> ${JSON.stringify([fileId])}::jsonb`);
}

/** SQL: a note holds the file whose id is `fileId` (a removed note's attachments go only when none does). */
export const noteHoldsFile = (fileId: SQLWrapper) =>
  sql`exists (select 1 from ${notes} where ${notes.fileIds} @> jsonb_build_array(${fileId}))`;

/** The notes of jobs, for the jobs module's list rows and online-channel list (its orderNotesSlot). */
export const orderNotesReader: OrderNotesReader = {
  noteOrderIds: (db, orderIds) =>
    db.select({ orderId: notes.orderId }).from(notes).where(inArray(notes.orderId, orderIds)),
  notesNewestFirst: (db, orderIds) =>
    db
      .select({ orderId: notes.orderId, content: notes.content })
      .from(notes)
      .where(inArray(notes.orderId, orderIds))
      .orderBy(desc(notes.createdAt), desc(notes.id)),
};

// The rows of other modules the notes module reads (jobs, customers, files, staff own them). Each
// answers the query itself (not awaited here), so a caller's `Promise.all` runs it when it did before.

/** A job's id, if it exists. */
export const orderIdById = (db: Db, orderId: number) =>
  db.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId));

/** An order item's id and job. */
export const orderItemById = (db: Db, itemId: number) =>
  db
    .select({ id: orderItems.id, orderId: orderItems.orderId })
    .from(orderItems)
    .where(eq(orderItems.id, itemId));

/** An order item's job. */
export const orderOfItem = (db: Db, itemId: number) =>
  db.select({ orderId: orderItems.orderId }).from(orderItems).where(eq(orderItems.id, itemId));

/** A customer's id, if it exists. */
export const customerIdById = (db: Db, customerId: number) =>
  db.select({ id: customers.id }).from(customers).where(eq(customers.id, customerId));

/** Staff members by id (a note's creator). */
export const staffByIds = (db: Db, ids: number[]) =>
  db.select().from(staffUsers).where(inArray(staffUsers.id, ids));

/** Files by id (a note's attachments). */
export const filesByIds = (db: Db, ids: number[]) => db.select().from(files).where(inArray(files.id, ids));

/** Which of these files exist. */
export const existingFileIds = (db: Db, ids: number[]) =>
  db.select({ id: files.id }).from(files).where(inArray(files.id, ids));
