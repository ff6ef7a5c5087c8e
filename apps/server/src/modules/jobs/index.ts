// What other modules may use of jobs.
export { moveDeliveredOnlineJobItems, recordJobShipment } from "./job-shipment";
