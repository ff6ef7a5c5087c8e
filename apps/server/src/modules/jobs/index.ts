// What other modules may use of jobs.
export { type JobEventInput, recordJobEvents } from "./job-events";
export { setItemAdditionalInfo } from "./job-items";
export { applyLensOrderToItem, itemStatusId, reindexJobs } from "./job-lens";
export { type JobReference, jobReference } from "./job-reference";
export { lockJob, moveDeliveredOnlineJobItems, recordJobShipment } from "./job-shipment";
export { toItemWires } from "./jobs.mappers";
export { loadRefundStates } from "./refund-facts";
export { itemsNeedingReentry, itemsWithForeignPrescription } from "./selection-owners.queries";
