import type { Db } from "../../platform/db/client";
import { outlets, regions, statuses } from "./reference.tables";

export interface ReferenceData {
  statuses: (typeof statuses.$inferSelect)[];
  outlets: (typeof outlets.$inferSelect)[];
  regions: (typeof regions.$inferSelect)[];
}

/**
 * How long a process trusts its copy. The app never writes these tables while it runs (seeds do,
 * and call `invalidateReferenceData`); the age bounds what an edit made elsewhere (psql, another
 * server) can leave stale.
 */
const MAX_AGE_MS = 30_000;

const cache = new WeakMap<Db, { at: number; generation: number; data: Promise<ReferenceData> }>();
/** Bumped by every invalidation: copies read before it are dropped, whichever handle wrote. */
let generation = 0;

/**
 * Statuses, outlets and regions, read once per process (per database) instead of three queries on
 * every jobs call (issue 16: they were most of a page's 10 statements).
 */
export function referenceData(db: Db): Promise<ReferenceData> {
  const hit = cache.get(db);
  if (hit && hit.generation === generation && Date.now() - hit.at < MAX_AGE_MS) return hit.data;
  const data = Promise.all([
    db.select().from(statuses),
    db.select().from(outlets),
    db.select().from(regions),
  ]).then(([s, o, r]) => ({ statuses: s, outlets: o, regions: r }));
  // A failed read is not kept: the next call asks again.
  data.catch(() => cache.delete(db));
  cache.set(db, { at: Date.now(), generation, data });
  return data;
}

/** Call after writing statuses, outlets or regions: the next read, on any handle, goes to the database. */
export function invalidateReferenceData(): void {
  generation++;
}

/**
 * The zone of a staff member's or a job's outlet (ADR 0035), from the process's copy; the region's
 * zone when the outlet is not known (none chosen, or one added since the copy was read).
 */
export async function outletTimeZoneOf(
  db: Db,
  outletId: number | null | undefined,
  regionId?: number | null,
): Promise<string> {
  const { outlets: all, regions: known } = await referenceData(db);
  const outlet = outletId == null ? undefined : all.find((o) => o.id === outletId);
  return (
    outlet?.timeZone ??
    known.find((r) => r.id === regionId)?.timezone ??
    known.find((r) => r.id === 1)?.timezone ??
    "Australia/Sydney"
  );
}
