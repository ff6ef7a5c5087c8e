// What other modules may use of jobs.
export { type JobEventInput, recordJobEvents } from "./job-events";
export { applyLensOrderToItem, itemStatusId, reindexJobs } from "./job-lens";
export { type JobReference, jobReference } from "./job-reference";
export { lockJob, moveDeliveredOnlineJobItems, recordJobShipment } from "./job-shipment";
export { partialRefundMinor } from "./partial-refunds.queries";
export { loadRefundStates } from "./refund-facts";
export { itemsNeedingReentry, itemsWithForeignPrescription } from "./selection-owners.queries";
