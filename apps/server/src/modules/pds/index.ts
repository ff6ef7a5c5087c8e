// What other modules may use of PDs.
export { PD_MEASURES, type PdRow, type PresenterOptions, pdColumnName, toPdWire } from "./pds.mappers";
export { pdsCustomerMover } from "./pds.merge";
export { registerPdsRoutes } from "./pds.routes";
export { createPdsService } from "./pds.service";
