// Sales from outside (issue 45): the stores configured by environment, one per source per region,
// and the local stand-ins where none is. Built by the Lightspeed and Shopify adapters' owners.
export type {
  IncomingCustomer,
  IncomingLine,
  IncomingPayment,
  IncomingSale,
  SaleDelivery,
  SaleSource,
  SalesStore,
  SalesStores,
  SyncPage,
} from "./sales.port";
export { SaleDeliveryError } from "./sales.port";
