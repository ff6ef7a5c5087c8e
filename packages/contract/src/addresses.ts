import type { Endpoint } from "./endpoint";
import type * as contract from "./index";

/**
 * An endpoint's address without its schemas, typed as the endpoint it reaches: the web app calls
 * `callEndpoint(listCustomersAddress, …)` and gets the endpoint's query, body and answer types, but
 * the browser loads no zod schema for it (issue 16: the first screen after sign-in ≤ 200 KB).
 * Method, base and path must equal the endpoint's literally, so an address cannot drift (the type
 * checker refuses it, and addresses.test.ts compares the values).
 */
export type AddressOf<E extends Endpoint> = Pick<E, "method" | "base" | "path"> & {
  auth?: E["auth"];
  /** Never set: it carries the endpoint's type to `callEndpoint`. */
  readonly endpoint?: E;
};

type C = typeof contract;

// The shell (signed-in user, outlet switch) and the reference lists every screen reads.
export const getMeAddress: AddressOf<C["getMe"]> = { method: "GET", base: "api", path: "/me" };
export const updateMeAddress: AddressOf<C["updateMe"]> = { method: "PUT", base: "api", path: "/me" };
export const listStaffAddress: AddressOf<C["listStaff"]> = { method: "GET", base: "api", path: "/user" };
export const listRegionsAddress: AddressOf<C["listRegions"]> = {
  method: "GET",
  base: "api",
  path: "/region",
};
export const listOutletsAddress: AddressOf<C["listOutlets"]> = {
  method: "GET",
  base: "api",
  path: "/outlet",
};
export const listItemStatusesAddress: AddressOf<C["listItemStatuses"]> = {
  method: "GET",
  base: "api",
  path: "/staff/order-item-statuses",
};
export const listPaymentStatusesAddress: AddressOf<C["listPaymentStatuses"]> = {
  method: "GET",
  base: "api",
  path: "/staff/order-payment-statuses",
};
export const listDispenseStatusesAddress: AddressOf<C["listDispenseStatuses"]> = {
  method: "GET",
  base: "api",
  path: "/staff/order-dispense-statuses",
};
export const listPrescriptionTypesAddress: AddressOf<C["listPrescriptionTypes"]> = {
  method: "GET",
  base: "api",
  path: "/v4/prescription-types",
};
export const listPrescriptionSourcesAddress: AddressOf<C["listPrescriptionSources"]> = {
  method: "GET",
  base: "api",
  path: "/prescription-source",
};
export const listPdSourcesAddress: AddressOf<C["listPdSources"]> = {
  method: "GET",
  base: "api",
  path: "/pd-source",
};
export const listColoursAddress: AddressOf<C["listColours"]> = {
  method: "GET",
  base: "api",
  path: "/colors",
};
export const listRefundReasonsAddress: AddressOf<C["listRefundReasons"]> = {
  method: "GET",
  base: "api",
  path: "/refund-reasons",
};
export const listSuppliersAddress: AddressOf<C["listSuppliers"]> = {
  method: "GET",
  base: "api",
  path: "/staff/suppliers",
};

// The customers screen.
export const listCustomersAddress: AddressOf<C["listCustomers"]> = {
  method: "GET",
  base: "api",
  path: "/v4/users",
};
export const searchCustomersIndexAddress: AddressOf<C["searchCustomersIndex"]> = {
  method: "GET",
  base: "api",
  path: "/customers-meili",
};
export const getCustomerAddress: AddressOf<C["getCustomer"]> = {
  method: "GET",
  base: "api",
  path: "/staff/customers/:id",
};
/** A customer's History panel (issue 46) opens in the profile, which loads no schemas. */
export const getCustomerHistoryAddress: AddressOf<C["getCustomerHistory"]> = {
  method: "GET",
  base: "api",
  path: "/staff/customers/:id/history",
};
export const createCustomerAddress: AddressOf<C["createCustomer"]> = {
  method: "POST",
  base: "api",
  path: "/user",
};
export const updateCustomerAddress: AddressOf<C["updateCustomer"]> = {
  method: "PUT",
  base: "api",
  path: "/staff/customers/:id",
};
export const listCustomerFilesAddress: AddressOf<C["listCustomerFiles"]> = {
  method: "GET",
  base: "api",
  path: "/customer/:id/files",
};
export const listCustomerPdsAddress: AddressOf<C["listCustomerPds"]> = {
  method: "GET",
  base: "api",
  path: "/staff/customers/:id/pds",
};
export const listCustomerPrescriptionsAddress: AddressOf<C["listCustomerPrescriptions"]> = {
  method: "GET",
  base: "api",
  path: "/staff/customers/:id/prescriptions",
};

// The list exports (issue 29): the buttons build their download address without the schemas.
export const exportCustomersAddress: AddressOf<C["exportCustomers"]> = {
  method: "GET",
  base: "api",
  path: "/staff/exports/customers",
};
export const exportJobsAddress: AddressOf<C["exportJobs"]> = {
  method: "GET",
  base: "api",
  path: "/staff/exports/jobs",
};
export const exportSubscribersAddress: AddressOf<C["exportSubscribers"]> = {
  method: "GET",
  base: "api",
  path: "/staff/exports/newsletter-subscribers",
};
export const exportOutboxAddress: AddressOf<C["exportOutbox"]> = {
  method: "GET",
  base: "api",
  path: "/staff/exports/outbox",
};

// The counter's quote (issue 44): the quote, its lines and the item picker, opened cold.
export const getQuoteAddress: AddressOf<C["getQuote"]> = {
  method: "GET",
  base: "api",
  path: "/staff/quotes/:id",
};
export const createQuoteAddress: AddressOf<C["createQuote"]> = {
  method: "POST",
  base: "api",
  path: "/staff/quotes",
};
export const updateQuoteAddress: AddressOf<C["updateQuote"]> = {
  method: "PATCH",
  base: "api",
  path: "/staff/quotes/:id",
};
export const addQuoteLineAddress: AddressOf<C["addQuoteLine"]> = {
  method: "POST",
  base: "api",
  path: "/staff/quotes/:id/lines",
};
export const updateQuoteLineAddress: AddressOf<C["updateQuoteLine"]> = {
  method: "PUT",
  base: "api",
  path: "/staff/quotes/:id/lines/:lineId",
};
export const removeQuoteLineAddress: AddressOf<C["removeQuoteLine"]> = {
  method: "DELETE",
  base: "api",
  path: "/staff/quotes/:id/lines/:lineId",
};
export const printQuoteAddress: AddressOf<C["printQuote"]> = {
  method: "GET",
  base: "api",
  path: "/staff/quotes/:id/pdf",
};
export const listCatalogueProductsAddress: AddressOf<C["listCatalogueProducts"]> = {
  method: "GET",
  base: "api",
  path: "/staff/catalogue/products",
};
