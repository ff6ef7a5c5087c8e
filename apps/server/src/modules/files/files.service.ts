import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import {
  extensionOf,
  FILE_TOO_LARGE_MESSAGE,
  FILE_TYPE_MESSAGE,
  fileBytesMissingMessage,
  hasAllowedExtension,
  isAdmin,
  isAllowedSniffedType,
  MAX_FILE_BYTES,
} from "@loupe/domain";
import { desc, eq, inArray } from "drizzle-orm";
import { fileTypeFromBuffer } from "file-type";
import sharp from "sharp";
import { type FileStorage, StoredBytesMissing } from "../../integrations/file-storage";
import type { Db } from "../../platform/db/client";
import { AppError, notFound, validationError } from "../../platform/http/app-error";
import type { Slots } from "../../platform/slots";
import type { FileRow } from "./files.mappers";
import { customerIdOf, orphanNoteFiles } from "./files.queries";
import { noteFileHoldersSlot, prescriptionHoldsFileSlot } from "./files.slots";
import { files } from "./files.tables";

export const FILE_ON_OTHERS_NOTE =
  "This file is attached to another staff member's note: only that note's author (by removing the note) or an administrator can remove it.";

/** One file part of an upload, read as it arrives: its bytes are never held whole in memory. */
export interface IncomingFile {
  fileName: string;
  stream: Readable;
}

/**
 * Decoding an image is the one step whose memory grows with the picture, not the chunk: at most
 * two thumbnails are made at a time, the rest wait their turn.
 */
const THUMBNAIL_SLOTS = 2;
let thumbnailsRunning = 0;
const thumbnailQueue: (() => void)[] = [];
async function inThumbnailSlot<T>(work: () => Promise<T>): Promise<T> {
  if (thumbnailsRunning >= THUMBNAIL_SLOTS) await new Promise<void>((r) => thumbnailQueue.push(r));
  else thumbnailsRunning++;
  try {
    return await work();
  } finally {
    const next = thumbnailQueue.shift();
    if (next) next();
    else thumbnailsRunning--;
  }
}

/** Enough leading bytes for `file-type` to tell every allowed type apart. */
const SNIFF_BYTES = 4100;

class TooLarge extends Error {}

/**
 * Reads just the first bytes of a stream to sniff its type, and answers a stream of the whole
 * content (those bytes first) that fails with `TooLarge` once it passes `limit` bytes.
 */
async function peek(
  stream: Readable,
  limit: number,
): Promise<{ head: Buffer; body: Readable; size: () => number }> {
  const it = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const first: Buffer[] = [];
  let seen = 0;
  let done = false;
  while (seen < SNIFF_BYTES) {
    const next = await it.next();
    if (next.done) {
      done = true;
      break;
    }
    first.push(next.value);
    seen += next.value.length;
  }
  const head = Buffer.concat(first);
  if (head.length > limit) throw new TooLarge();
  let total = head.length;
  async function* all() {
    yield head;
    if (done) return;
    for (let next = await it.next(); !next.done; next = await it.next()) {
      total += next.value.length;
      if (total > limit) throw new TooLarge();
      yield next.value;
    }
  }
  return { head, body: Readable.from(all(), { objectMode: false }), size: () => total };
}

