import {
  dayInZone,
  FINISHED_JOB_STATUS_SLUGS,
  remembered,
  uncollectedBefore,
  WORKSHOP_FILTERS,
  type WorkshopFilter,
} from "@loupe/domain";
import { cappedCountSql } from "../../platform/db/capped-count";

// The workshop tabs (issue 27, ADR 0036) as SQL over `orders o`. "Today" and "N days ago" are
// each outlet's own, so outlets are grouped by what their predicate needs (their day, their
// region's ready statuses, their shelf limit) and each group is one indexed range:
// (origin_outlet_id, dispense_status_id, due_date) or (…, dispense_status_at). A handful of zones
// gives a handful of groups, never one predicate per job.

/** What the workshop filters need to know, read once per call (workshop.queries.ts). */
export interface WorkshopContext {
  outlets: { id: number; regionId: number; timeZone: string; uncollectedAfterDays: number }[];
  /** Dispense status ids by slug. */
  statusIds: Map<string, number>;
  /** The ready status slugs of each region (the region's choice, else the default). */
  readySlugs: Map<number, readonly string[]>;
}

type Bind = (v: unknown) => string;

interface Group {
  outletIds: number[];
  statusIds: number[];
  day?: string;
  before?: Date;
}

function grouped(
  ctx: WorkshopContext,
  outletId: number | undefined,
  key: (o: WorkshopContext["outlets"][number]) => Omit<Group, "outletIds">,
): Group[] {
  const groups = new Map<string, Group>();
  for (const o of ctx.outlets) {
    if (outletId !== undefined && o.id !== outletId) continue;
    const g = key(o);
    const k = `${g.statusIds.join(",")}|${g.day ?? ""}|${g.before?.getTime() ?? ""}`;
    const found = groups.get(k);
    if (found) found.outletIds.push(o.id);
    else groups.set(k, { ...g, outletIds: [o.id] });
  }
  return [...groups.values()].filter((g) => g.statusIds.length);
}

const ids = (ctx: WorkshopContext, slugs: readonly string[]) =>
  slugs.flatMap((s) => ctx.statusIds.get(s) ?? []).sort((a, b) => a - b);

/** Open (not finished) statuses that are not ready in this region: where a job can be late or at risk. */
function beingMade(ctx: WorkshopContext, regionId: number) {
  const ready = new Set(ctx.readySlugs.get(regionId) ?? []);
  return ids(
    ctx,
    [...ctx.statusIds.keys()].filter((s) => !FINISHED_JOB_STATUS_SLUGS.includes(s) && !ready.has(s)),
  );
}
const notFinished = (ctx: WorkshopContext) =>
  ids(
    ctx,
    [...ctx.statusIds.keys()].filter((s) => !FINISHED_JOB_STATUS_SLUGS.includes(s)),
  );

/**
 * One workshop filter as a `where` part over `orders o` at `now`, for every outlet or one
 * (`outletId`), binding its values through `p`. A filter no outlet can match is `false`.
 */
export function workshopWhere(
  filter: WorkshopFilter,
  ctx: WorkshopContext,
  now: Date,
  p: Bind,
  outletId?: number,
): string {
  let groups: Group[];
  let part: (g: Group) => string;
  // A region's status lists worked out once per call, not once per outlet (38 outlets, five filters).
  const made = remembered((regionId: number) => beingMade(ctx, regionId), { limit: Infinity });
  const ready = remembered((regionId: number) => ids(ctx, ctx.readySlugs.get(regionId) ?? []), {
    limit: Infinity,
  });
  switch (filter) {
    case "late":
      groups = grouped(ctx, outletId, (o) => ({
        statusIds: made(o.regionId),
        day: dayInZone(now, o.timeZone),
      }));
      part = (g) => `o.due_date < ${p(g.day)}::date`;
      break;
    case "at-risk":
      groups = grouped(ctx, outletId, (o) => ({ statusIds: made(o.regionId) }));
      part = () => "o.at_risk_reason is not null";
      break;
    case "ready":
      groups = grouped(ctx, outletId, (o) => ({ statusIds: ready(o.regionId) }));
      part = () => "true";
      break;
    case "uncollected":
      groups = grouped(ctx, outletId, (o) => ({
        statusIds: ready(o.regionId),
        before: uncollectedBefore(now, o.timeZone, o.uncollectedAfterDays),
      }));
      part = (g) => `o.dispense_status_at < ${p(g.before!.toISOString())}::timestamptz`;
      break;
    case "due-today": {
      const open = notFinished(ctx);
      groups = grouped(ctx, outletId, (o) => ({
        statusIds: open,
        day: dayInZone(now, o.timeZone),
      }));
      part = (g) => `o.due_date = ${p(g.day)}::date`;
      break;
    }
  }
  if (!groups.length) return "false";
  const parts = groups.map(
    (g) =>
      `(o.origin_outlet_id = any(${p(g.outletIds)}::int[]) and o.dispense_status_id = any(${p(g.statusIds)}::int[]) and ${part(g)})`,
  );
  if (parts.length === 1) return parts[0];
  // The groups' bounds together, said once in front (implied by the groups, so the answer is the
  // same): the planner reads one (status, due date) or (status, status time) index range instead
  // of walking every outlet's entries and filtering (at 2M jobs, 150 ms → a few ms).
  const statuses = [...new Set(groups.flatMap((g) => g.statusIds))].sort((a, b) => a - b);
  const bounds = [`o.dispense_status_id = any(${p(statuses)}::int[])`];
  const days = groups.map((g) => g.day!).sort();
  if (filter === "late") bounds.push(`o.due_date < ${p(days[days.length - 1])}::date`);
  if (filter === "due-today")
    bounds.push(`o.due_date between ${p(days[0])}::date and ${p(days[days.length - 1])}::date`);
  if (filter === "uncollected") {
    const latest = Math.max(...groups.map((g) => g.before!.getTime()));
    bounds.push(`o.dispense_status_at < ${p(new Date(latest).toISOString())}::timestamptz`);
  }
  return `(${bounds.join(" and ")} and (${parts.join(" or ")}))`;
}

/**
 * Every workshop filter's count in one statement, for every outlet or one: the tabs' numbers and
 * the outlet's day. Each count is its own indexed scan; none reads a job's row. With `cap`, each
 * stops one past it (the tabs across every outlet: old jobs left on a shelf grow with the table).
 */
export function workshopCountsSql(ctx: WorkshopContext, now: Date, outletId?: number, cap?: number) {
  const params: unknown[] = [];
  const p: Bind = (v) => {
    params.push(v);
    return `$${params.length}`;
  };
  const columns = WORKSHOP_FILTERS.map((f) => {
    const fromWhere = `from orders o where ${workshopWhere(f, ctx, now, p, outletId)}`;
    const count = cap === undefined ? `select count(*)::int ${fromWhere}` : cappedCountSql(fromWhere, cap);
    return `(${count}) as "${f}"`;
  });
  return { sql: `select ${columns.join(", ")}`, params };
}
