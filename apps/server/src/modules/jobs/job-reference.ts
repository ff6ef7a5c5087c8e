import type { Db } from "../../platform/db/client";
import { type ReferenceData, referenceData } from "../reference/reference-cache";

type Outlet = ReferenceData["outlets"][number];
type Region = ReferenceData["regions"][number];

/** The lookups a job's wire reads from reference data: statuses by id, outlets, regions, zones. */
export interface JobReference {
  status: Map<number, { id: number; slug: string; display_name: string }>;
  outlet: Map<number, Outlet>;
  region: Map<number, Region>;
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
  return {
    status,
    outlet,
    region,
    zoneOfOutlet: (outletId) =>
      region.get(outlet.get(outletId)?.regionId ?? 1)?.timezone ?? "Australia/Sydney",
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
