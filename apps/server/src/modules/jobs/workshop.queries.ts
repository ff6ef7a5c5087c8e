import { DEFAULT_WORKSHOP_SETTINGS, readyStatusSlugs } from "@loupe/domain";
import { eq } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { outlets, statuses } from "../reference/reference.tables";
import { outletWorkshopSettings } from "./jobs.tables";
import type { WorkshopContext } from "./workshop-filters";

/**
 * The region's own choice of ready-to-collect status slugs, or null when it has made none (the
 * domain's default then applies). The per-region setting is another branch's (issue 27 point 3);
 * this is the one place that reads it.
 */
export async function regionReadyStatuses(_regionId: number): Promise<readonly string[] | null> {
  return null;
}

/** The ready slugs of each region: its choice through `regionReadyStatuses`, else the default. */
export async function readySlugsByRegion(
  regionIds: Iterable<number>,
): Promise<Map<number, readonly string[]>> {
  const unique = [...new Set(regionIds)];
  const answers = await Promise.all(unique.map((r) => regionReadyStatuses(r)));
  return new Map(unique.map((r, i) => [r, readyStatusSlugs(answers[i])]));
}

/** What the workshop filters need: every outlet's zone, region and shelf limit, the status ids, ready slugs. */
export async function readWorkshopContext(db: Db): Promise<WorkshopContext> {
  const [outletRows, settingRows, statusRows] = await Promise.all([
    db.select({ id: outlets.id, regionId: outlets.regionId, timeZone: outlets.timeZone }).from(outlets),
    db
      .select({
        outletId: outletWorkshopSettings.outletId,
        days: outletWorkshopSettings.uncollectedAfterDays,
      })
      .from(outletWorkshopSettings),
    db.select({ id: statuses.id, slug: statuses.slug }).from(statuses).where(eq(statuses.kind, "dispense")),
  ]);
  const days = new Map(settingRows.map((r) => [r.outletId, r.days]));
  return {
    outlets: outletRows.map((o) => ({
      ...o,
      uncollectedAfterDays: days.get(o.id) ?? DEFAULT_WORKSHOP_SETTINGS.uncollectedAfterDays,
    })),
    statusIds: new Map(statusRows.map((s) => [s.slug, s.id])),
    readySlugs: await readySlugsByRegion(outletRows.map((o) => o.regionId)),
  };
}

/** The dispense statuses in the tabs' order (reference data). */
export const dispenseStatusesInOrder = (db: Db) =>
  db
    .select({ id: statuses.id, slug: statuses.slug, displayName: statuses.displayName })
    .from(statuses)
    .where(eq(statuses.kind, "dispense"))
    .orderBy(statuses.sortOrder, statuses.id);
