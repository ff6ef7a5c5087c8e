// The reference module's front door: outlets, regions and statuses as other modules may use them.

export { outletAddressWire, toOutletWire, toRegionWire } from "./reference.mappers";
export { invalidateReferenceData, outletTimeZoneOf, referenceData } from "./reference-cache";
