// What other modules may use of prescriptions.
export { type PrescriptionRow, type RxSource, toPrescriptionWire } from "./prescriptions.mappers";
export { prescriptionsCustomerMover } from "./prescriptions.merge";
export { registerPrescriptionsRoutes } from "./prescriptions.routes";
export { createPrescriptionsService } from "./prescriptions.service";
export { prescriptionSavedSlot } from "./prescriptions.slots";
