import type { NotSentLensOrderWire } from "@loupe/contract";
import {
  LENS_ORDER_ITEM_STATUS,
  LENS_ORDER_MESSAGES,
  PRESCRIPTION_REENTRY_MESSAGES,
  REFUNDED_QUANTITY,
  SUPPLIER_STATE_RULES,
  type SupplierKind,
} from "@loupe/domain";
import { and, eq, ne } from "drizzle-orm";
import type { SearchPort } from "../../integrations/search";
import type { Database, Db } from "../../platform/db/client";
import { AppError, notFound } from "../../platform/http/app-error";
import {
  applyLensOrderToItem,
  itemStatusId,
  itemsNeedingReentry,
  recordJobEvents,
  reindexJobs,
} from "../jobs";
import type { OutboxRow } from "../outbox";
import type { StaffRow } from "../staff";
import {
  itemWithCustomer,
  latestLensOrderMessageId,
  missedNotSent,
  notSentOfOutlet,
} from "./lens-order-not-sent.queries";
import { toSummaryWire } from "./lens-orders.mappers";
import { itemStatusOf, loadItemContext, lockItem, supplierNameWithId } from "./lens-orders.queries";
import type { Audit, LensOrdersService } from "./lens-orders.service";
import { lensOrderEvents, lensOrders } from "./lens-orders.tables";

/** The outbox row's fields this reads: which order (meta), why, and how many tries it took. */
type GivenUp = Pick<OutboxRow, "id" | "error" | "tries" | "meta">;

/** Long SMTP answers are cut: the timeline is a line, not a transcript. */
const REASON_MAX = 300;

/**
 * Why the e-mail was not sent, in staff words. Given up before the tries ran out means the mail
 * server refused it outright (a 5xx); else it could not be delivered in time. The error is the
 * server's answer about the supplier's address: no customer data.
 */
export function notSentReason(message: GivenUp, maxTries: number): string {
  const error = (message.error ?? "no answer").replace(/\s+/g, " ").trim().slice(0, REASON_MAX);
  return message.tries < maxTries
    ? `the supplier's mail server refused it: ${error}`
    : `the e-mail could not be delivered after ${message.tries} tries: ${error}`;
}

/** What the item's supplier code returns to when the order never reached the supplier. */
const itemCodeWhenNotSent = (kind: SupplierKind) => {
  const rules = SUPPLIER_STATE_RULES[kind];
  const code = rules.resetTo ?? rules.none;
  return kind === "hoya" ? { hoyaStatus: code } : kind === "shamir" ? { shamirStatus: code } : {};
};

/**
 * An e-mailed lens order the outbox gave up on (issue 33): it becomes "Not sent" (not open, so the
 * item can be ordered again), the item leaves lenses-ordered if this order put it there, and the
 * job's timeline says why — one transaction, once. Send again re-drives the same order and key.
 */
