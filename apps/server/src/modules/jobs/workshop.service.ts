import type { OutletDayWire, WorkshopSettingsWire } from "@loupe/contract";
import {
  dayInZone,
  FINISHED_JOB_STATUS_SLUGS,
  isAdmin,
  WORKSHOP_SETTINGS_ADMIN_ONLY,
  type WorkshopFilter,
} from "@loupe/domain";
import { and, eq, or, sql } from "drizzle-orm";
import type { Database, Db } from "../../platform/db/client";
import { AppError, notFound } from "../../platform/http/app-error";
import { settledLater } from "../../platform/settled-later";
import type { Slots } from "../../platform/slots";
import { dispenseStatusesInOrder, knownOutlet, referenceData } from "../reference";
import type { StaffRow } from "../staff";
import { outletMessageCountsSlot } from "./jobs.slots";
import { outletWorkshopSettings, publicHolidays } from "./jobs.tables";
import { changePromisedDate, type PromisedDateChange, toWorkshopSettings } from "./promised-dates";
import { readWorkshopContext } from "./workshop.queries";
import type { WorkshopContext } from "./workshop-filters";

// Issue 27's use cases (ADR 0036): a job's promised date changed by staff, an outlet's workshop
// settings and holidays, and the outlet's day on one screen.

/** The workshop tabs' counts (jobs.service.ts); `context` when the caller has already read it. */
export type WorkshopCounts = (
  outletId?: number,
  now?: Date,
  cap?: number,
  context?: WorkshopContext,
) => Promise<Record<WorkshopFilter, number>>;

