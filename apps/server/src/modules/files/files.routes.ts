import {
  deleteFile,
  downloadFile,
  getFile,
  listCustomerFiles,
  uploadCustomerFiles,
  uploadStaffFile,
} from "@loupe/contract";
import {
  containsNul,
  FILE_REMOVED,
  FILE_TOO_LARGE_MESSAGE,
  MAX_FILE_BYTES,
  NUL_MESSAGE,
} from "@loupe/domain";
import type { FastifyRequest } from "fastify";
import { AppError, validationError } from "../../platform/http/app-error";
import type { ModuleContext } from "../module-context";
import { toFileWire } from "./files.mappers";
import { createFilesService, type IncomingFile } from "./files.service";

/** Reads every file part of a multipart request (any field name: files[0], files[], file). */
async function readParts(req: FastifyRequest): Promise<IncomingFile[]> {
  const out: IncomingFile[] = [];
  if (!req.isMultipart()) return out;
  try {
    for await (const part of req.parts({ limits: { fileSize: MAX_FILE_BYTES } })) {
      if (part.type !== "file") continue;
      // PostgreSQL text cannot hold U+0000, and no real file is named with it.
      if (containsNul(part.filename)) {
        throw validationError({ [`files.${out.length}`]: [`The file name is invalid: it ${NUL_MESSAGE}.`] });
      }
      const chunks: Buffer[] = [];
      for await (const chunk of part.file) chunks.push(chunk as Buffer);
      out.push({ fileName: part.filename, bytes: Buffer.concat(chunks), truncated: part.file.truncated });
    }
  } catch (err) {
    if ((err as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") {
      throw validationError({ [`files.${out.length}`]: [FILE_TOO_LARGE_MESSAGE] });
    }
    // The multipart parser's own complaints (a cut-off body, a broken part header) are the caller's.
    if (err instanceof Error && !(err instanceof AppError) && !(err as { statusCode?: number }).statusCode) {
      throw new AppError("bad_request", `The multipart body is malformed: ${err.message}`);
    }
    throw err;
  }
  return out;
}

export function registerFilesRoutes({ bind, db, storage }: ModuleContext): void {
  const service = createFilesService({ db, storage });
  bind(uploadCustomerFiles, async ({ params, staff, req, reply }) => {
    const rows = await service.upload(await readParts(req), { customerId: params.id, staffId: staff.id });
    reply.status(201);
    return { data: rows.map(toFileWire) };
  });
  bind(uploadStaffFile, async ({ staff, req, reply }) => {
    const rows = await service.upload(await readParts(req), { customerId: null, staffId: staff.id });
    reply.status(201);
    return { data: rows.map(toFileWire) };
  });
  bind(listCustomerFiles, async ({ params }) => ({
    data: (await service.listForCustomer(params.id)).map(toFileWire),
  }));
  bind(getFile, async ({ params }) => ({ data: toFileWire(await service.get(params.id)) }));
  bind(downloadFile, async ({ params, query, reply }) => {
    const { row, stream, mime } = await service.open(params.id, query.thumbnail === "1");
    const disposition = query.download === "1" ? "attachment" : "inline";
    reply
      .header("content-type", mime)
      .header("content-disposition", `${disposition}; filename="${row.fileName.replace(/["\\\r\n]/g, "_")}"`)
      .header("cache-control", "private, max-age=3600")
      .header("x-content-type-options", "nosniff");
    return reply.send(stream);
  });
  bind(deleteFile, async ({ params }) => {
    await service.remove(params.id);
    return { message: FILE_REMOVED };
  });
}
