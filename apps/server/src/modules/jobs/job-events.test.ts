import { describeJobEvent } from "@loupe/domain";
import { asc, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../platform/db/client";
import { insertBareOrder } from "../../test/bare-order";
import { createTestApp, type TestApp } from "../../test/test-app";
import { outlets } from "../reference/reference.tables";
import { staffUsers } from "../staff/staff.tables";
import { listJobEvents } from "./job-events.queries";
import { jobEvents, orderItems, orders } from "./jobs.tables";

/**
 * The timeline is one statement (job and zone, events, writers' names, items' places). These tests
 * hold it to the answer of the four statements it replaced, kept here as `listJobEventsInTurn`.
 */

let t: TestApp;
let token: string;
const q = async <T>(sql: string, params: unknown[] = []) => t.database.query<T>(sql, params);

/** The timeline as it was read before: four statements in turn. */
async function listJobEventsInTurn(db: Db, orderId: number) {
  const [order] = await db
    .select({ id: orders.id, timeZone: outlets.timeZone })
    .from(orders)
    .innerJoin(outlets, eq(outlets.id, orders.originOutletId))
    .where(eq(orders.id, orderId));
  if (!order) return null;
  const rows = await db
    .select({
      id: jobEvents.id,
      kind: jobEvents.kind,
      orderItemId: jobEvents.orderItemId,
      from: jobEvents.fromValue,
      to: jobEvents.toValue,
      staffId: jobEvents.staffUserId,
      createdAt: jobEvents.createdAt,
    })
    .from(jobEvents)
    .where(eq(jobEvents.orderId, orderId))
    .orderBy(asc(jobEvents.createdAt), asc(jobEvents.id));
  const staffIds = [...new Set(rows.map((r) => r.staffId).filter((v): v is number => v != null))];
  const staff = staffIds.length
    ? await db.select().from(staffUsers).where(inArray(staffUsers.id, staffIds))
    : [];
  const names = new Map(staff.map((s) => [s.id, `${s.firstName} ${s.lastName}`.trim()]));
  const items = await db
    .select({ id: orderItems.id })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.id));
  const itemNo = new Map(items.map((i, k) => [i.id, String(k + 1)]));
  return {
    time_zone: order.timeZone,
    events: rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      order_item_id: r.orderItemId,
      from: r.from,
      to: r.to,
      by: r.staffId != null ? (names.get(r.staffId) ?? "Unknown") : "System",
      created_at: r.createdAt.toISOString(),
      description: describeJobEvent({
        kind: r.kind,
        from: r.from,
        to: r.to,
        item: r.orderItemId != null ? (itemNo.get(r.orderItemId) ?? null) : null,
      }),
    })),
  };
}

async function makeOrder(items: number) {
  const [{ id: productId }] = await q<{ id: number }>(
    `insert into region_products (region_id, name, product_type_key, parent_type_key, price_minor)
     values (1, 'Timeline frame', 'frames', 'frames', 500) returning id`,
  );
  const { orderId, itemIds } = await insertBareOrder(t.database, {
    productId,
    items,
    itemMinor: 500,
    name: { uidPrefix: "EV", first: "Tim", last: "Line" },
  });
  return { orderId, itemIds };
}

async function addEvent(
  orderId: number,
  e: {
    item?: number | null;
    kind: string;
    from?: string | null;
    to?: string | null;
    staff: number | null;
    at: string;
  },
) {
  await q(
    `insert into job_events (order_id, order_item_id, kind, from_value, to_value, staff_user_id, created_at)
     values ($1, $2, $3, $4, $5, $6, $7)`,
    [orderId, e.item ?? null, e.kind, e.from ?? null, e.to ?? null, e.staff, e.at],
  );
}

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
}, 60_000);
afterAll(() => t.close());

describe("job timeline", () => {
  it("names staff and the system, numbers items by their place in the job, and keeps time order", async () => {
    const { orderId, itemIds } = await makeOrder(3);
    const other = await makeOrder(1);
    const staff = await q<{ id: number }>("select id from staff_users order by id limit 2");
    await q("update staff_users set last_name = '' where id = $1", [staff[1].id]);
    // Written out of time order, two at the same instant (their ids break the tie).
    await addEvent(orderId, {
      kind: "priority",
      from: "normal",
      to: "urgent",
      staff: staff[0].id,
      at: "2026-03-02T10:00:00Z",
    });
    await addEvent(orderId, {
      item: itemIds[2],
      kind: "item_status",
      from: "Ordered",
      to: "Ready",
      staff: null,
      at: "2026-03-01T09:00:00Z",
    });
    await addEvent(orderId, {
      item: itemIds[0],
      kind: "item_status",
      from: "New",
      to: "Ordered",
      staff: staff[1].id,
      at: "2026-03-01T09:00:00Z",
    });
    // An item of another job (moved since): no number, as before.
    await addEvent(orderId, {
      item: other.itemIds[0],
      kind: "item_status",
      from: "A",
      to: "B",
      staff: staff[0].id,
      at: "2026-03-03T08:00:00Z",
    });
    await addEvent(orderId, {
      kind: "dispense_status",
      from: "In progress",
      to: "Ready",
      staff: null,
      at: "2026-03-04T08:00:00Z",
    });

    const now = await listJobEvents(t.database.db, orderId);
    expect(now).toEqual(await listJobEventsInTurn(t.database.db, orderId));
    const [first, second] = await q<{ name: string }>(
      "select trim(first_name || ' ' || last_name) as name from staff_users where id = any($1) order by id",
      [[staff[0].id, staff[1].id]],
    );
    expect(now!.events.map((e) => e.by)).toEqual(["System", second.name, first.name, first.name, "System"]);
    expect(now!.events[0].description).toContain("Item 3");
    expect(now!.events[1].description).toContain("Item 1");
    expect(now!.events[3].description).not.toMatch(/Item \d/);

    const res = await t.call(token, { method: "GET", url: `/api/staff/orders/${orderId}/events` });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual(JSON.parse(JSON.stringify(now)));
  });

  it("answers a job without events with its zone and no events, and no job with nothing", async () => {
    const { orderId } = await makeOrder(1);
    const now = await listJobEvents(t.database.db, orderId);
    expect(now).toEqual(await listJobEventsInTurn(t.database.db, orderId));
    expect(now).toEqual({ time_zone: expect.any(String), events: [] });
    expect(await listJobEvents(t.database.db, 99_999_999)).toBeNull();
    expect(await listJobEventsInTurn(t.database.db, 99_999_999)).toBeNull();
  });
});
