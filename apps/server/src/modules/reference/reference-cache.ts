import type { Db } from "../../platform/db/client";
import { outlets, pdSources, prescriptionSources, regions, statuses } from "./reference.tables";

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

/** Bumped by every invalidation: copies read before it are dropped, whichever handle wrote. */
let generation = 0;

/**
 * A read kept per database handle for MAX_AGE_MS and until the next invalidation; `refresh` reads
 * again whatever the copy's age. A failed read is not kept: the next call asks again.
 */
function keptPerDatabase<T>(read: (db: Db) => Promise<T>) {
  const cache = new WeakMap<Db, { at: number; generation: number; data: Promise<T> }>();
  return (db: Db, refresh = false): Promise<T> => {
    const hit = cache.get(db);
    if (!refresh && hit && hit.generation === generation && Date.now() - hit.at < MAX_AGE_MS) return hit.data;
    const data = read(db);
    data.catch(() => cache.delete(db));
    cache.set(db, { at: Date.now(), generation, data });
    return data;
  };
}

/**
 * Statuses, outlets and regions, read once per process (per database) instead of three queries on
 * every jobs call (issue 16: they were most of a page's 10 statements).
 */
export const referenceData: (db: Db, refresh?: boolean) => Promise<ReferenceData> = keptPerDatabase((db) =>
  Promise.all([db.select().from(statuses), db.select().from(outlets), db.select().from(regions)]).then(
    ([s, o, r]) => ({ statuses: s, outlets: o, regions: r }),
  ),
);

export interface SourceLists {
  prescriptionSources: Map<number, typeof prescriptionSources.$inferSelect>;
  pdSources: Map<number, typeof pdSources.$inferSelect>;
}

/**
 * Prescription and PD sources by id, kept like the lists above (only seeds write them): every
 * prescription and PD wire names its source, and reading both tables on each call was two of the
 * job edit's nine statements. Apart from `referenceData` so the jobs list's cold read stays three.
 * `refresh` reads again whatever the copy's age: a caller that meets a source its copy lacks (one
 * added since, elsewhere) asks once more before giving up.
 */
export const sourceLists = keptPerDatabase((db) =>
  Promise.all([db.select().from(prescriptionSources), db.select().from(pdSources)]).then(([rx, pd]) => ({
    prescriptionSources: new Map(rx.map((s) => [s.id, s])),
    pdSources: new Map(pd.map((s) => [s.id, s])),
  })),
);

/**
 * An outlet from the process's copy, not a statement; the copy is read once more before saying it
 * is unknown, so one added since (elsewhere) is found.
 */
export async function knownOutlet(
  db: Db,
  outletId: number,
): Promise<ReferenceData["outlets"][number] | undefined> {
  const find = (reference: ReferenceData) => reference.outlets.find((o) => o.id === outletId);
  return find(await referenceData(db)) ?? find(await referenceData(db, true));
}

/** The dispense statuses in the tabs' order (sort order, then id). */
export const dispenseStatusesInOrder = (reference: ReferenceData) =>
  reference.statuses
    .filter((s) => s.kind === "dispense")
    .sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id);

/** Call after writing statuses, outlets, regions or sources: the next read, on any handle, goes to the database. */
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
