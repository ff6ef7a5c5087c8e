import {
  CHANGE_CUSTOMER_CHANNEL,
  CHANGE_CUSTOMER_SAME,
  canChangeCustomer,
  LINK_SELF,
  LINK_TWICE,
} from "@loupe/domain";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { AppError, notFound, validationError } from "../../platform/http/app-error";
import type { Slots } from "../../platform/slots";
import type { StaffRow } from "../staff";
import { customerById } from "./job-customers.queries";
import { recordJobEvents } from "./job-events";
import { customerChangeReentrySlot } from "./jobs.slots";
import { orders, relatedOrders } from "./jobs.tables";

const name = (first: string, last: string) => `${first} ${last}`.trim();

/** Changing a job's customer and linking jobs, each with its timeline entry in the same transaction. */
export function createJobActionsService({
  db,
  reindex,
  slots,
}: {
  db: Db;
  reindex: (orderIds: number[]) => Promise<void>;
  /** The app's slots: job-edit clears the items' selections on a customer change (jobs.slots.ts). */
  slots: Slots;
}) {
  return {
    /**
     * The job moves to another customer; the billing name and contact follow, so the receipt and
     * e-mails address the new customer. The receipt token covers the customer, so links sent
     * before stop working. The old customer's prescriptions and PDs leave the items' selections in
     * the same transaction (jobs-area §4: they must be re-entered; issue 24).
     */
    async changeCustomer(staff: StaffRow, orderId: number, customerId: number) {
      await db.transaction(async (txx) => {
        const tx = txx as unknown as Db;
        const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
        if (!order) throw notFound("Order");
        if (!canChangeCustomer({ channel_id: order.channelId, is_octopos_order: order.isOctoposOrder }))
          throw new AppError("conflict", CHANGE_CUSTOMER_CHANNEL);
        if (order.customerId === customerId) throw new AppError("conflict", CHANGE_CUSTOMER_SAME);
        const [customer] = await customerById(tx, customerId);
        if (!customer) throw validationError({ customer_id: ["The selected customer does not exist."] });
        const [previous] = order.customerId ? await customerById(tx, order.customerId) : [];
        const at = new Date();
        await tx
          .update(orders)
          .set({
            customerId,
            billingFirstName: customer.firstName,
            billingLastName: customer.lastName,
            billingEmail: customer.email ?? order.billingEmail,
            billingMobile: customer.mobile ?? order.billingMobile,
            updatedAt: at,
          })
          .where(eq(orders.id, orderId));
        const cleared = await customerChangeReentrySlot.get(slots)(tx, staff, {
          orderId,
          previousCustomerId: order.customerId,
          customerId,
          at,
        });
        await recordJobEvents(tx, [
          {
            orderId,
            kind: "customer",
            fromValue: previous
              ? name(previous.firstName, previous.lastName)
              : `${name(order.billingFirstName, order.billingLastName)} (Guest)`,
            toValue: name(customer.firstName, customer.lastName),
            staffUserId: staff.id,
          },
          ...cleared.map((c) => ({
            orderId,
            orderItemId: c.itemId,
            kind: "prescription_cleared" as const,
            toValue: String(c.revision),
            staffUserId: staff.id,
          })),
        ]);
      });
      await reindex([orderId]);
    },

    /** Links are symmetric: both jobs list each other. Self-links and repeats are refused. */
    async link(staff: StaffRow, orderId: number, relatedId: number) {
      if (orderId === relatedId) throw validationError({ related_order_id: [LINK_SELF] });
      await db.transaction(async (txx) => {
        const tx = txx as unknown as Db;
        // Both rows locked in id order, so two staff linking the same pair queue instead of deadlocking.
        const [a, b] = [orderId, relatedId].sort((x, y) => x - y);
        const locked = await tx
          .select()
          .from(orders)
          .where(eq(orders.id, a))
          .for("update")
          .then(async (first) => [
            ...first,
            ...(await tx.select().from(orders).where(eq(orders.id, b)).for("update")),
          ]);
        const job = locked.find((o) => o.id === orderId);
        const other = locked.find((o) => o.id === relatedId);
        if (!job) throw notFound("Order");
        if (!other) throw validationError({ related_order_id: ["The job to link does not exist."] });
        const [already] = await tx
          .select()
          .from(relatedOrders)
          .where(and(eq(relatedOrders.orderId, orderId), eq(relatedOrders.relatedOrderId, relatedId)));
        if (already) throw new AppError("conflict", LINK_TWICE);
        await tx
          .insert(relatedOrders)
          .values([
            { orderId, relatedOrderId: relatedId },
            { orderId: relatedId, relatedOrderId: orderId },
          ])
          .onConflictDoNothing();
        await recordJobEvents(tx, [
          { orderId, kind: "link", toValue: other.vendInvoiceNumber, staffUserId: staff.id },
          { orderId: relatedId, kind: "link", toValue: job.vendInvoiceNumber, staffUserId: staff.id },
        ]);
      });
    },
  };
}
