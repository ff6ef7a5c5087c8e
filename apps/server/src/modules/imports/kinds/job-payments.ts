import { checkJobPaymentRow, importCurrency, type JobPaymentImport } from "@loupe/domain";
import { importJobPayments, indexImportedJobs, removeImportedJobPayments } from "../../jobs";
import type { ImportKindHandler } from "../import-kind";
import { cellErrors, parentOf } from "./cell-errors";

// A job's payments (issue 46): money the other system took, recorded once on the imported job; the
// jobs module settles the job's paid amount, balance and payment status.

export const jobPaymentsKind: ImportKindHandler<JobPaymentImport> = {
  kind: "job_payments",
  check(row, ctx) {
    const checked = checkJobPaymentRow(row.values, {
      currency: importCurrency(ctx.country),
      today: ctx.today,
    });
    if (!checked.ok) return { ok: false, errors: cellErrors(row, checked.errors) };
    return { ok: true, record: checked.record, outletId: null };
  },
  async write(tx, rows) {
    const ids = await importJobPayments(
      tx,
      rows.map((r) => ({
        orderId: parentOf(r),
        amountMinor: r.record.amountMinor,
        tender: r.record.tender,
        paidOn: r.record.paidOn,
      })),
    );
    return ids.map((recordId) => ({ outcome: "created" as const, recordId }));
  },
  async afterCommit({ db, search }, outcomes) {
    await indexImportedJobs(db, search, { paymentIds: outcomes.map((o) => o.recordId) });
  },
  undo: (tx, ids) => removeImportedJobPayments(tx, ids),
};
