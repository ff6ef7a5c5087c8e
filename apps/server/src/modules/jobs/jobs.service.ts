import type { JobsQuery } from "@loupe/contract";
import { isBatchSelectable, ORDER_DISPENSE_STATUSES } from "@loupe/domain";
import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import type { Database, Db } from "../../platform/db/client";
import { AppError, notFound, validationError } from "../../platform/http/app-error";
import { outlets, statuses } from "../reference/reference.tables";
import type { StaffRow } from "../staff/staff.service";
import { toItemWires, toOrderDetail, toOrderWires } from "./jobs.mappers";
import { jobChanges, orderItems, orders } from "./jobs.tables";
import { FINISHED_SLUGS, findJobIds, LATE_AFTER_DAYS } from "./jobs-list.query";

type Query = Parameters<typeof findJobIds>[1];

export function createJobsService({ database, brandSlug }: { database: Database; brandSlug: string }) {
  const db = database.db;

  async function statusOf(id: number, kind: "dispense" | "item") {
    const [s] = await db
      .select()
      .from(statuses)
      .where(and(eq(statuses.id, id), eq(statuses.kind, kind)));
    return s;
  }
  async function ordersByIds(tx: Db, ids: number[]) {
    if (!ids.length) return [];
    const rows = await tx.select().from(orders).where(inArray(orders.id, ids)).orderBy(asc(orders.id));
    return toOrderWires(tx, rows);
  }
  async function loadOrder(id: number) {
    const [row] = await db.select().from(orders).where(eq(orders.id, id));
    if (!row) throw notFound("Order");
    return row;
  }

  return {
    async list(query: JobsQuery & { outlet_id?: number[] }) {
      const q = query as unknown as Query;
      const { ids, total } = await findJobIds(database, q, brandSlug);
      const rows = ids.length ? await db.select().from(orders).where(inArray(orders.id, ids)) : [];
      const byId = new Map(rows.map((r) => [r.id, r]));
      return {
        rows: await toOrderWires(
          db,
          ids.map((id) => byId.get(id)!),
        ),
        total,
        page: q.page,
        perPage: q.per_page,
      };
    },

    async detail(id: number) {
      return toOrderDetail(db, await loadOrder(id));
    },

    /** The tabs: one per dispense status with its count, then Late Orders and the GO channel. */
    async tabs() {
      const [counts, lateRows, goRows, statusRows] = await Promise.all([
        db.select({ id: orders.dispenseStatusId, n: count() }).from(orders).groupBy(orders.dispenseStatusId),
        database.query<{ n: number }>(
          `select count(*)::int as n from orders o where o.created_at < now() - interval '${LATE_AFTER_DAYS} days'
           and o.dispense_status_id not in (select id from statuses where kind = 'dispense' and slug = any($1))`,
          [FINISHED_SLUGS],
        ),
        db.select({ n: count() }).from(orders).where(eq(orders.channelId, 4)),
        db.select().from(statuses).where(eq(statuses.kind, "dispense")).orderBy(asc(statuses.sortOrder)),
      ]);
      const byStatus = new Map(counts.map((c) => [c.id, Number(c.n)]));
      return [
        ...statusRows.map((s) => ({
          slug: s.slug,
          display_name: s.displayName,
          total: byStatus.get(s.id) ?? 0,
          filter_type: "status" as const,
          customFilter: null,
          defaultQuery: { dispense_status_id: s.id, sort_by: "created_at", sort_direction: "desc", page: 1 },
        })),
        {
          slug: "late-orders",
          display_name: "Late Orders",
          total: Number(lateRows[0].n),
          filter_type: "custom" as const,
          customFilter: "late-orders",
          defaultQuery: {
            customFilter: "late-orders",
            sort_by: "created_at",
            sort_direction: "asc",
            page: 1,
          },
        },
        {
          slug: `${brandSlug}go`,
          display_name: "Go Orders",
          total: Number(goRows[0].n),
          filter_type: "custom" as const,
          customFilter: `${brandSlug}go`,
          defaultQuery: {
            customFilter: `${brandSlug}go`,
            sort_by: "created_at",
            sort_direction: "desc",
            page: 1,
          },
        },
      ];
    },

    async setOrderStatus(staff: StaffRow, id: number, statusId: number) {
      const target = await statusOf(statusId, "dispense");
      if (!target || !target.selectable)
        throw validationError({ dispense_status_id: ["The selected status cannot be chosen."] });
      return db.transaction(async (tx) => {
        const [current] = await tx.select().from(orders).where(eq(orders.id, id)).for("update");
        if (!current) throw notFound("Order");
        const [from] = await tx.select().from(statuses).where(eq(statuses.id, current.dispenseStatusId));
        if (from.slug === "cancelled")
          throw new AppError("conflict", "A cancelled job's status cannot be changed.");
        await tx
          .update(orders)
          .set({ dispenseStatusId: statusId, updatedAt: new Date() })
          .where(eq(orders.id, id));
        await tx.insert(jobChanges).values({
          orderId: id,
          field: "dispense_status",
          fromValue: from.slug,
          toValue: target.slug,
          staffUserId: staff.id,
        });
        return (await ordersByIds(tx as unknown as Db, [id]))[0];
      });
    },

    async setItemStatus(staff: StaffRow, itemId: number, statusId: number) {
      const target = await statusOf(statusId, "item");
      if (!target || !target.selectable)
        throw validationError({ id: ["The selected status cannot be chosen."] });
      return db.transaction(async (tx) => {
        const [item] = await tx.select().from(orderItems).where(eq(orderItems.id, itemId)).for("update");
        if (!item) throw notFound("Order item");
        await assertNotCancelled(tx as unknown as Db, [item.orderId]);
        const [updated] = await tx
          .update(orderItems)
          .set({ dispenseStatusId: statusId, updatedAt: new Date() })
          .where(eq(orderItems.id, itemId))
          .returning();
        await tx.insert(jobChanges).values({
          orderId: item.orderId,
          orderItemId: itemId,
          field: "item_status",
          fromValue: String(item.dispenseStatusId),
          toValue: target.slug,
          staffUserId: staff.id,
        });
        return (await toItemWires(tx as unknown as Db, [updated]))[0];
      });
    },

    /**
     * A batch: every item changes or none does. Rows are locked in id order, so two batches over
     * overlapping items queue behind each other instead of deadlocking, and neither write is lost.
     */
    async setItemsStatus(staff: StaffRow, itemIds: number[], statusId: number) {
      const target = await statusOf(statusId, "item");
      if (!target || !isBatchSelectable(target))
        throw validationError({ status_id: ["The selected status cannot be set on many items."] });
      return batch(staff, itemIds, { dispenseStatusId: statusId }, "item_status", target.slug);
    },

    async setItemsOutlet(staff: StaffRow, itemIds: number[], outletId: number) {
      const [outlet] = await db.select().from(outlets).where(eq(outlets.id, outletId));
      if (!outlet || !outlet.isActive)
        throw validationError({ outlet_id: ["The selected outlet is invalid."] });
      return batch(staff, itemIds, { outletId }, "outlet", outlet.abbreviation);
    },

    async setPriority(staff: StaffRow, id: number, priority: 1 | 2) {
      return db.transaction(async (tx) => {
        const [current] = await tx.select().from(orders).where(eq(orders.id, id)).for("update");
        if (!current) throw notFound("Order");
        await tx.update(orders).set({ priority, updatedAt: new Date() }).where(eq(orders.id, id));
        await tx.insert(jobChanges).values({
          orderId: id,
          field: "priority",
          fromValue: String(current.priority),
          toValue: String(priority),
          staffUserId: staff.id,
        });
        return (await ordersByIds(tx as unknown as Db, [id]))[0];
      });
    },
  };

  async function assertNotCancelled(tx: Db, orderIds: number[]) {
    const cancelled = ORDER_DISPENSE_STATUSES.find((s) => s.slug === "cancelled")!.slug;
    const rows = await tx
      .select({ id: orders.id })
      .from(orders)
      .innerJoin(statuses, eq(statuses.id, orders.dispenseStatusId))
      .where(and(inArray(orders.id, orderIds), eq(statuses.slug, cancelled)));
    if (rows.length)
      throw new AppError("conflict", `Job ${rows[0].id} is cancelled; its items cannot change.`);
  }

  async function batch(
    staff: StaffRow,
    itemIds: number[],
    set: { dispenseStatusId?: number; outletId?: number },
    field: "item_status" | "outlet",
    toValue: string,
  ) {
    const ids = [...new Set(itemIds)].sort((a, b) => a - b);
    return db.transaction(async (tx) => {
      const locked = await tx
        .select()
        .from(orderItems)
        .where(inArray(orderItems.id, ids))
        .orderBy(asc(orderItems.id))
        .for("update");
      if (locked.length !== ids.length) {
        const found = new Set(locked.map((i) => i.id));
        throw validationError({
          item_ids: [`Order item ${ids.find((id) => !found.has(id))} does not exist.`],
        });
      }
      const orderIds = [...new Set(locked.map((i) => i.orderId))];
      await assertNotCancelled(tx as unknown as Db, orderIds);
      await tx
        .update(orderItems)
        .set({ ...set, updatedAt: new Date() })
        .where(inArray(orderItems.id, ids));
      await tx.insert(jobChanges).values(
        locked.map((i) => ({
          orderId: i.orderId,
          orderItemId: i.id,
          field,
          fromValue: String(field === "outlet" ? i.outletId : i.dispenseStatusId),
          toValue,
          staffUserId: staff.id,
        })),
      );
      await tx.update(orders).set({ updatedAt: sql`now()` }).where(inArray(orders.id, orderIds));
      return ordersByIds(tx as unknown as Db, orderIds);
    });
  }
}
