import {
  createImportPreset,
  deleteImportPreset,
  downloadImportRejects,
  dryRunImport,
  finalImport,
  getImport,
  getImportReconciliation,
  importColumnValues,
  listImportPresets,
  listImportRejects,
  listImports,
  mapImport,
  pauseImport,
  previewImport,
  resumeImport,
  runImport,
  undoImport,
  updateImportPreset,
  uploadImport,
} from "@loupe/contract";
import { containsNul, IMPORT_MAX_FILE_BYTES, NUL_MESSAGE } from "@loupe/domain";
import type { FastifyRequest } from "fastify";
import { AppError, validationError } from "../../platform/http/app-error";
import type { Binder } from "../../platform/http/bind";
import { sendCsvStream } from "../../platform/http/csv-stream";
import type { ModuleContext } from "../module-context";
import type { ImportsService, UploadPart } from "./imports.service";

/** The upload's parts as they arrive; the file's bytes are streamed on, never gathered. */
async function* uploadParts(req: FastifyRequest): AsyncGenerator<UploadPart> {
  if (!req.isMultipart()) return;
  try {
    for await (const part of req.parts({
      limits: { fileSize: IMPORT_MAX_FILE_BYTES, files: 1, fields: 10 },
    })) {
      if (part.type === "file") {
        if (containsNul(part.filename))
          throw validationError({ file: [`The file name is invalid: it ${NUL_MESSAGE}.`] });
        yield { type: "file", fileName: part.filename, stream: part.file };
      } else yield { type: "field", name: part.fieldname, value: String(part.value ?? "") };
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === "FST_FILES_LIMIT") throw validationError({ file: ["Send one file per import."] });
    if (err instanceof Error && !(err instanceof AppError) && !(err as { statusCode?: number }).statusCode)
      throw new AppError("bad_request", `The multipart body is malformed: ${err.message}`);
    throw err;
  }
}

/**
 * Every imports endpoint asks the customer rulebook's `import_records` first (administrators):
 * bound through `ruled`, no route can forget it.
 */
export function registerImportStaffRoutes({ bind }: ModuleContext, service: ImportsService): void {
  const ruled: Binder = (endpoint, handler) =>
    bind(endpoint, async (call) => {
      service.checkRule(call.staff);
      return handler(call);
    });
  ruled(listImports, ({ query }) => service.list(query.page, query.per_page, query.kind));
  ruled(uploadImport, async ({ req, reply, staff }) => {
    const data = await service.upload(uploadParts(req), staff);
    reply.status(201);
    return { message: "The file is uploaded: map its columns, then run the dry run.", data };
  });
  ruled(getImport, async ({ params }) => ({ data: await service.get(params.id) }));
  ruled(mapImport, async ({ params, body, staff }) => ({
    message: "The mapping is saved.",
    data: await service.setMapping(params.id, body, staff),
  }));
  ruled(previewImport, async ({ params, query }) => ({ data: await service.preview(params.id, query.rows) }));
  ruled(importColumnValues, async ({ params, query }) => ({
    data: await service.columnValues(params.id, query.column),
  }));
  const version = (body: unknown) => (body as { version?: number } | null)?.version;
  ruled(dryRunImport, async ({ params, body, staff, reply }) => {
    const data = await service.dryRun(params.id, version(body), staff);
    reply.status(202);
    return { message: "The dry run has started.", data };
  });
  ruled(runImport, async ({ params, body, staff, reply }) => {
    const data = await service.run(params.id, version(body), staff);
    reply.status(202);
    return { message: "The import has started.", data };
  });
  ruled(pauseImport, async ({ params, body }) => ({
    message: "The import pauses after the rows in hand.",
    data: await service.pause(params.id, version(body)),
  }));
  ruled(resumeImport, async ({ params, body, staff, reply }) => {
    const data = await service.resume(params.id, version(body), staff);
    reply.status(202);
    return { message: "The import carries on where it stopped.", data };
  });
  ruled(undoImport, async ({ params, body, staff, reply }) => {
    const data = await service.undo(params.id, version(body), staff);
    reply.status(202);
    return { message: "The import is being undone.", data };
  });
  ruled(finalImport, async ({ params, body }) => ({
    message: "The import is final.",
    data: await service.final(params.id, version(body)),
  }));
  ruled(listImportRejects, ({ params, query }) => service.rejects(params.id, query.page, query.per_page));
  ruled(downloadImportRejects, async ({ params, req, reply }) => {
    const { fileName, chunks } = await service.rejectsCsv(params.id);
    const end = await sendCsvStream(reply, fileName, chunks);
    if (!end.complete && end.error)
      req.log.error({ err: end.error }, "import rejects download failed part-way");
    return reply;
  });
  ruled(getImportReconciliation, async ({ params }) => ({ data: await service.reconciliation(params.id) }));
  ruled(listImportPresets, async ({ query }) => ({
    data: await service.presets(query.kind, query.source_system),
  }));
  ruled(createImportPreset, async ({ body, staff, reply }) => {
    const data = await service.savePreset(null, body, staff);
    reply.status(201);
    return { message: "The preset is saved.", data };
  });
  ruled(updateImportPreset, async ({ params, body, staff }) => ({
    message: "The preset is saved.",
    data: await service.savePreset(params.id, body, staff),
  }));
  ruled(deleteImportPreset, async ({ params }) => {
    await service.deletePreset(params.id);
    return { message: "The preset is deleted." };
  });
}
