import type { OrderWire } from "@loupe/contract";
import type { Db } from "../../platform/db/client";
import { outletAddressWire, type ReferenceData, referenceData } from "../reference";

type Outlet = ReferenceData["outlets"][number];
type Region = ReferenceData["regions"][number];

/** The lookups a job's wire reads from reference data: statuses by id, outlets, regions, zones. */
export interface JobReference {
  status: Map<number, { id: number; slug: string; display_name: string }>;
  outlet: Map<number, Outlet>;
  region: Map<number, Region>;
  /** Each outlet as a job's `origin_outlet`, built once per copy of the reference data and frozen. */
  originOutlet: Map<number, OrderWire["origin_outlet"]>;
  /** The time zone of an outlet's region, for "paid today" in the refund rule. */
  zoneOfOutlet: (outletId: number) => string;
}

// Keyed by the cached reference object: the maps are built once per copy, not on every page.
const built = new WeakMap<ReferenceData, JobReference>();

function build(reference: ReferenceData): JobReference {
  const status = new Map(
    reference.statuses.map((s) => [s.id, { id: s.id, slug: s.slug, display_name: s.displayName }]),
  );
  const outlet = new Map(reference.outlets.map((o) => [o.id, o]));
  const region = new Map(reference.regions.map((r) => [r.id, r]));
  const originOutlet = new Map(
    reference.outlets.map((o) => {
      const r = region.get(o.regionId)!;
      const wire: OrderWire["origin_outlet"] = {
        id: o.id,
        name: o.name,
        abbreviation: o.abbreviation,
        region_id: o.regionId,
        time_zone: o.timeZone,
        region: Object.freeze({ id: r.id, name: r.name, country_code: r.countryCode }),
        email: o.email,
        address: Object.freeze(outletAddressWire(o)),
      };
      // Shared by every row that names the outlet: frozen, so no caller can change it for the rest.
      return [o.id, Object.freeze(wire)];
    }),
  );
  return {
    status,
    outlet,
    region,
    originOutlet,
    // The outlet's own clock (ADR 0035); its region's only for an outlet this copy has not seen.
    zoneOfOutlet: (outletId) =>
      outlet.get(outletId)?.timeZone ?? region.get(1)?.timezone ?? "Australia/Sydney",
  };
}

export async function jobReference(db: Db): Promise<JobReference> {
  const reference = await referenceData(db);
  let found = built.get(reference);
  if (!found) {
    found = build(reference);
    built.set(reference, found);
  }
  return found;
}

/** Every outlet's zone from the cached reference copy: the jobs list's Created filter needs them (issue 52). */
export async function outletZones(db: Db): Promise<{ id: number; regionId: number; timeZone: string }[]> {
  const { outlet } = await jobReference(db);
  return [...outlet.values()].map((o) => ({ id: o.id, regionId: o.regionId, timeZone: o.timeZone }));
}
