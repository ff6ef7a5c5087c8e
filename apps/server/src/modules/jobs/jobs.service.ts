import {
  isBatchSelectable,
  isDisplayOnlyStatus,
  isWorkshopFilter,
  itemChangedMeanwhile,
  LATE_ORDERS_HINT,
  ONLINE_CHANNEL_ID,
  ORDER_DISPENSE_STATUSES,
  REFUNDED_ITEM_LOCKED,
  REFUNDED_JOB_LOCKED,
  REFUNDED_QUANTITY,
  WORKSHOP_FILTER_HINTS,
  WORKSHOP_FILTER_LABELS,
  WORKSHOP_FILTERS,
  type WorkshopFilter,
} from "@loupe/domain";
import { asc, eq, inArray, sql } from "drizzle-orm";
import type { SearchPort, SearchQuery } from "../../integrations/search";
import { cappedTotal, EXACT_COUNT_CAP } from "../../platform/db/capped-count";
import type { Database, Db } from "../../platform/db/client";
import { AppError, notFound, validationError } from "../../platform/http/app-error";
import type { Slots } from "../../platform/slots";
import { dispenseStatusesInOrder, referenceData } from "../reference";
import type { StaffRow } from "../staff";
import { assertCollectable } from "./job-collect";
import { jobDetailReader } from "./job-detail.queries";
import { recordJobEvents } from "./job-events";
import { type JobReference, jobReference, outletZones } from "./job-reference";
import {
  allOutlets,
  allStatuses,
  dispenseStatusSlugs,
  ordersWithStatusSlug,
  outletById,
  statusById,
  statusOfKind,
} from "./job-reference.queries";
import { type OrderLinks, toItemWires, toOrderDetail, toOrderWire, toOrderWires } from "./jobs.mappers";
import { ORDERS_INDEX, readOrderDocuments } from "./jobs.search-index";
import {
  creditNoteCodeSqlSlot,
  dispenseStatusChangedSlot,
  jobCompletedSlot,
  jobShipmentSqlSlot,
  lensOrderSummarySqlSlot,
  orderNotesCountSqlSlot,
} from "./jobs.slots";
import { orderItems, orders } from "./jobs.tables";
import { type JobsPageRow, readJobsPage } from "./jobs-list.queries";
import {
  COMPACT_DELTAS_AFTER,
  FINISHED_SLUGS,
  type JobsListQuery,
  jobsQueryToSearch,
  searchOrdersSql,
  TAB_COUNTS_SQL,
} from "./jobs-search";
import { refundStateOf } from "./refund-facts";
import { readWorkshopContext, readySlugsByRegion } from "./workshop.queries";
import { type WorkshopContext, workshopCountsSql } from "./workshop-filters";

/** A tab's count that stopped one past the cap: the cap, said as "at least" ("1k+" on the tab). */
function tabTotal(counted: number) {
  const { total, totalKind } = cappedTotal(counted, EXACT_COUNT_CAP);
  return { total, total_kind: totalKind };
}

