import type { NoteWire } from "@loupe/contract";
import { and, desc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { AppError, notFound, validationError } from "../../platform/http/app-error";
import { customers } from "../customers/customers.tables";
import { toFileWire } from "../files/files.mappers";
import { files } from "../files/files.tables";
import type { StaffRow } from "../staff/staff.service";
import { staffUsers } from "../staff/staff.tables";
import { notes } from "./notes.tables";

type NoteRow = typeof notes.$inferSelect;

export const NOTE_AUTHOR_ONLY = "Only the author can remove this note.";

export function createNotesService(db: Db) {
  async function toWire(rows: NoteRow[]): Promise<NoteWire[]> {
    if (!rows.length) return [];
    const creatorIds = [...new Set(rows.map((r) => r.creatorId).filter((v): v is number => v != null))];
    const fileIds = [...new Set(rows.flatMap((r) => r.fileIds))];
    const [creators, fileRows] = await Promise.all([
      creatorIds.length
        ? db.select().from(staffUsers).where(inArray(staffUsers.id, creatorIds))
        : Promise.resolve([]),
      fileIds.length ? db.select().from(files).where(inArray(files.id, fileIds)) : Promise.resolve([]),
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
      };
    });
  }

  return {
    toWire,
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
      const [c] = await db.select({ id: customers.id }).from(customers).where(eq(customers.id, customerId));
      if (!c) throw notFound("Customer");
      if (fileIds.length) {
        const found = await db.select({ id: files.id }).from(files).where(inArray(files.id, fileIds));
        if (found.length !== new Set(fileIds).size)
          throw validationError({ files: ["One of the files does not exist."] });
      }
      const [row] = await db
        .insert(notes)
        .values({ customerId, content, creatorId: staff?.id ?? null, fileIds: [...new Set(fileIds)] })
        .returning();
      return (await toWire([row]))[0];
    },

    async removeCustomerNote(staff: StaffRow, id: number) {
      const [row] = await db.select().from(notes).where(eq(notes.id, id));
      if (!row || row.customerId == null) throw notFound("Note");
      if (row.creatorId !== staff.id) throw new AppError("forbidden", NOTE_AUTHOR_ONLY);
      await db.delete(notes).where(and(eq(notes.id, id), eq(notes.creatorId, staff.id)));
    },
  };
}
export type NotesService = ReturnType<typeof createNotesService>;