const isTooLarge = (err: unknown) =>
  err instanceof TooLarge || (err as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE";

const MIME_BY_EXT: Record<string, string> = {
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  bmp: "image/bmp",
  pdf: "application/pdf",
  doc: "application/msword",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
};

/**
 * `slots` are the app's: removing a file asks the notes and prescriptions modules (above files) who
 * holds it (`files.slots.ts`). A service that only stores and serves files may leave them out.
 */
export function createFilesService({ db, storage, slots }: { db: Db; storage: FileStorage; slots?: Slots }) {
  const appSlots = () => {
    if (!slots)
      throw new Error("files service built without the app's slots: it cannot tell who holds a file");
    return slots;
  };

  async function removeBytes(row: FileRow) {
    await storage.remove(row.storageKey);
    if (row.thumbnailKey) await storage.remove(row.thumbnailKey);
  }

  /** A small preview of an image, read back from storage so the original never sits in memory. */
  async function thumbnail(key: string, ext: string): Promise<string | null> {
    if (!["jpg", "jpeg", "png", "bmp"].includes(ext)) return null;
    const thumbKey = key.replace(/\.[a-z]+$/, ".thumb.jpg");
    try {
      return await inThumbnailSlot(async () => {
        const resize = sharp({ sequentialRead: true })
          .rotate()
          .resize(320, 320, { fit: "inside" })
          .jpeg({ quality: 80 });
        const source = await storage.get(key);
        source.on("error", (err) => resize.destroy(err));
        await storage.put(thumbKey, source.pipe(resize), "image/jpeg");
        return thumbKey;
      });
    } catch {
      // sharp cannot read every BMP variant; the original still serves as its own preview.
      return null;
    }
  }

  /**
   * Streams one file part to storage: the name and the first bytes are checked before anything
   * is written, the size limit is enforced while streaming, and a partial file is removed.
   */
  async function store(f: IncomingFile, field: string) {
    const ext = extensionOf(f.fileName);
    if (!hasAllowedExtension(f.fileName)) throw validationError({ [field]: [FILE_TYPE_MESSAGE] });
    const month = new Date().toISOString().slice(0, 7);
    const key = `${month}/${randomUUID()}.${ext}`;
    let size = 0;
    try {
      const { head, body, size: sizeOf } = await peek(f.stream, MAX_FILE_BYTES);
      const sniffed = await fileTypeFromBuffer(head);
      if (!isAllowedSniffedType(sniffed?.mime, ext)) throw validationError({ [field]: [FILE_TYPE_MESSAGE] });
      await storage.put(key, body, MIME_BY_EXT[ext]);
      size = sizeOf();
      // The multipart reader cuts a part at the limit and flags it rather than failing the stream.
      if ((f.stream as Readable & { truncated?: boolean }).truncated) {
        await storage.remove(key);
        throw new TooLarge();
      }
    } catch (err) {
      // The rest of a refused part is drained, so the request can still be answered.
      f.stream.resume();
      if (isTooLarge(err)) throw validationError({ [field]: [FILE_TOO_LARGE_MESSAGE] });
      throw err;
    }
    return { key, thumb: await thumbnail(key, ext), fileName: f.fileName, ext, size };
  }

  return {
    /**
     * Stores every file of an upload as it arrives. One bad file refuses the batch: the files
     * stored before it are removed again. Parts must be consumed in order, so the caller hands
     * an iterator over the request's parts.
     */
    async upload(
      incoming: AsyncIterable<IncomingFile>,
      owner: { customerId: number | null; staffId: number },
    ): Promise<FileRow[]> {
      if (owner.customerId != null) {
        const [c] = await customerIdOf(db, owner.customerId);
        if (!c) throw notFound("Customer");
      }
      const stored: Awaited<ReturnType<typeof store>>[] = [];
      try {
        for await (const f of incoming) stored.push(await store(f, `files.${stored.length}`));
        if (!stored.length) throw validationError({ files: [FILE_TYPE_MESSAGE] });
        return await db
          .insert(files)
          .values(
            stored.map((s) => ({
              customerId: owner.customerId,
              fileName: s.fileName.slice(0, 255),
              storageKey: s.key,
              thumbnailKey: s.thumb,
              mimeType: MIME_BY_EXT[s.ext],
              sizeBytes: s.size,
              uploadedBy: owner.staffId,
            })),
          )
          .returning();
      } catch (err) {
        // No half-written upload: bytes stored before a failure are removed again.
        await Promise.all(
          stored.flatMap((s) => [storage.remove(s.key), s.thumb ? storage.remove(s.thumb) : null]),
        );
        // The multipart reader may report the size limit itself, between two parts.
        if (isTooLarge(err)) throw validationError({ [`files.${stored.length}`]: [FILE_TOO_LARGE_MESSAGE] });
        throw err;
      }
    },

    async get(id: number) {
      const [row] = await db.select().from(files).where(eq(files.id, id));
      if (!row) throw notFound("File");
      return row;
    },

    listForCustomer(customerId: number) {
      return db
        .select()
        .from(files)
        .where(eq(files.customerId, customerId))
        .orderBy(desc(files.createdAt), desc(files.id));
    },

    /**
     * A file's bytes (or its thumbnail's), opened: a row whose bytes the store does not hold is a
     * 410 naming the file, not a stream that fails later (ADR 0048). The caller sends the stream,
     * or destroys it if it gives up before sending.
     */
    async open(id: number, wantThumbnail: boolean) {
      const row = await this.get(id);
      const thumbnail = wantThumbnail && row.thumbnailKey !== null;
      try {
        return {
          row,
          stream: await storage.get(thumbnail ? row.thumbnailKey! : row.storageKey),
          mime: thumbnail ? "image/jpeg" : row.mimeType,
        };
      } catch (err) {
        if (err instanceof StoredBytesMissing)
          throw new AppError("gone", fileBytesMissingMessage(row.fileName, thumbnail));
        throw err;
      }
    },

    /**
     * Removes a file. A file attached to another staff member's note (or a system note) goes only
     * with that note, or by an administrator's hand.
     */
    async remove(id: number, staff: { id: number; roleId: number }) {
      const row = await this.get(id);
      if (!isAdmin(staff)) {
        const holders = await noteFileHoldersSlot.get(appSlots()).notesHoldingFile(db, id);
        if (holders.some((n) => n.creatorId !== staff.id))
          throw new AppError("forbidden", FILE_ON_OTHERS_NOTE);
      }
      const [deleted] = await db.delete(files).where(eq(files.id, id)).returning({ id: files.id });
      if (!deleted) throw notFound("File");
      await removeBytes(row);
    },

    /**
     * After a note is removed: its attachments that were uploaded for notes (no customer) and
     * that no other note or prescription holds go with it.
     */
    async removeNoteAttachments(fileIds: number[]) {
      if (!fileIds.length) return;
      const orphans = await orphanNoteFiles(db, fileIds, {
        note: noteFileHoldersSlot.get(appSlots()).noteHoldsFile,
        prescription: prescriptionHoldsFileSlot.get(appSlots()),
      });
      if (!orphans.length) return;
      const gone = await db.delete(files).where(inArray(files.id, orphans)).returning();
      await Promise.all(gone.map(removeBytes));
    },
  };
}
export type FilesService = ReturnType<typeof createFilesService>;
