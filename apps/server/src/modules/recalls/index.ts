// What other modules may use of recalls (issue 28). Its tables are not here.

export {
  type ImportedRecall,
  type ImportedRecallOutcome,
  importRecalls,
  recallTypesForImport,
  removeImportedRecalls,
} from "./recalls.import";
export { recallsCustomerMover } from "./recalls.merge";
export { registerRecallsRoutes } from "./recalls.routes";
export {
  createRecallsService,
  RECALL_STEP_META,
  type RecallsDeps,
  type RecallsService,
} from "./recalls.service";
export { type RecallExportRow, recallsExportReader } from "./recalls-export";
