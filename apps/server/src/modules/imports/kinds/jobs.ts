import {
  checkJobRow,
  IMPORT_SOURCE_SYSTEM_LABELS,
  importedFromText,
  type JobImport,
  ORDER_DISPENSE_STATUSES,
} from "@loupe/domain";
import { importJobs, indexImportedJobs, removeImportedJobs, unindexImportedJobs } from "../../jobs";
import { importNotes, removeNotesOfOrders } from "../../notes";
import { referenceData } from "../../reference";
import type { ImportKindHandler } from "../import-kind";
import { cellErrors, parentOf } from "./cell-errors";

// Jobs (issue 46): history, read-only once imported (the job rulebook's `imported`). The outlet is an
// outlet's abbreviation, the status one of reference data's dispense statuses; the job keeps the
// other system's number, its timeline says where it came from, and its notes become the job's notes.

interface JobsLoaded {
  statusSlugs: string[];
  zoneOf: Map<number, string>;
}

export const jobsKind: ImportKindHandler<JobImport, JobsLoaded> = {
  kind: "jobs",
  grows: ["orders"],
  async load(db) {
    const r = await referenceData(db, true);
    const known = new Set(ORDER_DISPENSE_STATUSES.map((s) => s.slug));
    return {
      statusSlugs: r.statuses.filter((s) => s.kind === "dispense" && known.has(s.slug)).map((s) => s.slug),
      zoneOf: new Map(r.outlets.map((o) => [o.id, o.timeZone])),
    };
  },
  check(row, ctx) {
    const checked = checkJobRow(row.values, {
      outlets: ctx.outlets.map((o) => ({ ...o, timeZone: ctx.loaded.zoneOf.get(o.id) ?? null })),
      statusSlugs: ctx.loaded.statusSlugs,
      today: ctx.today,
    });
    if (!checked.ok) return { ok: false, errors: cellErrors(row, checked.errors) };
    return { ok: true, record: checked.record, outletId: checked.record.outletId };
  },
  async write(tx, rows, ctx) {
    const text = importedFromText(IMPORT_SOURCE_SYSTEM_LABELS[ctx.sourceSystem], ctx.batchId);
    const ids = await importJobs(
      tx,
      rows.map((r) => ({
        customerId: parentOf(r),
        outletId: r.record.outletId,
        statusSlug: r.record.statusSlug,
        createdAt: r.record.createdAt,
        jobNumber: r.record.jobNumber,
        sourceId: r.sourceId,
      })),
      { system: ctx.sourceSystem, text, batchId: ctx.batchId },
    );
    const withNotes = rows.flatMap((r, i) => (r.record.notes ? [{ row: r, orderId: ids[i] }] : []));
    await importNotes(
      tx,
      withNotes.map(({ row, orderId }) => ({
        customerId: null,
        orderId,
        content: row.record.notes as string,
        createdAt: row.record.createdAt,
        importedBy: ctx.actor.id,
      })),
    );
    return ids.map((recordId) => ({ outcome: "created" as const, recordId }));
  },
  async afterCommit({ db, search }, outcomes) {
    await indexImportedJobs(db, search, { orderIds: outcomes.map((o) => o.recordId) });
  },
  async afterUndo({ search }, recordIds) {
    await unindexImportedJobs(search, recordIds);
  },
  async undo(tx, ids) {
    await removeNotesOfOrders(tx, ids);
    await removeImportedJobs(tx, ids);
  },
};
