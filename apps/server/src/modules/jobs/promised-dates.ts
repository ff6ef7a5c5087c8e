import {
  atRiskReasonFor,
  DEFAULT_WORKSHOP_SETTINGS,
  dayInZone,
  formatCalendarDay,
  PROMISE_PRODUCT_KINDS,
  type PromiseProductKind,
  promisedDate,
  promisedDateEditErrors,
  promiseKindOf,
  turnaroundFor,
  type WorkshopSettings,
} from "@loupe/domain";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { AppError, notFound, validationError } from "../../platform/http/app-error";
import { recordJobEvents } from "./job-events";
import { orders, type outletWorkshopSettings } from "./jobs.tables";
import {
  holidaysOf,
  itemProductsOf,
  jobPromiseRow,
  jobsWithoutPromise,
  workshopSettingsOf,
} from "./promised-dates.queries";

// Promised dates (issue 27, ADR 0036): set when a job is made, changed by staff with a reason and
// a version, put at risk by a lens order's ETA. Every way a job comes into being (the demo seed,
// the bulk seed, the test and journey fixtures) calls `assignPromisedDates` after its items.

/** A settings row as the domain's settings; no row means the defaults. */
export function toWorkshopSettings(
  row: typeof outletWorkshopSettings.$inferSelect | undefined,
): WorkshopSettings {
  if (!row) return DEFAULT_WORKSHOP_SETTINGS;
  const turnaroundDays = { ...DEFAULT_WORKSHOP_SETTINGS.turnaroundDays };
  for (const k of PROMISE_PRODUCT_KINDS) {
    const v = row.turnaroundDays[k];
    if (typeof v === "number") turnaroundDays[k] = v;
  }
  return { turnaroundDays, workingDays: row.workingDays, uncollectedAfterDays: row.uncollectedAfterDays };
}

/**
 * Gives each of these jobs that has none its promised date: its slowest item's turnaround in its
 * outlet's working days, counted from its day on the outlet's clock, past the public holidays of
 * its region and outlet. Call it in the transaction that made the jobs and their items.
 */
export async function assignPromisedDates(tx: Db, orderIds: number[]): Promise<number> {
  if (!orderIds.length) return 0;
  const jobs = await jobsWithoutPromise(tx, orderIds);
  if (!jobs.length) return 0;
  const ids = jobs.map((j) => j.id);
  const outletIds = [...new Set(jobs.map((j) => j.outletId))];
  const regionIds = [...new Set(jobs.map((j) => j.regionId))];
  const earliest = jobs.reduce((ms, j) => Math.min(ms, j.createdAt.getTime()), Number.POSITIVE_INFINITY);
  const [items, settingsRows, holidayRows] = await Promise.all([
    itemProductsOf(tx, ids),
    workshopSettingsOf(tx, outletIds),
    holidaysOf(tx, regionIds, outletIds, dayInZone(new Date(earliest - 86_400_000), "UTC")),
  ]);
  const kinds = new Map<number, PromiseProductKind[]>();
  for (const i of items) kinds.set(i.orderId, [...(kinds.get(i.orderId) ?? []), promiseKindOf(i)]);
  const settings = new Map(settingsRows.map((r) => [r.outletId, toWorkshopSettings(r)]));
  const dates = jobs.map((j) => {
    const s = settings.get(j.outletId) ?? DEFAULT_WORKSHOP_SETTINGS;
    const holidays = holidayRows
      .filter((h) => h.outletId === j.outletId || (h.outletId === null && h.regionId === j.regionId))
      .map((h) => h.day);
    return promisedDate({
      createdAt: j.createdAt,
      timeZone: j.timeZone,
      turnaroundDays: turnaroundFor(kinds.get(j.id) ?? [], s),
      workingDays: s.workingDays,
      holidays,
    });
  });
  // One statement for the batch: a seed of thousands of jobs is one round trip, not thousands.
  await tx.execute(sql`update orders o set due_date = v.d
    from unnest(${`{${ids.join(",")}}`}::int[], ${`{${dates.join(",")}}`}::date[]) as v(id, d)
    where o.id = v.id and o.due_date is null`);
  return jobs.length;
}

/** A staff member's change of the promised date: the version they read, the day, and why. */
export interface PromisedDateChange {
  due_date: string;
  reason: string;
  version: number;
}

/**
 * Changes a job's promise. The version check and the write happen under the job's row lock: of
 * two changes made from the same read one wins and the other is refused (409) with the current
 * date. A promise moved to or past the lens ETA that put the job at risk clears the flag.
 */
export async function changePromisedDate(
  tx: Db,
  staffId: number,
  orderId: number,
  change: PromisedDateChange,
) {
  const [locked] = await tx
    .select({ id: orders.id, version: orders.promiseVersion })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for("update");
  if (!locked) throw notFound("Order");
  const [job] = await jobPromiseRow(tx, orderId);
  if (job.promiseVersion !== change.version)
    throw new AppError(
      "conflict",
      `The promised date was changed by someone else (it is now ${job.dueDate ? formatCalendarDay(job.dueDate) : "not set"}). Reload the job and try again.`,
      { version: [`The current version is ${job.promiseVersion}.`] },
    );
  const errors = promisedDateEditErrors({
    dueDate: change.due_date,
    reason: change.reason,
    orderDay: dayInZone(job.createdAt, job.timeZone),
    currentDueDate: job.dueDate,
  });
  if (errors) throw validationError(errors);
  const due = change.due_date.trim();
  const [row] = await tx
    .update(orders)
    .set({
      dueDate: due,
      promiseVersion: sql`${orders.promiseVersion} + 1`,
      // Moved to the ETA or past it: no longer at risk.
      atRiskReason: sql`case when ${orders.atRiskEta} is not null and ${orders.atRiskEta} <= ${due}::date then null else ${orders.atRiskReason} end`,
      atRiskEta: sql`case when ${orders.atRiskEta} is not null and ${orders.atRiskEta} <= ${due}::date then null else ${orders.atRiskEta} end`,
      updatedAt: new Date(),
    })
    .where(eq(orders.id, orderId))
    .returning({
      dueDate: orders.dueDate,
      version: orders.promiseVersion,
      atRiskReason: orders.atRiskReason,
    });
  await recordJobEvents(tx, [
    {
      orderId,
      kind: "promised_date",
      fromValue: job.dueDate,
      toValue: `${due}: ${change.reason.trim()}`,
      staffUserId: staffId,
    },
  ]);
  return { due_date: row.dueDate, promise_version: row.version, at_risk_reason: row.atRiskReason };
}

/**
 * A lens order reported an ETA (lens-orders, in its transaction): later than the promise puts the
 * job at risk and the timeline says why, once per ETA; an ETA back within the promise clears it.
 */
export async function applyLensEtaToPromise(tx: Db, orderId: number, eta: string | null | undefined) {
  if (!eta) return;
  const [job] = await tx
    .select({ dueDate: orders.dueDate, atRiskEta: orders.atRiskEta })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for("update");
  if (!job) return;
  const reason = atRiskReasonFor(eta, job.dueDate);
  if (!reason) {
    if (job.atRiskEta)
      await tx.update(orders).set({ atRiskReason: null, atRiskEta: null }).where(eq(orders.id, orderId));
    return;
  }
  if (job.atRiskEta === eta) return;
  await tx.update(orders).set({ atRiskReason: reason, atRiskEta: eta }).where(eq(orders.id, orderId));
  await recordJobEvents(tx, [
    { orderId, kind: "at_risk", fromValue: job.dueDate, toValue: reason, staffUserId: null },
  ]);
}
