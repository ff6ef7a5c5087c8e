// What other modules may use of PDs.

export { type ImportedPd, importPds, removeImportedPds } from "./pds.import";
export { PD_MEASURES, type PdRow, type PresenterOptions, pdColumnName, toPdWire } from "./pds.mappers";
export { pdsCustomerMover } from "./pds.merge";
export { importedPdSourceId } from "./pds.queries";
export { registerPdsRoutes } from "./pds.routes";
export { createPdsService } from "./pds.service";
