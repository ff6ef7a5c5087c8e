import type { NoteWire } from "@loupe/contract";
import { isReceiptNote, receiptNoteText } from "@loupe/domain";
import { and, desc, eq, isNotNull, type SQL } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { inRequestTransaction } from "../../platform/db/request-transaction";
import { type Editor, matchVersion, nextVersion } from "../../platform/db/versioning";
import { AppError, notFound, validationError } from "../../platform/http/app-error";
import { toFileWire } from "../files";
import { recordJobEvents } from "../jobs";
import type { StaffRow } from "../staff";
import { staleOrMissing } from "../staff";
import {
  customerIdById,
  existingFileIds,
  filesByIds,
  orderIdById,
  orderItemById,
  staffByIds,
} from "./notes.queries";
import { notes } from "./notes.tables";

type NoteRow = typeof notes.$inferSelect;

export const NOTE_AUTHOR_ONLY = "Only the author can remove this note.";
export const NOTE_AUTHOR_ONLY_UPDATE = "Only the author can update this note.";
export const ORDER_NOT_FOUND = "Order not found";

/** Notes go on the timeline shortened to one line. */
const timelineText = (content: string) => {
  const line = content.replace(/\s+/g, " ").trim();
  return line.length > 120 ? `${line.slice(0, 119)}…` : line;
};

