// What other modules may use of prescriptions.
export { createPrescriptionsService } from "./prescriptions.service";