export function createJobsService({
  database,
  brandSlug,
  search,
  links,
  slots,
}: {
  database: Database;
  brandSlug: string;
  search: SearchPort;
  links: OrderLinks;
  /** The app's slots: what modules above jobs answer for its wires (jobs.slots.ts). */
  slots: Slots;
}) {
  const db = database.db;

  // Statuses are reference data written at start: the open (unfinished) ones, read once per process.
  let openIds: Promise<number[]> | null = null;
  const openStatusIds = () => {
    openIds ??= dispenseStatusSlugs(db).then((rows) =>
      rows.filter((r) => !FINISHED_SLUGS.includes(r.slug)).map((r) => r.id),
    );
    return openIds;
  };
  // Changes are recorded in the words staff read: status names and outlet abbreviations.
  let names: Promise<{ status: Map<number, string>; outlet: Map<number, string> }> | null = null;
  const referenceNames = () => {
    names ??= Promise.all([allStatuses(db), allOutlets(db)]).then(([s, o]) => ({
      status: new Map(s.map((r) => [r.id, r.displayName])),
      outlet: new Map(o.map((r) => [r.id, r.abbreviation])),
    }));
    return names;
  };
  /** The Created filter is in each job's outlet's days: SQL works out each outlet's window, the index holds each job's day. */
  const toSearch = async (query: JobsListQuery, timeZone: string | undefined, engine: "sql" | "index") =>
    jobsQueryToSearch(query, {
      brandSlug,
      openStatusIds: await openStatusIds(),
      timeZone,
      outletZones:
        engine === "sql" && (query.created_start_at || query.created_end_at)
          ? await outletZones(db)
          : undefined,
      indexedOutletDays: engine === "index",
      // Only the workshop tabs need the outlets' zones and shelf limits: read for them alone.
      workshop: isWorkshopFilter(query.customFilter) ? await readWorkshopContext(db, slots) : undefined,
    });

  /** Rows for ids in the order given (a search's order), mapped to the wire. */
  async function wiresInOrder(ids: number[]) {
    const rows = ids.length ? await db.select().from(orders).where(inArray(orders.id, ids)) : [];
    const byId = new Map(rows.map((r) => [r.id, r]));
    return toOrderWires(
      db,
      ids.flatMap((id) => byId.get(id) ?? []),
      links,
      slots,
    );
  }

  /** A page of a search in one statement (jobs-list.queries.ts), mapped to the wire. */
  async function pageOfWires(search: SearchQuery) {
    const [{ total, totalKind, jobs }, reference] = await Promise.all([
      readJobsPage(database, search, orderNotesCountSqlSlot.get(slots)),
      jobReference(db),
    ]);
    return { total, totalKind, rows: await rowWires(jobs, reference) };
  }

  /** List rows (the list page's, or the detail's one) to their wires. */
  async function rowWires(jobs: JobsPageRow[], reference: JobReference) {
    const regionOf = (j: JobsPageRow) => reference.originOutlet.get(j.originOutletId)?.region_id ?? 0;
    const readySlugs = await readySlugsByRegion(db, slots, jobs.map(regionOf));
    const now = new Date();
    // A page row is the job's columns and its related rows in one object: it is the order, and
    // the refund rule's rows, as it is (readJobsPage says why no copy).
    return jobs.map((j) => {
      const refund = refundStateOf(j, j, reference, now);
      const facts = {
        order: j,
        customer: j.customer,
        notesCount: j.notesCount,
        items: j.items,
        refund,
        readySlugs: readySlugs.get(regionOf(j)) ?? [],
      };
      return toOrderWire(facts, reference, links);
    });
  }

  /** After a committed write: the search engine's copy of these jobs catches up (a no-op on Postgres). */
  async function reindex(orderIds: number[]) {
    await search.index(ORDERS_INDEX, await readOrderDocuments(database, orderIds));
  }

  async function statusOf(id: number, kind: "dispense" | "item") {
    const [s] = await statusOfKind(db, id, kind);
    return s;
  }
  async function ordersByIds(tx: Db, ids: number[]) {
    if (!ids.length) return [];
    const rows = await tx.select().from(orders).where(inArray(orders.id, ids)).orderBy(asc(orders.id));
    return toOrderWires(tx, rows, links, slots);
  }
  let readDetail: ReturnType<typeof jobDetailReader> | undefined;
  return {
    /** The jobs list (spec §2, §4): the route query answered by SQL on the orders tables. */
    async list(query: JobsListQuery, timeZone?: string) {
      const { total, totalKind, rows } = await pageOfWires(await toSearch(query, timeZone, "sql"));
      return { rows, total, totalKind, page: query.page, perPage: query.per_page };
    },

    /** Jobs MEILI: the same route query answered by the search port (Meilisearch when configured). */
    async searchIndex(query: JobsListQuery, timeZone?: string) {
      // The workshop tabs are per-outlet days only SQL can say; the index holds no promises.
      if (isWorkshopFilter(query.customFilter))
        throw validationError({
          customFilter: [`The "${query.customFilter}" filter is on the jobs list, not the search index.`],
        });
      if (query.origin_outlet_id)
        throw validationError({ origin_outlet_id: ["The search index cannot filter by the job's outlet."] });
      const { ids, total } = await search.search(
        ORDERS_INDEX,
        // The Postgres engine answers with the list's SQL, which works out the outlets' days itself.
        await toSearch(query, timeZone, search.name === "postgres" ? "sql" : "index"),
      );
      return { hits: await wiresInOrder(ids), total };
    },

    /** Any search over the orders index, by SQL; the online-channel list builds its own. */
    searchSql: (query: SearchQuery) => searchOrdersSql(database, query),

    /** The job detail: one statement (job-detail.queries.ts), its list row made as the list makes it. */
    async detail(id: number) {
      // The parts are read from the slots on the first call (they are filled once every module has
      // registered); the reader keeps the statement's text built from them.
      readDetail ??= jobDetailReader({
        notesCountSql: orderNotesCountSqlSlot.get(slots),
        lensOrder: lensOrderSummarySqlSlot.get(slots),
        shipment: jobShipmentSqlSlot.get(slots),
        creditNoteCodeSql: creditNoteCodeSqlSlot.get(slots),
      });
      const [d, reference] = await Promise.all([readDetail(database, id), jobReference(db)]);
      if (!d) throw notFound("Order");
      const [row] = await rowWires([d.row], reference);
      return toOrderDetail(row, d, reference);
    },

    reindex,
    workshopCounts,

    /** The tabs: one per dispense status with its count, then Late Orders and the GO channel. */
    async tabs() {
      const [open, reference] = await Promise.all([openStatusIds(), referenceData(db)]);
      // The status counts and the workshop's are independent: read at once, on two connections.
      const [[row], workshop] = await Promise.all([
        database.query<{
          counts: { id: number; channel_id: number; n: number }[];
          late: number;
          deltas: number;
        }>(TAB_COUNTS_SQL, [open]),
        workshopTabs(),
      ]);
      // Folding after the read: the sums are the same either way, and the tabs wait for one round trip.
      if (row.deltas > COMPACT_DELTAS_AFTER) await compactStatusDeltas();
      const counts = row.counts;
      const statusRows = dispenseStatusesInOrder(reference);
      const byStatus = new Map<number, number>();
      let online = 0;
      for (const c of counts) {
        byStatus.set(Number(c.id), (byStatus.get(Number(c.id)) ?? 0) + Number(c.n));
        if (Number(c.channel_id) === ONLINE_CHANNEL_ID) online += Number(c.n);
      }
      return [
        ...statusRows.map((s) => ({
          slug: s.slug,
          display_name: s.displayName,
          total: byStatus.get(s.id) ?? 0,
          total_kind: "exact" as const,
          filter_type: "status" as const,
          customFilter: null,
          defaultQuery: { dispense_status_id: s.id, sort_by: "created_at", sort_direction: "desc", page: 1 },
        })),
        {
          slug: "late-orders",
          display_name: "Late Orders",
          description: LATE_ORDERS_HINT,
          ...tabTotal(Number(row.late)),
          filter_type: "custom" as const,
          customFilter: "late-orders",
          defaultQuery: {
            customFilter: "late-orders",
            sort_by: "created_at",
            sort_direction: "asc",
            page: 1,
          },
        },
        ...workshop,
        {
          slug: `${brandSlug}go`,
          display_name: "Go Orders",
          total: online,
          total_kind: "exact" as const,
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
      if (!target?.selectable)
        throw validationError({ dispense_status_id: ["The selected status cannot be chosen."] });
      const order = await db.transaction(async (tx) => {
        const [current] = await tx.select().from(orders).where(eq(orders.id, id)).for("update");
        if (!current) throw notFound("Order");
        const [from] = await statusById(tx as unknown as Db, current.dispenseStatusId);
        if (from.slug === "cancelled")
          throw new AppError("conflict", "A cancelled job's status cannot be changed.");
        if (isDisplayOnlyStatus(from.slug)) throw new AppError("conflict", REFUNDED_JOB_LOCKED);
        await assertCollectable(tx as unknown as Db, slots, staff, [id], target.slug);
        await tx
          .update(orders)
          .set({ dispenseStatusId: statusId, updatedAt: new Date() })
          .where(eq(orders.id, id));
        await recordJobEvents(tx as unknown as Db, [
          {
            orderId: id,
            kind: "dispense_status",
            fromValue: from.displayName,
            toValue: target.displayName,
            staffUserId: staff.id,
          },
        ]);
        // Modules above jobs react in this transaction (a ready job's message, issue 27).
        await dispenseStatusChangedSlot.get(slots)(tx as unknown as Db, {
          orderId: id,
          fromSlug: from.slug,
          toSlug: target.slug,
          staffUserId: staff.id,
        });
        // A completed job may set the customer's recalls (issue 28), in this transaction too.
        if (
          current.customerId != null &&
          (target.slug === "completed" || target.slug === "collected-by-customer") &&
          slots.has(jobCompletedSlot.name)
        )
          await jobCompletedSlot.get(slots)(tx as unknown as Db, {
            orderId: id,
            customerId: current.customerId,
          });
        return (await ordersByIds(tx as unknown as Db, [id]))[0];
      });
      await reindex([id]);
      return order;
    },

    async setItemStatus(staff: StaffRow, itemId: number, statusId: number) {
      const target = await statusOf(statusId, "item");
      if (!target?.selectable) throw validationError({ id: ["The selected status cannot be chosen."] });
      // Read before the transaction: PGlite has one connection, which the transaction holds.
      const { status } = await referenceNames();
      const wire = await db.transaction(async (tx) => {
        const [item] = await tx.select().from(orderItems).where(eq(orderItems.id, itemId)).for("update");
        if (!item) throw notFound("Order item");
        await assertNotCancelled(tx as unknown as Db, [item.orderId]);
        if (item.quantity === REFUNDED_QUANTITY) throw new AppError("conflict", REFUNDED_ITEM_LOCKED);
        await assertCollectable(tx as unknown as Db, slots, staff, [item.orderId], target.slug);
        const [updated] = await tx
          .update(orderItems)
          .set({ dispenseStatusId: statusId, updatedAt: new Date() })
          .where(eq(orderItems.id, itemId))
          .returning();
        await recordJobEvents(tx as unknown as Db, [
          {
            orderId: item.orderId,
            orderItemId: itemId,
            kind: "item_status",
            fromValue: status.get(item.dispenseStatusId) ?? null,
            toValue: target.displayName,
            staffUserId: staff.id,
          },
        ]);
        return (await toItemWires(tx as unknown as Db, [updated], slots))[0];
      });
      await reindex([wire.order_id]);
      return wire;
    },

    /**
     * A batch: every item changes or none does. Rows are locked in id order, so two batches over
     * overlapping items queue behind each other instead of deadlocking, and neither write is lost.
     */
    async setItemsStatus(staff: StaffRow, itemIds: number[], statusId: number, fromStatusId?: number) {
      const target = await statusOf(statusId, "item");
      if (!target || !isBatchSelectable(target))
        throw validationError({ status_id: ["The selected status cannot be set on many items."] });
      if (fromStatusId !== undefined && !(await statusOf(fromStatusId, "item")))
        throw validationError({ from_status_id: ["The from_status_id field must be an item status."] });
      return batch(
        staff,
        itemIds,
        { dispenseStatusId: statusId },
        "item_status",
        target.displayName,
        fromStatusId,
        target.slug,
      );
    },

    async setItemsOutlet(staff: StaffRow, itemIds: number[], outletId: number) {
      const [outlet] = await outletById(db, outletId);
      if (!outlet?.isActive) throw validationError({ outlet_id: ["The selected outlet is invalid."] });
      return batch(staff, itemIds, { outletId }, "outlet", outlet.abbreviation);
    },

    async setPriority(staff: StaffRow, id: number, priority: 1 | 2) {
      const order = await db.transaction(async (tx) => {
        const [current] = await tx.select().from(orders).where(eq(orders.id, id)).for("update");
        if (!current) throw notFound("Order");
        await tx.update(orders).set({ priority, updatedAt: new Date() }).where(eq(orders.id, id));
        await recordJobEvents(tx as unknown as Db, [
          {
            orderId: id,
            kind: "priority",
            fromValue: String(current.priority),
            toValue: String(priority),
            staffUserId: staff.id,
          },
        ]);
        return (await ordersByIds(tx as unknown as Db, [id]))[0];
      });
      await reindex([id]);
      return order;
    },
  };

  /** The workshop tabs (issue 27) with their counts over every outlet, each on its own clock. */
  async function workshopTabs() {
    // Across every outlet a count stops past the cap: jobs left on a shelf grow with the table.
    const counts = await workshopCounts(undefined, new Date(), EXACT_COUNT_CAP);
    // Every workshop filter, "Promised today" included: the closing note names it (issue 52).
    return WORKSHOP_FILTERS.map((f) => ({
      slug: f,
      display_name: WORKSHOP_FILTER_LABELS[f],
      description: WORKSHOP_FILTER_HINTS[f],
      ...tabTotal(counts[f]),
      filter_type: "custom" as const,
      customFilter: f,
      defaultQuery: { customFilter: f, sort_by: "due_date", sort_direction: "asc", page: 1 },
    }));
  }

  /**
   * Each workshop filter's count, for every outlet or one, in one statement. `context`: the
   * workshop's context when the caller has already read it (the outlet's day).
   */
  async function workshopCounts(
    outletId?: number,
    now = new Date(),
    cap?: number,
    context?: WorkshopContext,
  ) {
    const { sql: text, params } = workshopCountsSql(
      context ?? (await readWorkshopContext(db, slots)),
      now,
      outletId,
      cap,
    );
    const [row] = await database.query<Record<WorkshopFilter, number>>(text, params);
    return Object.fromEntries(WORKSHOP_FILTERS.map((f) => [f, Number(row[f])])) as Record<
      WorkshopFilter,
      number
    >;
  }

  /**
   * Folds the status counters into one row per status and channel once they pile up. The delete
   * and the re-insert are one statement, so a concurrent tabs call sees either the rows or their sum;
   * two compactions at once each fold the rows they deleted, and the sums stay right.
   */
  async function compactStatusDeltas() {
    await database.query(
      `with folded as (delete from order_status_deltas returning *)
       insert into order_status_deltas (dispense_status_id, channel_id, n)
       select dispense_status_id, channel_id, sum(n)::int from folded group by 1, 2 having sum(n) <> 0`,
    );
  }

  async function assertNotCancelled(tx: Db, orderIds: number[]) {
    const cancelled = ORDER_DISPENSE_STATUSES.find((s) => s.slug === "cancelled")!.slug;
    const rows = await ordersWithStatusSlug(tx, orderIds, cancelled);
    if (rows.length)
      throw new AppError("conflict", `Job ${rows[0].id} is cancelled; its items cannot change.`);
  }

  async function batch(
    staff: StaffRow,
    itemIds: number[],
    set: { dispenseStatusId?: number; outletId?: number },
    field: "item_status" | "outlet",
    toValue: string,
    /** The status every item must still be at (checked under the row locks), or undefined. */
    fromStatusId?: number,
    /** The item status moved to: handing items over with a balance due needs a manager (issue 44). */
    toSlug?: string,
  ) {
    const ids = [...new Set(itemIds)].sort((a, b) => a - b);
    const { status, outlet } = await referenceNames();
    const changed = await db.transaction(async (tx) => {
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
      const refunded = locked.find((i) => i.quantity === REFUNDED_QUANTITY);
      if (refunded && field === "item_status")
        throw new AppError("conflict", `${REFUNDED_ITEM_LOCKED} (item ${refunded.id})`);
      const moved =
        fromStatusId === undefined ? undefined : locked.find((i) => i.dispenseStatusId !== fromStatusId);
      if (moved)
        throw new AppError(
          "conflict",
          itemChangedMeanwhile(
            moved.id,
            status.get(fromStatusId!) ?? "",
            status.get(moved.dispenseStatusId) ?? "",
          ),
        );
      if (toSlug) await assertCollectable(tx as unknown as Db, slots, staff, orderIds, toSlug);
      await tx
        .update(orderItems)
        .set({ ...set, updatedAt: new Date() })
        .where(inArray(orderItems.id, ids));
      await recordJobEvents(
        tx as unknown as Db,
        locked.map((i) => ({
          orderId: i.orderId,
          orderItemId: i.id,
          kind: field,
          fromValue: (field === "outlet" ? outlet.get(i.outletId) : status.get(i.dispenseStatusId)) ?? null,
          toValue,
          staffUserId: staff.id,
        })),
      );
      await tx.update(orders).set({ updatedAt: sql`now()` }).where(inArray(orders.id, orderIds));
      return ordersByIds(tx as unknown as Db, orderIds);
    });
    await reindex(changed.map((o) => o.id));
    return changed;
  }
}
