import {
  deleteFile,
  downloadFile,
  getFile,
  listCustomerFiles,
  uploadCustomerFiles,
  uploadStaffFile,
} from "@loupe/contract";
import { containsNul, FILE_REMOVED, MAX_FILE_BYTES, NUL_MESSAGE } from "@loupe/domain";
import { create as contentDisposition } from "content-disposition";
import type { FastifyRequest } from "fastify";
import { AppError, validationError } from "../../platform/http/app-error";
import { recordRequestAccess } from "../access-log";
import type { ModuleContext } from "../module-context";
import { toFileWire } from "./files.mappers";
import { createFilesService, type IncomingFile } from "./files.service";

/** Every file part of a multipart request as it arrives (any field name: files[0], files[], file). */
async function* fileParts(req: FastifyRequest): AsyncGenerator<IncomingFile> {
  if (!req.isMultipart()) return;
  let index = 0;
  try {
    for await (const part of req.parts({ limits: { fileSize: MAX_FILE_BYTES } })) {
      if (part.type !== "file") continue;
      // PostgreSQL text cannot hold U+0000, and no real file is named with it.
      if (containsNul(part.filename)) {
        throw validationError({ [`files.${index}`]: [`The file name is invalid: it ${NUL_MESSAGE}.`] });
      }
      index++;
      yield { fileName: part.filename, stream: part.file };
    }
  } catch (err) {
    // The multipart parser's own complaints (a cut-off body, a broken part header) are the caller's;
    // a part over the size limit is the service's to answer (it names the file).
    const code = (err as { code?: string }).code;
    if (
      err instanceof Error &&
      !(err instanceof AppError) &&
      code !== "FST_REQ_FILE_TOO_LARGE" &&
      !(err as { statusCode?: number }).statusCode
    ) {
      throw new AppError("bad_request", `The multipart body is malformed: ${err.message}`);
    }
    throw err;
  }
}

/** Documents are never rendered from our origin: they download. Images may show inline. */
const INLINE_TYPES = new Set(["image/jpeg", "image/png", "image/bmp"]);

export function registerFilesRoutes({ bind, database, db, slots, storage }: ModuleContext): void {
  const service = createFilesService({ db, storage, slots });
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
    // Opened first: bytes missing from the store are a 410 (logged as failed), never a stream error.
    const { row, stream, mime } = await service.open(params.id, query.thumbnail === "1");
    try {
      // Logged before the first byte leaves: once streaming starts, a failed log write could not fail it.
      // A thumbnail in a list is a view of the scan; the file itself is a download.
      await recordRequestAccess(database, req, {
        resourceId: row.id,
        customerId: row.customerId,
        action: query.thumbnail === "1" ? "view" : "download",
      });
    } catch (err) {
      // Closes the opened file: a stream never sent holds it open otherwise.
      stream.destroy();
      throw err;
    }
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
