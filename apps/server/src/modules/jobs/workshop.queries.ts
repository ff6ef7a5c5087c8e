import { DEFAULT_WORKSHOP_SETTINGS, readyStatusSlugs } from "@loupe/domain";
import { eq } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import type { Slots } from "../../platform/slots";
import { referenceData } from "../reference";
import { statuses } from "../reference/reference.tables";
import { regionReadyStatusesSlot } from "./jobs.slots";
import { outletWorkshopSettings } from "./jobs.tables";
import type { WorkshopContext } from "./workshop-filters";

/**
 * The ready slugs of each region: its own choice (kept by ready-messages, read through the
 * `jobs.regionReadyStatuses` slot in one statement), else the domain's default.
 */
export async function readySlugsByRegion(
  db: Db,
  slots: Slots,
  regionIds: Iterable<number>,
): Promise<Map<number, readonly string[]>> {
  const chosen = slots.has(regionReadyStatusesSlot.name)
    ? await regionReadyStatusesSlot.get(slots)(db)
    : new Map<number, readonly string[]>();
  return new Map([...new Set(regionIds)].map((r) => [r, readyStatusSlugs(chosen.get(r))]));
}

/** What the workshop filters need: every outlet's zone, region and shelf limit, the status ids, ready slugs. */
export async function readWorkshopContext(db: Db, slots: Slots): Promise<WorkshopContext> {
  // Outlets and statuses from the process's reference copy (reference-cache.ts), not two more
  // statements on every workshop tab.
  const [reference, settingRows] = await Promise.all([
    referenceData(db),
    db
      .select({
        outletId: outletWorkshopSettings.outletId,
        days: outletWorkshopSettings.uncollectedAfterDays,
      })
      .from(outletWorkshopSettings),
  ]);
  const outletRows = reference.outlets.map((o) => ({ id: o.id, regionId: o.regionId, timeZone: o.timeZone }));
  const statusRows = reference.statuses.filter((s) => s.kind === "dispense");
  const days = new Map(settingRows.map((r) => [r.outletId, r.days]));
  return {
    outlets: outletRows.map((o) => ({
      ...o,
      uncollectedAfterDays: days.get(o.id) ?? DEFAULT_WORKSHOP_SETTINGS.uncollectedAfterDays,
    })),
    statusIds: new Map(statusRows.map((s) => [s.slug, s.id])),
    readySlugs: await readySlugsByRegion(
      db,
      slots,
      outletRows.map((o) => o.regionId),
    ),
  };
}

/** The dispense statuses in the tabs' order (reference data). */
export const dispenseStatusesInOrder = (db: Db) =>
  db
    .select({ id: statuses.id, slug: statuses.slug, displayName: statuses.displayName })
    .from(statuses)
    .where(eq(statuses.kind, "dispense"))
    .orderBy(statuses.sortOrder, statuses.id);
