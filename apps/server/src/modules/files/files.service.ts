import { randomUUID } from "node:crypto";
import {
  extensionOf,
  FILE_TOO_LARGE_MESSAGE,
  FILE_TYPE_MESSAGE,
  hasAllowedExtension,
  isAllowedSniffedType,
  MAX_FILE_BYTES,
} from "@loupe/domain";
import { desc, eq } from "drizzle-orm";
import { fileTypeFromBuffer } from "file-type";
import sharp from "sharp";
import type { FileStorage } from "../../integrations/file-storage";
import type { Db } from "../../platform/db/client";
import { notFound, validationError } from "../../platform/http/app-error";
import { customers } from "../customers/customers.tables";
import type { FileRow } from "./files.mappers";
import { files } from "./files.tables";

export interface IncomingFile {
  fileName: string;
  bytes: Buffer;
  /** Set when the upload went over the size limit while streaming. */
  truncated?: boolean;
}

const MIME_BY_EXT: Record<string, string> = {
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  bmp: "image/bmp",
  pdf: "application/pdf",
  doc: "application/msword",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
};

export function createFilesService({ db, storage }: { db: Db; storage: FileStorage }) {
  /** Every file is checked (name, size, bytes) before any is stored: one bad file refuses the batch. */
  async function check(incoming: IncomingFile[]) {
    if (!incoming.length) throw validationError({ files: [FILE_TYPE_MESSAGE] });
    const checked: { f: IncomingFile; ext: string }[] = [];
    for (const [i, f] of incoming.entries()) {
      const field = `files.${i}`;
      if (f.truncated || f.bytes.length > MAX_FILE_BYTES)
        throw validationError({ [field]: [FILE_TOO_LARGE_MESSAGE] });
      const ext = extensionOf(f.fileName);
      if (!hasAllowedExtension(f.fileName)) throw validationError({ [field]: [FILE_TYPE_MESSAGE] });
      const sniffed = await fileTypeFromBuffer(f.bytes);
      if (!isAllowedSniffedType(sniffed?.mime, ext)) throw validationError({ [field]: [FILE_TYPE_MESSAGE] });
      checked.push({ f, ext });
    }
    return checked;
  }

  async function thumbnail(bytes: Buffer, ext: string): Promise<Buffer | null> {
    if (!["jpg", "jpeg", "png", "bmp"].includes(ext)) return null;
    try {
      return await sharp(bytes).rotate().resize(320, 320, { fit: "inside" }).jpeg({ quality: 80 }).toBuffer();
    } catch {
      // sharp cannot read every BMP variant; the original still serves as its own preview.
      return null;
    }
  }

  return {
    async upload(
      incoming: IncomingFile[],
      owner: { customerId: number | null; staffId: number },
    ): Promise<FileRow[]> {
      if (owner.customerId != null) {
        const [c] = await db
          .select({ id: customers.id })
          .from(customers)
          .where(eq(customers.id, owner.customerId));
        if (!c) throw notFound("Customer");
      }
      const checked = await check(incoming);
      const stored: { key: string; thumb: string | null; f: IncomingFile; ext: string }[] = [];
      try {
        for (const { f, ext } of checked) {
          const month = new Date().toISOString().slice(0, 7);
          const key = `${month}/${randomUUID()}.${ext}`;
          await storage.put(key, f.bytes, MIME_BY_EXT[ext]);
          const thumbBytes = await thumbnail(f.bytes, ext);
          const thumb = thumbBytes ? key.replace(/\.[a-z]+$/, ".thumb.jpg") : null;
          if (thumbBytes && thumb) await storage.put(thumb, thumbBytes, "image/jpeg");
          stored.push({ key, thumb, f, ext });
        }
        return await db
          .insert(files)
          .values(
            stored.map((s) => ({
              customerId: owner.customerId,
              fileName: s.f.fileName.slice(0, 255),
              storageKey: s.key,
              thumbnailKey: s.thumb,
              mimeType: MIME_BY_EXT[s.ext],
              sizeBytes: s.f.bytes.length,
              uploadedBy: owner.staffId,
            })),
          )
          .returning();
      } catch (err) {
        // No half-written upload: bytes stored before a failure are removed again.
        await Promise.all(
          stored.flatMap((s) => [storage.remove(s.key), s.thumb ? storage.remove(s.thumb) : null]),
        );
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

    async open(id: number, wantThumbnail: boolean) {
      const row = await this.get(id);
      const key = wantThumbnail && row.thumbnailKey ? row.thumbnailKey : row.storageKey;
      return {
        row,
        stream: await storage.get(key),
        mime: wantThumbnail && row.thumbnailKey ? "image/jpeg" : row.mimeType,
      };
    },

    async remove(id: number) {
      const row = await this.get(id);
      await db.delete(files).where(eq(files.id, id));
      await storage.remove(row.storageKey);
      if (row.thumbnailKey) await storage.remove(row.thumbnailKey);
    },
  };
}
export type FilesService = ReturnType<typeof createFilesService>;
