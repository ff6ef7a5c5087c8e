// What other modules may use of customers.
export {
  type CustomerEventInput,
  type CustomerEventKind,
  moveCustomerEvents,
  moveCustomerEventsBack,
  recordCustomerEvents,
} from "./customer-events";
export { createCustomerFromSource, type SourceCustomerInput } from "./customer-from-source";
export {
  customersByEmailOrMobile,
  deleteImportedCustomers,
  fillImportedCustomers,
  type ImportedCustomer,
  indexImportedCustomers,
  insertImportedCustomers,
  unindexImportedCustomers,
} from "./customers.import";
export { type CustomerRow, toCustomerWire } from "./customers.mappers";
export {
  customerEventsMover,
  customerRedirectOf,
  lockCustomersForMerge,
  type MergeCustomerRow,
  type MergeCustomerValues,
  mergedIntoError,
  reindexMergedCustomers,
  restoreMergedCustomer,
  retireMergedCustomer,
  writeMergedCustomer,
} from "./customers.merge";
export { registerCustomersRoutes } from "./customers.routes";
export { CUSTOMER_INDEX, customersSearchIndex } from "./customers.search-index";
export { type CustomersService, createCustomersService } from "./customers.service";
export { customerNotesCountSlot, customerNotesCountSqlSlot } from "./customers.slots";
export { type CustomerExportRow, customersExportReader } from "./customers-export.queries";
export { setCustomerRecallDueDate } from "./recall-due";
export { setSmsConsentFromReply } from "./sms-consent";
