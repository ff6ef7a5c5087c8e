import { hasJobSelection, isItemPastSelection } from "@loupe/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/test-app";
import { seedDemoMarketing } from "./demo-actions";
import { seedDemoCustomers } from "./demo-customers";
import { seedDemoJobs } from "./demo-jobs";
import { seedLensCatalogue } from "./demo-lens-catalogue";
import { seedDemoSelections } from "./demo-selections";
import { loadSelectionCatalogue } from "./selection-catalogue";
import { seededSelectionErrors } from "./selection-check";

/**
 * The demo is what a real shop could have produced (nothing dated in the future, no finished job
 * with work still open) and shows every rule of the spec somewhere.
 */
let t: TestApp;
const one = async <T>(text: string, params: unknown[] = []) => (await t.database.query<T>(text, params))[0];
const count = async (text: string) => Number((await one<{ n: number }>(text)).n);

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoCustomers(t.database.db, { customers: 300, jobs: 0 });
  await seedDemoMarketing(t.database.db);
  await seedDemoJobs(t.database.db, { customers: 300, jobs: 3000 });
  await seedLensCatalogue(t.database.db);
  await seedDemoSelections(t.database.db);
}, 240_000);
afterAll(() => t.close());

describe("demo data", () => {
  it("dates nothing in the future, and nothing before its customer", async () => {
    for (const table of ["customers", "prescriptions", "pds", "notes", "orders", "order_items"])
      expect(await count(`select count(*)::int as n from ${table} where created_at > now()`), table).toBe(0);
    expect(
      await count(
        "select count(*)::int as n from prescriptions p join customers c on c.id = p.customer_id where p.created_at < c.created_at",
      ),
    ).toBe(0);
    // An expiry follows the prescription it belongs to.
    expect(
      await count(
        "select count(*)::int as n from prescriptions where expiry_date is not null and expiry_date <= created_at::date",
      ),
    ).toBe(0);
  });

  it("shows the prescription rules: code-generated, contact lens, monocular add, prism, expired and current", async () => {
    const bySource = async (slug: string) =>
      count(
        `select count(*)::int as n from prescriptions p join prescription_sources s on s.id = p.source_id where s.slug = '${slug}'`,
      );
    expect(await bySource("cg")).toBeGreaterThan(0);
    expect(await count("select count(*)::int as n from prescriptions where type_id = 2")).toBeGreaterThan(0);
    expect(
      await count(
        "select count(*)::int as n from prescriptions where add_type = 'monocular' and spectacles->>'right_near_add' is distinct from spectacles->>'left_near_add'",
      ),
    ).toBeGreaterThan(0);
    expect(
      await count(
        "select count(*)::int as n from prescriptions where spectacles->>'right_int_add' is not null",
      ),
    ).toBeGreaterThan(0);
    expect(
      await count(
        "select count(*)::int as n from prescriptions where spectacles->'prisms' is not null and spectacles->'prisms' <> 'null'::jsonb",
      ),
    ).toBeGreaterThan(0);
    expect(
      await count("select count(*)::int as n from prescriptions where expiry_date < now()"),
    ).toBeGreaterThan(0);
    expect(
      await count("select count(*)::int as n from prescriptions where expiry_date >= now()"),
    ).toBeGreaterThan(0);
    expect(
      await count("select count(*)::int as n from prescriptions where expiry_date is null"),
    ).toBeGreaterThan(0);
  });

  it("shows simple and complex PDs, heights, and notes with and without an author", async () => {
    const complex =
      "coalesce(binocular_int_pd, right_int_pd, left_int_pd, binocular_reading_pd, right_reading_pd, left_reading_pd) is not null";
    expect(await count(`select count(*)::int as n from pds where ${complex}`)).toBeGreaterThan(0);
    expect(await count(`select count(*)::int as n from pds where not (${complex})`)).toBeGreaterThan(0);
    expect(
      await count(
        "select count(*)::int as n from pds where glass_shape_type = 'non-loupe' or frame_size = 'nd'",
      ),
    ).toBeGreaterThanOrEqual(0);
    expect(await count("select count(*)::int as n from notes where creator_id is null")).toBeGreaterThan(0);
    expect(await count("select count(*)::int as n from notes where creator_id is not null")).toBeGreaterThan(
      0,
    );
  });

  it("keeps opt-in and channels in agreement", async () => {
    expect(
      await count(
        "select count(*)::int as n from customers where (new_opt_in = 'NONE') <> not (channel_sms or channel_phone or channel_email)",
      ),
    ).toBe(0);
    expect(
      await count(
        "select count(*)::int as n from newsletter_subscribers where (send_type = 'NONE') <> not (send_sms or send_phone or send_email)",
      ),
    ).toBe(0);
  });

  it("finishes a job's items with the job, and refunds or voids all of them together", async () => {
    const open = [
      "created",
      "new-order",
      "payment-due",
      "pending",
      "wait-on-info",
      "lenses-ordered",
      "received",
      "ready-to-edge",
      "in-progress",
      "ready-to-pick",
      "ready-to-go",
    ];
    const finishedWithOpenItems = await count(`
      select count(*)::int as n from orders o
      join statuses os on os.id = o.dispense_status_id
      join order_items i on i.order_id = o.id join statuses s on s.id = i.dispense_status_id
      where os.slug in ('completed','collected-by-customer','dispatched','cancelled','refunded','refunded-transaction','voided')
        and s.slug in (${open.map((x) => `'${x}'`).join(",")})`);
    expect(finishedWithOpenItems).toBe(0);
    const openWithFinishedItems = await count(`
      select count(*)::int as n from orders o
      join statuses os on os.id = o.dispense_status_id
      join order_items i on i.order_id = o.id join statuses s on s.id = i.dispense_status_id
      where os.slug in (${open.map((x) => `'${x}'`).join(",")}, 'waiting-on-information', 'paid')
        and s.slug in ('completed','collected-by-customer','cancelled','refunded','refunded-transaction','voided')`);
    expect(openWithFinishedItems).toBe(0);
    // Refunded means every item refunded (quantity −1), and such an item only in a refunded or voided job.
    expect(
      await count(`select count(*)::int as n from orders o join statuses os on os.id = o.dispense_status_id
        where os.slug in ('refunded','refunded-transaction') and exists (select 1 from order_items i where i.order_id = o.id and i.quantity <> -1)`),
    ).toBe(0);
    expect(
      await count(`select count(*)::int as n from order_items i join orders o on o.id = i.order_id join statuses os on os.id = o.dispense_status_id
        where i.quantity = -1 and os.slug not in ('refunded','refunded-transaction','voided')`),
    ).toBe(0);
    for (const slug of [
      "refunded",
      "voided",
      "cancelled",
      "completed",
      "ready-to-go",
      "waiting-on-information",
    ])
      expect(
        await count(
          `select count(*)::int as n from orders o join statuses os on os.id = o.dispense_status_id where os.slug = '${slug}'`,
        ),
        slug,
      ).toBeGreaterThan(0);
    // Late orders, guests, online orders and urgent jobs are all there.
    expect(
      await count(`select count(*)::int as n from orders o join statuses os on os.id = o.dispense_status_id
        where o.created_at < now() - interval '14 days' and os.slug not in ('completed','collected-by-customer','dispatched','cancelled','refunded','refunded-transaction','voided')`),
    ).toBeGreaterThan(0);
    expect(await count("select count(*)::int as n from orders where customer_id is null")).toBeGreaterThan(0);
    expect(await count("select count(*)::int as n from orders where channel_id = 4")).toBeGreaterThan(0);
    expect(await count("select count(*)::int as n from orders where priority = 2")).toBeGreaterThan(0);
    // Refund type and refundability are derived from the status on read (refundState, ADR 0030).
  });

  it("gives every job past New Order the timeline a real one would have: its status steps, by staff, in time", async () => {
    const past = "from orders o join statuses s on s.id = o.dispense_status_id where s.slug <> 'new-order'";
    expect(await count(`select count(*)::int as n ${past}`)).toBeGreaterThan(2000);
    // Every such job has its status steps, the last one to where it is now.
    expect(
      await count(`select count(*)::int as n ${past} and not exists (
        select 1 from job_events e where e.order_id = o.id and e.kind = 'dispense_status')`),
    ).toBe(0);
    expect(
      await count(`select count(*)::int as n ${past} and s.display_name <> (
        select e.to_value from job_events e where e.order_id = o.id and e.kind = 'dispense_status'
        order by e.created_at desc, e.id desc limit 1)`),
    ).toBe(0);
    // From New Order, each step starting where the one before ended, in order, by a staff member.
    const steps = `select e.*, lag(e.to_value) over w as before, lag(e.created_at) over w as before_at
      from job_events e where e.kind = 'dispense_status' window w as (partition by e.order_id order by e.created_at, e.id)`;
    expect(
      await count(
        `select count(*)::int as n from (${steps}) x where before is null and from_value <> 'New Order'`,
      ),
    ).toBe(0);
    expect(
      await count(
        `select count(*)::int as n from (${steps}) x where before is not null and from_value <> before`,
      ),
    ).toBe(0);
    expect(await count(`select count(*)::int as n from (${steps}) x where created_at < before_at`)).toBe(0);
    expect(await count("select count(*)::int as n from job_events where staff_user_id is null")).toBe(0);
    expect(
      await count(
        "select count(*)::int as n from job_events e join orders o on o.id = e.order_id where e.created_at < o.created_at or e.created_at > now()",
      ),
    ).toBe(0);
    // A new order has no changes yet.
    expect(
      await count(
        "select count(*)::int as n from job_events e join orders o on o.id = e.order_id join statuses s on s.id = o.dispense_status_id where s.slug = 'new-order'",
      ),
    ).toBe(0);

    // As staff read it: a completed job's timeline, oldest first, with names.
    const { id } = await one<{ id: number }>(
      "select o.id from orders o join statuses s on s.id = o.dispense_status_id where s.slug = 'completed' order by o.id limit 1",
    );
    const token = await t.login();
    const res = await t.call(token, { method: "GET", url: `/api/staff/orders/${id}/events` });
    const events = res.json().data.events as { kind: string; by: string; description: string }[];
    expect(events.length).toBeGreaterThanOrEqual(3);
    expect(events[0].description).toMatch(/^Job status: New Order → /);
    expect(events.filter((e) => e.kind === "dispense_status").at(-1)?.description).toMatch(/→ Completed$/);
    for (const e of events) expect(e.by).not.toMatch(/^(System|Unknown)$/);
  });

  it("gives every item past the selection step a selection the save endpoint accepts, as revision 1", async () => {
    const cat = await loadSelectionCatalogue(t.database.db);
    const items = await t.database.query<{
      id: number;
      product_id: number;
      customer_id: number | null;
      quantity: number;
      slug: string;
      parent: string;
      info: Record<string, any> | null;
      selection: unknown;
      revision_info: Record<string, any> | null;
      revisions: number;
    }>(`
      select i.id, i.region_product_id as product_id, o.customer_id, i.quantity, s.slug, p.parent_type_key as parent,
             i.additional_info as info, r.selection, r.additional_info as revision_info,
             (select count(*)::int from order_item_selections x where x.order_item_id = i.id) as revisions
      from order_items i join orders o on o.id = i.order_id join statuses s on s.id = i.dispense_status_id
      join region_products p on p.id = i.region_product_id
      left join order_item_selections r on r.order_item_id = i.id and r.revision = 1`);
    const past = items.filter((i) => isItemPastSelection(i.slug) && hasJobSelection(i.parent));
    expect(past.length).toBeGreaterThan(500);
    const failures: string[] = [];
    for (const i of past) {
      if (!i.info || i.revisions !== 1) {
        failures.push(`item ${i.id}: ${i.revisions} revisions`);
        continue;
      }
      expect(i.revision_info).toEqual(i.info);
      const errors = seededSelectionErrors(
        cat,
        { productId: i.product_id, customerId: i.customer_id, quantity: i.quantity },
        i.selection,
        i.info,
      );
      if (Object.keys(errors).length) failures.push(`item ${i.id}: ${JSON.stringify(errors)}`);
    }
    expect(failures.slice(0, 5)).toEqual([]);
    // Items before the step (and add-ons) have none; every product type with a selection is seen.
    const early = items.filter((i) => ["created", "new-order", "pending", "wait-on-info"].includes(i.slug));
    expect(early.filter((i) => i.info).length).toBe(0);
    const typed = new Set(past.map((i) => i.info?.data?.productType as string));
    expect([...typed].sort()).toEqual(["contact-lenses", "glasses", "lenses-only", "sunglasses"]);
    const lensTypes = new Set(past.map((i) => cat.products.get(i.product_id)?.lensesType).filter(Boolean));
    expect([...lensTypes].sort()).toEqual(["bifocal", "desk", "multifocal", "single-vision"]);
  });

  it("stores what the save endpoint itself writes for the same selection", async () => {
    const admin = await t.login();
    // One item of each product: saved again unchanged, the new revision's data is the seeded one.
    const sample = await t.database.query<{
      id: number;
      selection: Record<string, unknown>;
      info: Record<string, any>;
    }>(`
      select distinct on (i.region_product_id) i.id, r.selection, r.additional_info as info
      from order_items i join order_item_selections r on r.order_item_id = i.id and r.revision = 1
      order by i.region_product_id, i.id`);
    expect(sample.length).toBeGreaterThan(6);
    for (const s of sample) {
      const res = await t.call(admin, {
        method: "PUT",
        url: `/api/staff/order-items/${s.id}/info`,
        payload: { ...s.selection, revision: 1 },
      });
      expect(res.statusCode, res.body).toBe(200);
      const saved = res.json().data.additional_info;
      const { id, revision, saved_at, saved_by, ...rest } = saved;
      const { id: _i, revision: _r, saved_at: _a, saved_by: _b, ...seeded } = s.info;
      expect(revision).toBe(2);
      expect(rest, `item ${s.id}`).toEqual(seeded);
    }
  });
});
