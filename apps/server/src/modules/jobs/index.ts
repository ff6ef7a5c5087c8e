// What other modules may use of jobs.
export { lockJob, moveDeliveredOnlineJobItems, recordJobShipment } from "./job-shipment";