export function createWorkshopService({
  database,
  slots,
  reindex,
  workshopCounts,
}: {
  database: Database;
  slots: Slots;
  reindex: (ids: number[]) => Promise<void>;
  workshopCounts: WorkshopCounts;
}) {
  const db = database.db;

  async function outletOf(outletId: number) {
    const outlet = await knownOutlet(db, outletId);
    if (!outlet) throw notFound("Outlet");
    return outlet;
  }

  async function settingsWire(outletId: number): Promise<WorkshopSettingsWire> {
    const outlet = await outletOf(outletId);
    const [[row], holidays] = await Promise.all([
      db.select().from(outletWorkshopSettings).where(eq(outletWorkshopSettings.outletId, outletId)),
      db
        .select()
        .from(publicHolidays)
        .where(or(eq(publicHolidays.outletId, outletId), eq(publicHolidays.regionId, outlet.regionId)))
        .orderBy(publicHolidays.day),
    ]);
    const s = toWorkshopSettings(row);
    return {
      outlet_id: outletId,
      turnaround_days: s.turnaroundDays,
      working_days: s.workingDays,
      uncollected_after_days: s.uncollectedAfterDays,
      version: row?.version ?? 1,
      holidays: holidays.map((h) => ({
        id: h.id,
        day: h.day,
        name: h.name,
        scope: h.outletId ? ("outlet" as const) : ("region" as const),
      })),
    };
  }

  const adminOnly = (staff: StaffRow) => {
    if (!isAdmin(staff)) throw new AppError("forbidden", WORKSHOP_SETTINGS_ADMIN_ONLY);
  };

  return {
    async changePromisedDate(staff: StaffRow, orderId: number, change: PromisedDateChange) {
      const result = await db.transaction((tx) =>
        changePromisedDate(tx as unknown as Db, staff.id, orderId, change),
      );
      await reindex([orderId]);
      return result;
    },

    settings: settingsWire,

    /**
     * Saves an outlet's settings from the version read: the first save inserts at version 1 → 2,
     * later ones update where the version still matches; otherwise 409.
     */
    async saveSettings(
      staff: StaffRow,
      outletId: number,
      body: {
        turnaround_days: Record<string, number>;
        working_days: number[];
        uncollected_after_days: number;
        version: number;
      },
    ) {
      adminOnly(staff);
      await outletOf(outletId);
      const values = {
        turnaroundDays: body.turnaround_days,
        workingDays: [...new Set(body.working_days)].sort(),
        uncollectedAfterDays: body.uncollected_after_days,
        updatedAt: new Date(),
      };
      const saved =
        body.version === 1
          ? await db
              .insert(outletWorkshopSettings)
              .values({ outletId, ...values, version: 2 })
              .onConflictDoNothing()
              .returning()
          : await db
              .update(outletWorkshopSettings)
              .set({ ...values, version: sql`${outletWorkshopSettings.version} + 1` })
              .where(
                and(
                  eq(outletWorkshopSettings.outletId, outletId),
                  eq(outletWorkshopSettings.version, body.version),
                ),
              )
              .returning();
      if (!saved.length)
        throw new AppError(
          "conflict",
          "These settings were changed by someone else. Reload them and try again.",
          {
            version: ["The settings were saved since you read them."],
          },
        );
      return settingsWire(outletId);
    },

    async addHoliday(
      staff: StaffRow,
      outletId: number,
      body: { day: string; name: string; scope: "region" | "outlet" },
    ) {
      adminOnly(staff);
      const outlet = await outletOf(outletId);
      await db.insert(publicHolidays).values({
        day: body.day,
        name: body.name,
        outletId: body.scope === "outlet" ? outletId : null,
        regionId: body.scope === "region" ? outlet.regionId : null,
      });
      return settingsWire(outletId);
    },

    async removeHoliday(staff: StaffRow, outletId: number, holidayId: number) {
      adminOnly(staff);
      const outlet = await outletOf(outletId);
      const removed = await db
        .delete(publicHolidays)
        .where(
          and(
            eq(publicHolidays.id, holidayId),
            or(eq(publicHolidays.outletId, outletId), eq(publicHolidays.regionId, outlet.regionId)),
          ),
        )
        .returning();
      if (!removed.length) throw notFound("Public holiday");
      return settingsWire(outletId);
    },

    /** The outlet's day: its open jobs by stage, the workshop counts, and the jobs promised today. */
    async outletDay(outletId: number, now = new Date()): Promise<OutletDayWire> {
      // The outlet, the workshop's context and the messages' counts need nothing of each other: read
      // at once; an unknown outlet is still refused first (settledLater).
      const contextRead = settledLater(readWorkshopContext(db, slots));
      // Ready-messages (above jobs) counts them; absent from a test app without it.
      const messagesRead = settledLater(
        slots.has(outletMessageCountsSlot.name)
          ? outletMessageCountsSlot.get(slots)(db, outletId)
          : Promise.resolve(null),
      );
      const outlet = await outletOf(outletId);
      const context = await contextRead;
      const today = dayInZone(now, outlet.timeZone);
      const open = [...context.statusIds].filter(([slug]) => !FINISHED_JOB_STATUS_SLUGS.includes(slug));
      const openIds = open.map(([, id]) => id);
      const ready = context.readySlugs.get(outlet.regionId) ?? [];
      const [stageRows, counts, todayRows, names] = await Promise.all([
        database.query<{ id: number; n: number }>(
          `select dispense_status_id as id, count(*)::int as n from orders
            where origin_outlet_id = $1 and dispense_status_id = any($2::int[]) group by 1`,
          [outletId, openIds],
        ),
        workshopCounts(outletId, now, undefined, context),
        database.query<{
          id: number;
          vend_invoice_number: string;
          first: string;
          last: string;
          status_id: number;
        }>(
          `select o.id, o.vend_invoice_number, o.billing_first_name as first, o.billing_last_name as last,
                  o.dispense_status_id as status_id
             from orders o
            where o.origin_outlet_id = $1 and o.dispense_status_id = any($2::int[]) and o.due_date = $3::date
            order by o.created_at, o.id limit 50`,
          [outletId, openIds, today],
        ),
        referenceData(db).then(dispenseStatusesInOrder),
      ]);
      const byId = new Map(stageRows.map((r) => [Number(r.id), Number(r.n)]));
      return {
        outlet: { id: outlet.id, name: outlet.name, time_zone: outlet.timeZone },
        today,
        stages: names
          .filter((s) => openIds.includes(s.id))
          .map((s) => ({
            status_id: s.id,
            slug: s.slug,
            display_name: s.displayName,
            total: byId.get(s.id) ?? 0,
          })),
        counts,
        messages: await messagesRead,
        promised_today: todayRows.map((r) => {
          const status = names.find((s) => s.id === Number(r.status_id));
          return {
            id: Number(r.id),
            vend_invoice_number: r.vend_invoice_number,
            customer_name: `${r.first} ${r.last}`.trim(),
            status: status?.displayName ?? "",
            is_ready: !!status && ready.includes(status.slug),
          };
        }),
      };
    },
  };
}
