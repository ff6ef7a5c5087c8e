import {
  deleteFile,
  downloadFile,
  getFile,
  listCustomerFiles,
  uploadCustomerFiles,
  uploadStaffFile,
} from "@loupe/contract";
import { FILE_REMOVED, MAX_FILE_BYTES } from "@loupe/domain";
import { create as contentDisposition } from "content-disposition";
import type { FastifyRequest } from "fastify";
import { recordRequestAccess } from "../access-log/access-log.hook";
import type { ModuleContext } from "../module-context";
import { toFileWire } from "./files.mappers";
import { createFilesService, type IncomingFile } from "./files.service";

/** Every file part of a multipart request as it arrives (any field name: files[0], files[], file). */
async function* fileParts(req: FastifyRequest): AsyncGenerator<IncomingFile> {
  if (!req.isMultipart()) return;
  for await (const part of req.parts({ limits: { fileSize: MAX_FILE_BYTES } })) {
    if (part.type !== "file") continue;
    yield { fileName: part.filename, stream: part.file };
  }
}

/** Documents are never rendered from our origin: they download. Images may show inline. */
const INLINE_TYPES = new Set(["image/jpeg", "image/png", "image/bmp"]);

export function registerFilesRoutes({ bind, database, db, storage }: ModuleContext): void {
  const service = createFilesService({ db, storage });
  bind(uploadCustomerFiles, async ({ params, staff, req, reply }) => {
    const rows = await service.upload(fileParts(req), { customerId: params.id, staffId: staff.id });
    reply.status(201);
    return { data: rows.map(toFileWire) };
  });
  bind(uploadStaffFile, async ({ staff, req, reply }) => {
    const rows = await service.upload(fileParts(req), { customerId: null, staffId: staff.id });
    reply.status(201);
    return { data: rows.map(toFileWire) };
  });
  bind(listCustomerFiles, async ({ params }) => ({
    data: (await service.listForCustomer(params.id)).map(toFileWire),
  }));
  bind(getFile, async ({ params }) => ({ data: toFileWire(await service.get(params.id)) }));
  bind(downloadFile, async ({ params, query, req, reply }) => {
    const { row, stream, mime } = await service.open(params.id, query.thumbnail === "1");
    // Logged before the first byte leaves: once streaming starts, a failed log write could not fail it.
    // A thumbnail in a list is a view of the scan; the file itself is a download.
    await recordRequestAccess(database, req, {
      resourceId: row.id,
      customerId: row.customerId,
      action: query.thumbnail === "1" ? "view" : "download",
    });
    const inline = query.download !== "1" && INLINE_TYPES.has(mime);
    reply
      .header("content-type", mime)
      // RFC 6266: an ASCII fallback plus filename* in UTF-8, so names in any script survive.
      .header(
        "content-disposition",
        contentDisposition(row.fileName, { type: inline ? "inline" : "attachment" }),
      )
      .header(
        "content-security-policy",
        "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'",
      )
      .header("cache-control", "private, max-age=3600")
      .header("x-content-type-options", "nosniff");
    return reply.send(stream);
  });
  bind(deleteFile, async ({ params, staff }) => {
    await service.remove(params.id, staff);
    return { message: FILE_REMOVED };
  });
}
