import { randomUUID } from "node:crypto";
import {
  fromMinorUnits,
  PAYMENT_KEY_REUSED,
  PAYMENT_SOURCE,
  PAYMENT_SUCCESS,
  paymentIntentSchema,
  paymentNoteText,
  samePaymentRequest,
  toMinorUnits,
} from "@loupe/domain";
import { eq } from "drizzle-orm";
import type { Intent, PaymentGateway } from "../../integrations/payments";
import type { Db } from "../../platform/db/client";
import { AppError, notFound, validationError } from "../../platform/http/app-error";
import { parseOrThrow } from "../../platform/http/validate";
import { createNotesService } from "../notes";
import type { StaffRow } from "../staff";
import { customerIdById, orderIdById, outletById } from "./payments.queries";
import { payments } from "./payments.tables";

export function createPaymentsService({ db, gateway }: { db: Db; gateway: PaymentGateway }) {
  return {
    /**
     * One payment per idempotency key: a retried request (same key) answers the same intent and
     * never creates a second payment. The provider is called before our insert, outside any
     * transaction, with the same key, so it deduplicates too.
     */
    async createIntent(staff: StaffRow, input: Record<string, unknown>, headerKey?: string) {
      const v = parseOrThrow(paymentIntentSchema, input);
      const key = headerKey ?? v.idempotency_key ?? randomUUID();
      const customerId = v.customer_id ?? null;
      const request = {
        amountMinor: toMinorUnits(v.amount),
        currency: v.currency,
        reference: v.desc || null,
        customerId,
        orderId: v.order_id ?? null,
      };
      // A retry answers its first intent; a key reused for a changed payment is refused (as Stripe does).
      const sameKey = (row: typeof payments.$inferSelect) => {
        const first = { ...row, reference: row.description };
        if (!samePaymentRequest(first, request)) throw new AppError("conflict", PAYMENT_KEY_REUSED);
        return row;
      };
      const [existing] = await db.select().from(payments).where(eq(payments.idempotencyKey, key));
      if (existing) {
        sameKey(existing);
        const intent = await gateway.retrieveIntent(existing.intentId, existing.currency);
        return { payment: existing, intent };
      }
      if (customerId != null) {
        const [c] = await customerIdById(db, customerId);
        if (!c) throw notFound("Customer");
      }
      if (v.order_id != null) {
        const [o] = await orderIdById(db, v.order_id);
        if (!o) throw new AppError("not_found", "Order not found");
      }
      const amountMinor = toMinorUnits(v.amount);
      let intent: Intent;
      try {
        intent = await gateway.createIntent({
          amountMinor,
          currency: v.currency,
          description: v.desc ?? "",
          idempotencyKey: key,
          metadata: {
            staff_user_id: String(staff.id),
            customer_id: String(customerId ?? ""),
            source: String(v.source ?? PAYMENT_SOURCE),
          },
        });
      } catch (err) {
        throw new AppError("upstream_failed", `Exception: ${(err as Error).message}`);
      }
      const [payment] = await db
        .insert(payments)
        .values({
          idempotencyKey: key,
          gateway: gateway.name,
          intentId: intent.id,
          amountMinor,
          currency: v.currency,
          description: v.desc || null,
          source: v.source ?? PAYMENT_SOURCE,
          customerId,
          orderId: v.order_id ?? null,
          createdBy: staff.id,
        })
        .onConflictDoNothing()
        .returning();
      if (payment) return { payment, intent };
      const [winner] = await db.select().from(payments).where(eq(payments.idempotencyKey, key));
      return { payment: sameKey(winner), intent };
    },

    /**
     * Reads the provider's outcome; a success records the payment note exactly once. The provider
     * is asked first, outside any transaction; then the payment row is locked (FOR UPDATE), so
     * parallel confirmations queue behind the first and find its note instead of writing another.
     */
    async confirm(staff: StaffRow, intentId: string) {
      const [payment] = await db.select().from(payments).where(eq(payments.intentId, intentId));
      if (!payment) throw notFound("Payment");
      const intent = await gateway.retrieveIntent(intentId, payment.currency);
      if (intent.status !== "succeeded") {
        throw validationError({ card: [intent.lastError ?? "The card payment has not completed."] });
      }
      // A payment for a job is noted on the job; otherwise on the customer (spec §4).
      if (payment.orderId == null && payment.customerId == null) {
        throw validationError({ customer_id: ["A payment needs a customer or a job."] });
      }
      const [outlet] = staff.outletId ? await outletById(db, staff.outletId) : [];
      const text = paymentNoteText({
        currency: payment.currency,
        amount: fromMinorUnits(payment.amountMinor),
        reference: payment.description,
        intentId,
        creatorName: `${staff.firstName} ${staff.lastName}`.trim(),
        outletName: outlet?.name,
      });
      const note = await db.transaction(async (tx) => {
        const [locked] = await tx.select().from(payments).where(eq(payments.id, payment.id)).for("update");
        const txNotes = createNotesService(tx as unknown as Db);
        if (locked.status === "succeeded" && locked.noteId != null) {
          const existing = await txNotes.find(locked.noteId);
          if (existing) return existing;
        }
        const note =
          locked.orderId != null
            ? await txNotes.addOrderNote(staff, locked.orderId, text)
            : await txNotes.addCustomerNote(staff, locked.customerId!, text);
        await tx
          .update(payments)
          .set({ status: "succeeded", noteId: note.id, updatedAt: new Date() })
          .where(eq(payments.id, locked.id));
        return note;
      });
      return { message: PAYMENT_SUCCESS, data: note };
    },
  };
}
