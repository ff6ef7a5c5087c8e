// What other modules may use of reference.

export {
  type OutletRow,
  outletAddressWire,
  type RegionRow,
  type StatusRow,
  toOutletWire,
  toRegionWire,
  toStatusWire,
} from "./reference.mappers";
export { registerReferenceRoutes } from "./reference.routes";
export { type OutletSupplierContact, outletSupplierContactsSlot } from "./reference.slots";
export {
  dispenseStatusesInOrder,
  invalidateReferenceData,
  knownOutlet,
  outletTimeZoneOf,
  type ReferenceData,
  referenceData,
  type SourceLists,
  sourceLists,
} from "./reference-cache";