export function createNotesService(db: Db) {
  async function orderExists(orderId: number) {
    const [o] = await orderIdById(db, orderId);
    if (!o) throw new AppError("not_found", ORDER_NOT_FOUND);
  }
  async function orderItemOf(itemId: number) {
    const [item] = await orderItemById(db, itemId);
    if (!item) throw notFound("Order item");
    return item;
  }

  async function toWire(rows: NoteRow[]): Promise<NoteWire[]> {
    if (!rows.length) return [];
    const creatorIds = [...new Set(rows.map((r) => r.creatorId).filter((v): v is number => v != null))];
    const fileIds = [...new Set(rows.flatMap((r) => r.fileIds))];
    const [creators, fileRows] = await Promise.all([
      creatorIds.length ? staffByIds(db, creatorIds) : Promise.resolve([]),
      fileIds.length ? filesByIds(db, fileIds) : Promise.resolve([]),
    ]);
    const creatorById = new Map(creators.map((c) => [c.id, c]));
    const fileById = new Map(fileRows.map((f) => [f.id, f]));
    return rows.map((r) => {
      const creator = r.creatorId != null ? creatorById.get(r.creatorId) : undefined;
      return {
        id: r.id,
        content: r.content,
        user_id: r.customerId,
        creator_id: r.creatorId,
        user: creator
          ? { data: { id: creator.id, full_name: `${creator.firstName} ${creator.lastName}`.trim() } }
          : null,
        order_id: r.orderId,
        order_item_id: r.orderItemId,
        files: r.fileIds
          .map((id) => fileById.get(id))
          .filter((f) => !!f)
          .map((f) => toFileWire(f!)),
        orders: r.orderId ? [r.orderId] : [],
        created_at: r.createdAt.toISOString(),
        updated_at: r.updatedAt.toISOString(),
        version: r.version,
      };
    });
  }

  const stale = (editor: Editor, id: number, expected: number | undefined) =>
    staleOrMissing(db, notes, { id, expected, record: "note", editor, missing: () => notFound("Note") });

  async function removeNote(staff: StaffRow, id: number, scope: SQL | undefined, expected?: number) {
    const [deleted] = await db
      .delete(notes)
      .where(matchVersion(notes, id, expected, and(scope, eq(notes.creatorId, staff.id))))
      .returning({ fileIds: notes.fileIds, content: notes.content, orderItemId: notes.orderItemId });
    if (deleted) return deleted;
    const [row] = await db
      .select({ creatorId: notes.creatorId })
      .from(notes)
      .where(and(eq(notes.id, id), scope));
    if (!row) throw notFound("Note");
    if (row.creatorId !== staff.id) throw new AppError("forbidden", NOTE_AUTHOR_ONLY);
    throw await stale(staff, id, expected);
  }

  return {
    toWire,
    /** One note in its wire shape, or undefined when it is gone. */
    async find(id: number): Promise<NoteWire | undefined> {
      const rows = await db.select().from(notes).where(eq(notes.id, id));
      return (await toWire(rows))[0];
    },
    async listForCustomer(customerId: number) {
      const rows = await db
        .select()
        .from(notes)
        .where(eq(notes.customerId, customerId))
        .orderBy(desc(notes.createdAt), desc(notes.id));
      return toWire(rows);
    },

    /** A note by a staff user (or by the system when `staff` is null), optionally with uploaded files. */
    async addCustomerNote(
      staff: StaffRow | null,
      customerId: number,
      content: string,
      fileIds: number[] = [],
    ) {
      const [c] = await customerIdById(db, customerId);
      if (!c) throw notFound("Customer");
      if (fileIds.length) {
        const found = await existingFileIds(db, fileIds);
        if (found.length !== new Set(fileIds).size)
          throw validationError({ files: ["One of the files does not exist."] });
      }
      const [row] = await db
        .insert(notes)
        .values({
          customerId,
          content,
          creatorId: staff?.id ?? null,
          updatedBy: staff?.id ?? null,
          fileIds: [...new Set(fileIds)],
        })
        .returning();
      return (await toWire([row]))[0];
    },

    async listForOrder(orderId: number) {
      await orderExists(orderId);
      const rows = await db
        .select()
        .from(notes)
        .where(eq(notes.orderId, orderId))
        .orderBy(desc(notes.createdAt), desc(notes.id));
      return toWire(rows);
    },

    async listForOrderItem(itemId: number) {
      const item = await orderItemOf(itemId);
      const rows = await db
        .select()
        .from(notes)
        .where(and(eq(notes.orderId, item.orderId), eq(notes.orderItemId, itemId)))
        .orderBy(desc(notes.createdAt), desc(notes.id));
      return toWire(rows);
    },

    /** A note on a job (or one of its items); the job's notes count is the count of these rows. */
    async addOrderNote(
      staff: StaffRow | null,
      orderId: number,
      content: string,
      fileIds: number[] = [],
      orderItemId: number | null = null,
    ) {
      await orderExists(orderId);
      if (fileIds.length) {
        const found = await existingFileIds(db, fileIds);
        if (found.length !== new Set(fileIds).size)
          throw validationError({ files: ["One of the files does not exist."] });
      }
      // The note and its timeline entry commit together.
      const row = await db.transaction(async (txx) => {
        const tx = txx as unknown as Db;
        const [inserted] = await tx
          .insert(notes)
          .values({
            orderId,
            orderItemId,
            content,
            creatorId: staff?.id ?? null,
            updatedBy: staff?.id ?? null,
            fileIds: [...new Set(fileIds)],
          })
          .returning();
        const receipt = isReceiptNote(content);
        await recordJobEvents(tx, [
          {
            orderId,
            orderItemId,
            kind: receipt ? "receipt_note_added" : "note_added",
            toValue: timelineText(receipt ? receiptNoteText(content) : content),
            staffUserId: staff?.id ?? null,
          },
        ]);
        return inserted;
      });
      return (await toWire([row]))[0];
    },

    async addOrderItemNote(staff: StaffRow, itemId: number, content: string) {
      const item = await orderItemOf(itemId);
      return this.addOrderNote(staff, item.orderId, content, [], itemId);
    },

    /**
     * Only the author edits a job note; a missing job answers "Order not found". An edit from a
     * stale read (an older `version`, e.g. the same author in another tab) is refused with a 409.
     * The receipt note is the job's, not one person's: any staff member may correct it (`receiptNote`).
     */
    async updateOrderNote(
      staff: StaffRow,
      orderId: number,
      noteId: number,
      content: string,
      expected?: number,
      options: { receiptNote?: boolean } = {},
    ) {
      await orderExists(orderId);
      const [row] = await db
        .select()
        .from(notes)
        .where(and(eq(notes.id, noteId), eq(notes.orderId, orderId)));
      if (!row) throw notFound("Note");
      const receipt = Boolean(options.receiptNote) && isReceiptNote(row.content);
      if (!receipt && row.creatorId !== staff.id) throw new AppError("forbidden", NOTE_AUTHOR_ONLY_UPDATE);
      // The edit and its timeline entry commit together; a stale version changes nothing.
      const updated = await db.transaction(async (txx) => {
        const tx = txx as unknown as Db;
        const [changed] = await tx
          .update(notes)
          .set({ content, ...nextVersion(notes, staff) })
          .where(matchVersion(notes, noteId, expected, eq(notes.orderId, orderId)))
          .returning();
        if (!changed) return null;
        await recordJobEvents(tx, [
          {
            orderId,
            orderItemId: row.orderItemId,
            kind: receipt ? "receipt_note_edited" : "note_edited",
            fromValue: timelineText(receipt ? receiptNoteText(row.content) : row.content),
            toValue: timelineText(receipt ? receiptNoteText(content) : content),
            staffUserId: staff.id,
          },
        ]);
        return changed;
      });
      if (!updated) throw await stale(staff, noteId, expected);
      return (await toWire([updated]))[0];
    },

    /**
     * One atomic DELETE … RETURNING (scope, author and version in its WHERE) decides who removed
     * the note, so of several parallel removals exactly one succeeds; the others find it gone (404),
     * not theirs (403) or changed since they read it (409). Answers the removed note's file ids.
     */
    async removeOrderNote(
      staff: StaffRow,
      orderId: number,
      noteId: number,
      itemId?: number,
      expected?: number,
    ) {
      const scope = and(
        eq(notes.orderId, orderId),
        itemId !== undefined ? eq(notes.orderItemId, itemId) : undefined,
      );
      // The removal and its timeline entry commit together (issue 24: every job change is on it).
      return inRequestTransaction(db, async () => {
        const removed = await removeNote(staff, noteId, scope, expected);
        const receipt = isReceiptNote(removed.content);
        await recordJobEvents(db, [
          {
            orderId,
            orderItemId: removed.orderItemId,
            kind: receipt ? "receipt_note_deleted" : "note_deleted",
            fromValue: timelineText(receipt ? receiptNoteText(removed.content) : removed.content),
            staffUserId: staff.id,
          },
        ]);
        return removed.fileIds;
      });
    },

    async removeCustomerNote(staff: StaffRow, id: number, expected?: number) {
      return (await removeNote(staff, id, isNotNull(notes.customerId), expected)).fileIds;
    },
  };
}
export type NotesService = ReturnType<typeof createNotesService>;
