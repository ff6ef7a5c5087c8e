import {
  addPublicHoliday,
  changePromisedDate,
  getOutletDay,
  getWorkshopSettings,
  removePublicHoliday,
  saveWorkshopSettings,
} from "@loupe/contract";
import type { ModuleContext } from "../module-context";
import { createWorkshopService, type WorkshopCounts } from "./workshop.service";

/** Issue 27's calls: the promised-date change, the outlets' workshop settings, the outlet's day. */
export function registerWorkshopRoutes(
  { bind, database, slots }: ModuleContext,
  jobs: {
    reindex: (ids: number[]) => Promise<void>;
    workshopCounts: WorkshopCounts;
  },
): void {
  const service = createWorkshopService({ database, slots, ...jobs });
  // The binder refuses a versioned write without its version (428, ADR 0027): it is always there.
  bind(changePromisedDate, async ({ staff, params, body }) => ({
    data: await service.changePromisedDate(staff, params.id, { ...body, version: body.version as number }),
  }));
  bind(getWorkshopSettings, async ({ params }) => ({ data: await service.settings(params.id) }));
  bind(saveWorkshopSettings, async ({ staff, params, body }) => ({
    data: await service.saveSettings(staff, params.id, { ...body, version: body.version as number }),
  }));
  bind(addPublicHoliday, async ({ staff, params, body }) => ({
    data: await service.addHoliday(staff, params.id, body),
  }));
  bind(removePublicHoliday, async ({ staff, params }) => ({
    data: await service.removeHoliday(staff, params.id, params.holidayId),
  }));
  bind(getOutletDay, async ({ query }) => ({ data: await service.outletDay(query.outlet_id) }));
}
