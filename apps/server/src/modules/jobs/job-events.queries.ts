import { describeJobEvent } from "@loupe/domain";
import { asc, eq, sql } from "drizzle-orm";
import { builtOnce } from "../../platform/db/built-once";
import type { Db } from "../../platform/db/client";
import { outlets } from "../reference/reference.tables";
import { staffUsers } from "../staff/staff.tables";
import { jobEvents, orderItems, orders } from "./jobs.tables";

const timelineRows = builtOnce(["orderId"], (db, { orderId }) => {
  // Items are named by their place in the job ("Item 2"), as staff count them on the screen.
  const items = db.$with("items").as(
    db
      .select({
        id: orderItems.id,
        place: sql<number>`(row_number() over (order by ${orderItems.id}))::int`.as("place"),
      })
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId)),
  );
  return db
    .with(items)
    .select({
      timeZone: outlets.timeZone,
      id: jobEvents.id,
      kind: jobEvents.kind,
      orderItemId: jobEvents.orderItemId,
      from: jobEvents.fromValue,
      to: jobEvents.toValue,
      staffId: jobEvents.staffUserId,
      createdAt: jobEvents.createdAt,
      first: staffUsers.firstName,
      last: staffUsers.lastName,
      itemPlace: items.place,
    })
    .from(orders)
    .innerJoin(outlets, eq(outlets.id, orders.originOutletId))
    .leftJoin(jobEvents, eq(jobEvents.orderId, orders.id))
    .leftJoin(staffUsers, eq(staffUsers.id, jobEvents.staffUserId))
    .leftJoin(items, eq(items.id, jobEvents.orderItemId))
    .where(eq(orders.id, orderId))
    .orderBy(asc(jobEvents.createdAt), asc(jobEvents.id));
});

/**
 * The job's timeline, oldest first, each entry with who, when, what changed and the line staff read.
 * One statement: the job and its outlet's zone, each event with its writer's name and its item's
 * place in the job (these were four round trips in turn). A job without events comes back as one
 * row whose event columns are null; a job whose outlet is gone, as none (no timeline), as before.
 * Its SQL is built once (built-once.ts).
 */
export async function listJobEvents(db: Db, orderId: number) {
  const rows = await timelineRows(db, { orderId });
  if (!rows.length) return null;
  const events = rows.flatMap((r) =>
    r.id == null || r.kind == null || r.createdAt == null
      ? []
      : [
          {
            id: r.id,
            kind: r.kind,
            order_item_id: r.orderItemId,
            from: r.from,
            to: r.to,
            // A writer whose staff row is gone reads "Unknown"; no writer is the system.
            by: r.staffId != null ? (r.first != null ? `${r.first} ${r.last}`.trim() : "Unknown") : "System",
            created_at: r.createdAt.toISOString(),
            description: describeJobEvent({
              kind: r.kind,
              from: r.from,
              to: r.to,
              item: r.orderItemId != null && r.itemPlace != null ? String(r.itemPlace) : null,
            }),
          },
        ],
  );
  return { time_zone: rows[0].timeZone, events };
}
