import { ORDER_DISPENSE_STATUSES, ORDER_ITEM_STATUSES } from "@loupe/domain";
import { type SQL, sql } from "drizzle-orm";
import { jobEvents } from "../modules/jobs/jobs.tables";
import type { Db } from "../platform/db/client";
import { createRng } from "./rng";

/** The workshop's way through, for a job that ends in one of these statuses. */
const FLOW = [
  "new-order",
  "paid",
  "in-progress",
  "lenses-ordered",
  "ready-to-edge",
  "ready-to-pick",
  "ready-to-go",
];
/** Steps only a job with prescription lenses takes (the lab and the edger). */
const LENS_STEPS = new Set(["lenses-ordered", "ready-to-edge"]);

/** The job statuses a job went through to reach `slug`, from New Order. */
function pathTo(slug: string, online: boolean, lenses: boolean): string[] {
  const flow = FLOW.filter((s) => lenses || !LENS_STEPS.has(s) || s === slug);
  const at = flow.indexOf(slug);
  if (at >= 0) return flow.slice(0, at + 1);
  switch (slug) {
    case "waiting-on-information":
      return ["new-order", "paid", "in-progress", slug];
    case "dispatched":
    case "collected-by-customer":
      return [...flow, slug];
    case "completed":
      return [...flow, online ? "dispatched" : "collected-by-customer", slug];
    case "refunded":
    case "refunded-transaction":
      return ["new-order", "paid", slug];
    default:
      // Cancelled or voided: before the work started.
      return ["new-order", slug];
  }
}

const dispenseName = new Map(ORDER_DISPENSE_STATUSES.map((s) => [s.slug, s.display_name]));
const itemName = new Map(ORDER_ITEM_STATUSES.map((s) => [s.slug, s.display_name]));
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

interface JobRow extends Record<string, unknown> {
  id: number;
  created_at: string | Date;
  slug: string;
  online: boolean;
  outlet_id: number;
  region_id: number;
  lenses: boolean;
}

/**
 * The timeline a real job of each demo job's age and status would have (issue 33): the job's status
 * steps from New Order to where it is now, and its items' moves at the last step, each by a staff
 * member of the job's outlet (else its region), spread over days to weeks between the job's
 * creation and now (a recent job's over the time it has had). Written with the same columns `recordJobEvents` writes, plus the time. Its own
 * random stream, so the jobs themselves seed as before. Skipped when any timeline entry exists.
 */
export async function seedDemoJobEvents(db: Db): Promise<void> {
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(jobEvents);
  if (n > 0) return;
  const rng = createRng(9_000_041);
  const rowsOf = async <T>(query: SQL) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;
  const jobs = await rowsOf<JobRow>(sql`
      select o.id, o.created_at, s.slug, o.channel_id = 4 as online, o.origin_outlet_id as outlet_id, o.region_id,
             bool_or(rp.requires_prescription and rp.parent_type_key in ('glasses', 'lenses-only')) as lenses
      from orders o
      join statuses s on s.id = o.dispense_status_id
      join order_items i on i.order_id = o.id
      join region_products rp on rp.id = i.region_product_id
      where s.slug <> 'new-order'
      group by o.id, s.slug
      order by o.id`);
  if (!jobs.length) return;
  const items = await rowsOf<{ id: number; order_id: number; slug: string }>(sql`
      select i.id, i.order_id, s.slug from order_items i join statuses s on s.id = i.dispense_status_id
      order by i.id`);
  const itemsOf = new Map<number, { id: number; slug: string }[]>();
  for (const i of items) itemsOf.set(i.order_id, [...(itemsOf.get(i.order_id) ?? []), i]);
  const staff = await rowsOf<{ id: number; outlet_id: number | null; region_id: number | null }>(
    sql`select id, outlet_id, region_id from staff_users where is_active order by id`,
  );
  if (!staff.length) return;
  const staffFor = (job: JobRow) => {
    const here = staff.filter((s) => s.outlet_id === job.outlet_id);
    const region = staff.filter((s) => s.region_id === job.region_id);
    return here.length ? here : region.length ? region : staff;
  };

  const now = Date.now();
  const rows: (typeof jobEvents.$inferInsert)[] = [];
  for (const job of jobs) {
    const path = pathTo(job.slug, job.online, job.lenses);
    const created = new Date(job.created_at).getTime();
    // A job takes days to a few weeks through the workshop; a recent one is where it is by now.
    const available = Math.max(10 * 60_000, now - created - 5 * 60_000);
    const span = Math.min(available, (rng.int(2, 20) + (path.length > 5 ? 5 : 0)) * DAY);
    const people = staffFor(job);
    let at = created;
    for (let k = 1; k < path.length; k++) {
      // Each step a share of the span, later ones no earlier than the one before.
      const target =
        created + (span * k) / (path.length - 1) - rng.int(0, Math.floor(span / path.length / 3));
      at = Math.min(created + span, Math.max(at + 60_000, target));
      const staffUserId = rng.pick(people).id;
      rows.push({
        orderId: job.id,
        kind: "dispense_status",
        fromValue: dispenseName.get(path[k - 1]) ?? path[k - 1],
        toValue: dispenseName.get(path[k]) ?? path[k],
        staffUserId,
        createdAt: new Date(at),
      });
      // The items move with the job's last step, to where they are now.
      if (k === path.length - 1)
        for (const item of itemsOf.get(job.id) ?? []) {
          if (item.slug === "created" || item.slug === "new-order") continue;
          rows.push({
            orderId: job.id,
            orderItemId: item.id,
            kind: "item_status",
            fromValue: itemName.get("new-order"),
            toValue: itemName.get(item.slug) ?? item.slug,
            staffUserId,
            createdAt: new Date(at),
          });
        }
    }
  }
  for (let start = 0; start < rows.length; start += 1000)
    await db.insert(jobEvents).values(rows.slice(start, start + 1000));
}
