import { describeJobEvent } from "@loupe/domain";
import { asc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { outlets } from "../reference/reference.tables";
import { staffUsers } from "../staff/staff.tables";
import { jobEvents, orderItems, orders } from "./jobs.tables";

/** The job's timeline, oldest first, each entry with who, when, what changed and the line staff read. */
export async function listJobEvents(db: Db, orderId: number) {
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
  // Items are named by their place in the job ("Item 2"), as staff count them on the screen.
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
