// What other modules may use of access-log.
export { type AccessEntry, recordAccess, requestContext } from "./access-log.record";
