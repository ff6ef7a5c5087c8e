// What other modules may use of the access log (ADR 0013, 0026).
export { createAccessHook, recordRequestAccess } from "./access-log.hook";
export {
  type AccessActor,
  type AccessEntry,
  type AccessOutcome,
  recordAccess,
  requestContext,
} from "./access-log.record";
export { registerAccessLogRoutes } from "./access-log.routes";
export {
  type AnchorCheck,
  type AnchorsReport,
  type ChainReport,
  checkAgainstAnchor,
  checkAnchors,
  verifyAccessLog,
} from "./access-log.verify";
export { anchorKey, fileStoreAnchors } from "./anchor";