export function createLensOrderNotSent(deps: {
  database: Database;
  search: SearchPort;
  service: LensOrdersService;
  maxTries: number;
}) {
  const { database, search, service, maxTries } = deps;
  const db = database.db;

  /** Marks the order of a given-up message "Not sent"; false when there was nothing to change. */
  async function markNotSent(message: GivenUp): Promise<boolean> {
    const key = typeof message.meta?.idempotency_key === "string" ? message.meta.idempotency_key : null;
    if (message.meta?.kind !== "lens_order" || !key) return false;
    const reason = notSentReason(message, maxTries);
    const orderId = await db.transaction(async (txx) => {
      const tx = txx as unknown as Db;
      const [row] = await tx
        .select()
        .from(lensOrders)
        .where(eq(lensOrders.idempotencyKey, key))
        .for("update");
      // A cancel e-mail has its own key (`…:cancel`) and matches no order; a repeated notice finds
      // the order already not sent; an older message's notice does not count once it was sent again.
      if (row?.transport !== "email") return null;
      // Pending too: the worker may refuse the e-mail before the placing request recorded "placed".
      if (row.state !== "placed" && row.state !== "pending") return null;
      if ((await latestLensOrderMessageId(tx, key)) !== message.id) return null;
      const [done] = await tx
        .update(lensOrders)
        .set({ state: "not_sent", open: false, lastError: reason, nextPollAt: null, updatedAt: new Date() })
        .where(and(eq(lensOrders.id, row.id), eq(lensOrders.state, row.state)))
        .returning();
      if (!done) return null;
      await tx.insert(lensOrderEvents).values({
        lensOrderId: row.id,
        statusCode: null,
        label: LENS_ORDER_MESSAGES.notSentLabel,
        description: reason,
        source: "system",
      });
      const orderedId = await itemStatusId(tx, LENS_ORDER_ITEM_STATUS.ordered);
      const itemStatus = await itemStatusOf(tx, row.orderItemId);
      await applyLensOrderToItem(
        tx,
        row.orderItemId,
        {
          statusId: itemStatus === orderedId && row.state === "placed" ? row.itemStatusBeforeId : null,
          ...itemCodeWhenNotSent(row.supplierKind),
        },
        null,
      );
      await recordJobEvents(tx, [
        {
          orderId: row.orderId,
          orderItemId: row.orderItemId,
          kind: "lens_not_sent",
          fromValue: row.reference,
          toValue: reason,
          staffUserId: null,
        },
      ]);
      return row.orderId;
    });
    if (orderId == null) return false;
    await reindexJobs(database, search, [orderId]);
    return true;
  }

  return {
    markNotSent,

    /** The outbox's given-up notice: only lens-order e-mails concern this module. */
    async onGivenUp(message: OutboxRow) {
      if (message.meta?.kind === "lens_order") await markNotSent(message);
    },

    /** Catches give-ups whose notice was missed (the process stopped in between); run by the status poller. */
    async sweep(limit = 50): Promise<number> {
      let marked = 0;
      for (const { message } of await missedNotSent(db, limit)) if (await markNotSent(message)) marked++;
      return marked;
    },

    /** Send again: the same order and key, a new outbox message; every press answers the same order. */
    async resend(staff: StaffRow, id: number, audit: Audit) {
      const [row] = await db.select().from(lensOrders).where(eq(lensOrders.id, id));
      if (!row) throw notFound("Lens order");
      if (row.state === "not_sent") {
        const ctx = await loadItemContext(db, row.orderItemId);
        if (!ctx) throw notFound("Order item");
        if (ctx.jobStatusSlug === "cancelled")
          throw new AppError("conflict", LENS_ORDER_MESSAGES.cancelledJob);
        if (ctx.item.quantity === REFUNDED_QUANTITY)
          throw new AppError("conflict", LENS_ORDER_MESSAGES.refundedItem);
        await db.transaction(async (txx) => {
          const tx = txx as unknown as Db;
          // Under the item's lock, as a new order: no second open order, and the selection it was
          // made from must still be the customer's (a customer change asks for re-entry first).
          await lockItem(tx, row.orderItemId);
          const item = await itemWithCustomer(tx, row.orderItemId);
          if (item && (await itemsNeedingReentry(tx, [item], () => item.customerId)).size)
            throw new AppError("conflict", PRESCRIPTION_REENTRY_MESSAGES.lensOrderRefused);
          const [open] = await tx
            .select()
            .from(lensOrders)
            .where(
              and(
                eq(lensOrders.orderItemId, row.orderItemId),
                eq(lensOrders.open, true),
                ne(lensOrders.id, row.id),
              ),
            );
          if (open) {
            const [s] = await supplierNameWithId(tx, open.supplierId);
            throw new AppError(
              "conflict",
              LENS_ORDER_MESSAGES.alreadyOrdered(toSummaryWire(open, s?.name ?? "").status_label),
            );
          }
          // `unknown` is the state the existing re-drive takes back up with the order's own key.
          const [claimed] = await tx
            .update(lensOrders)
            .set({ state: "unknown", open: true, updatedAt: new Date() })
            .where(and(eq(lensOrders.id, row.id), eq(lensOrders.state, "not_sent")))
            .returning();
          if (claimed)
            await tx.insert(lensOrderEvents).values({
              lensOrderId: row.id,
              statusCode: null,
              label: "Sending again",
              description: `Sent again by ${`${staff.firstName} ${staff.lastName}`.trim()}`,
              source: "staff",
              staffUserId: staff.id,
            });
        });
      }
      const [now] = await db.select().from(lensOrders).where(eq(lensOrders.id, id));
      if (now.state === "unknown" || now.state === "pending") return service.redrive(now, staff, audit);
      if (now.state === "placed") return service.wire(id);
      throw new AppError(
        "conflict",
        LENS_ORDER_MESSAGES.notResendable(toSummaryWire(now, "").status_label.toLowerCase()),
      );
    },

    /** The outlet's failed-sends list: its "Not sent" lens orders with the job's invoice. */
    async listForOutlet(outletId: number, limit: number): Promise<NotSentLensOrderWire[]> {
      const rows = await notSentOfOutlet(db, outletId, limit);
      return rows.map((r) => ({
        id: r.order.id,
        reference: r.order.reference,
        order_id: r.order.orderId,
        order_item_id: r.order.orderItemId,
        invoice: r.invoice,
        supplier_name: r.supplierName,
        reason: r.order.lastError,
        updated_at: r.order.updatedAt.toISOString(),
      }));
    },
  };
}

export type LensOrderNotSent = ReturnType<typeof createLensOrderNotSent>;
