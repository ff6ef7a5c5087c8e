// What other modules may use of jobs (its tables are not here: another module reads them only in
// its own *.queries.ts).
export { COUNTER_CHANNEL, type CounterJob, type CounterJobInput, createCounterJob } from "./counter-jobs";
export { type JobEventInput, recordJobEvents } from "./job-events";
export { listJobEvents } from "./job-events.queries";
export { setItemAdditionalInfo } from "./job-items";
export { applyLensOrderToItem, reindexJobs } from "./job-lens";
export { type JobPaymentInput, type JobPaymentResult, recordJobPayment } from "./job-payments";
export { readJobPayment } from "./job-payments.queries";
export { type JobReference, jobReference } from "./job-reference";
export { itemStatusId } from "./job-reference.queries";
export { lockJob, moveDeliveredOnlineJobItems, recordJobShipment } from "./job-shipment";
export { type OrderLinks, toItemWires, toPaymentWire } from "./jobs.mappers";
export { jobsCustomerMover } from "./jobs.merge";
export { registerJobsRoutes } from "./jobs.routes";
export { ordersSearchIndex } from "./jobs.search-index";
export {
  type CreditNoteInput,
  collectApprovalSlot,
  creditNoteCodeSqlSlot,
  customerChangeReentrySlot,
  type DispenseStatusChange,
  dispenseStatusChangedSlot,
  issueCreditNoteSlot,
  jobCompletedSlot,
  jobDetailPortSlot,
  jobShipmentSqlSlot,
  lensOrderSummariesSlot,
  lensOrderSummarySqlSlot,
  type OrderNotesReader,
  orderNotesCountSqlSlot,
  orderNotesSlot,
  outletMessageCountsSlot,
  type ReceiptLinks,
  receiptLinksSlot,
  refundApprovalSlot,
  regionReadyStatusesSlot,
  type SqlJsonPart,
} from "./jobs.slots";
export { type JobExportRow, jobsExportReader } from "./jobs-export.queries";
export { partialRefundMinor } from "./partial-refunds.queries";
export {
  applyLensEtaToPromise,
  assignPromisedDates,
  changePromisedDate,
} from "./promised-dates";
export { loadRefundStates } from "./refund-facts";
export {
  cancelJobFromSale,
  createJobFromSale,
  ONLINE_CHANNEL,
  recordSalePayment,
  recordSaleRefund,
  type SaleJobInput,
  type SaleJobLine,
} from "./sale-jobs";
export { registerSavedSearchesRoutes } from "./saved-searches.routes";
export { itemsNeedingReentry, itemsWithForeignPrescription } from "./selection-owners.queries";
