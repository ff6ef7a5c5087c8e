import type { OutletWire, RegionWire } from "@loupe/contract";
import type { outlets, regions, statuses } from "./reference.tables";

export type RegionRow = typeof regions.$inferSelect;
export type OutletRow = typeof outlets.$inferSelect;
export type StatusRow = typeof statuses.$inferSelect;

export const toRegionWire = (r: RegionRow): RegionWire => ({
  id: r.id,
  name: r.name,
  country_code: r.countryCode,
  countryCode: r.countryCode,
  default_currency: r.defaultCurrency,
  timezone: r.timezone,
});

/** An outlet's postal address as every wire names it. */
export const outletAddressWire = (
  o: Pick<OutletRow, "address1" | "address2" | "suburb" | "city" | "state" | "postcode" | "country">,
) => ({
  address1: o.address1,
  address2: o.address2,
  suburb: o.suburb,
  city: o.city,
  state: o.state,
  postcode: o.postcode,
  country: o.country,
});

export const toOutletWire = (o: OutletRow, withAddress = true): OutletWire => ({
  id: o.id,
  abbreviation: o.abbreviation,
  name: o.name,
  region_id: o.regionId,
  email: o.email,
  phone: o.phone,
  is_active: o.isActive,
  time_zone: o.timeZone,
  ...(withAddress
    ? {
        address: outletAddressWire(o),
      }
    : {}),
});

export const toStatusWire = (s: StatusRow) => ({
  id: s.id,
  slug: s.slug,
  display_name: s.displayName,
  selectable: s.selectable,
  sort_order: s.sortOrder,
});
