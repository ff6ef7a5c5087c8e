import { checkJobItemRow, importCurrency, type JobItemImport } from "@loupe/domain";
import { importJobItems, indexImportedJobs, removeImportedJobItems } from "../../jobs";
import type { ImportKindHandler } from "../import-kind";
import { cellErrors, parentOf } from "./cell-errors";

// A job's items (issue 46): price each, tax included, in the chain's currency's minor units; the
// jobs module sells each as its SKU's product (else the region's "Imported item") and settles the
// job's total.

export const jobItemsKind: ImportKindHandler<JobItemImport> = {
  kind: "job_items",
  check(row, ctx) {
    const checked = checkJobItemRow(row.values, { currency: importCurrency(ctx.country) });
    if (!checked.ok) return { ok: false, errors: cellErrors(row, checked.errors) };
    return { ok: true, record: checked.record, outletId: null };
  },
  async write(tx, rows) {
    const ids = await importJobItems(
      tx,
      rows.map((r) => ({ orderId: parentOf(r), ...r.record })),
    );
    return ids.map((recordId) => ({ outcome: "created" as const, recordId }));
  },
  async afterCommit({ db, search }, outcomes) {
    await indexImportedJobs(db, search, { itemIds: outcomes.map((o) => o.recordId) });
  },
  undo: (tx, ids) => removeImportedJobItems(tx, ids),
};
