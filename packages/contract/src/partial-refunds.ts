import { calendarDate, rowId } from "@loupe/domain";
import { z } from "zod";
import { defineEndpoint } from "./endpoint";
import { dataEnvelope, idParams, qId } from "./envelope";
import { orderDetailWire } from "./jobs";

// Partial refunds and credit notes (issue 30, ADR 0033).

export const partialRefundBody = z.strictObject({
  reason: z.string().trim().min(1, "The reason field is required.").max(100),
  /** The items returned, with how many units of each (1 unless the line has more). */
  items: z
    .array(z.strictObject({ id: rowId(), quantity: z.number().int().min(1).max(10_000) }))
    .max(200)
    .default([]),
  /** An amount in cents instead of the items' value (a remake at a discount, a goodwill adjustment). */
  amount_minor: z.number().int().min(1).max(100_000_000).nullable().optional(),
  /** The original card payments (split oldest first), or the till (cash, EFTPOS). */
  destination: z.enum(["card", "till"]),
});
export type PartialRefundBody = z.input<typeof partialRefundBody>;

export const refundOrderPartly = defineEndpoint({
  access: { resource: "job", action: "view" },
  jobRule: {
    action: "refund",
    target: (r) => ({ order: r.params.id }),
    key: (r) => r.headers["idempotency-key"],
  },
  method: "POST",
  base: "api",
  path: "/staff/orders/:id/refunds",
  summary:
    "Refund part of a job: items (and units) returned and/or an amount, to the card payments or at the till; a credit note is issued. Header Idempotency-Key; the same key completes a refund the gateway refused part-way.",
  params: idParams,
  body: partialRefundBody,
  response: z.object({ message: z.string(), data: orderDetailWire }),
});

const money = z.number().int();

/** The facts the form prices a refund with: the same `quoteRefund` as the server's. */
export const refundableWire = z.object({
  order_id: z.number(),
  currency: z.string(),
  country_code: z.string(),
  is_refundable: z.boolean(),
  void_only: z.boolean(),
  coupon_minor: money,
  items: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      quantity: z.number(),
      total_amount_minor: money,
      taxable: z.boolean(),
      refunded_quantity: z.number(),
      remaining_quantity: z.number(),
      remaining_minor: money,
    }),
  ),
  payments: z.array(
    z.object({
      id: z.number(),
      label: z.string(),
      amount_minor: money,
      card: z.boolean(),
      authorised_only: z.boolean(),
      created_at: z.string(),
      remaining_minor: money,
    }),
  ),
  refunds: z.array(
    z.object({
      amount_minor: money,
      lines: z.array(z.object({ item_id: z.number(), quantity: z.number(), amount_minor: money })),
      splits: z.array(z.object({ payment_id: z.number().nullable(), amount_minor: money })),
    }),
  ),
  paid_minor: money,
  refunded_minor: money,
  remaining_minor: money,
});
export type RefundableWire = z.infer<typeof refundableWire>;

export const orderRefundable = defineEndpoint({
  method: "GET",
  base: "api",
  path: "/staff/orders/:id/refundable",
  jobRule: { action: "view_job", target: (r) => ({ order: r.params.id }) },
  summary: "What is left to refund of a job, per item and per payment, for the refund form",
  params: idParams,
  response: dataEnvelope(refundableWire),
});

const creditNoteParams = z.object({
  orderId: z.string().max(40),
  token: z.string().max(200),
  code: z.string().max(40),
});

export const showCreditNote = defineEndpoint({
  files: {
    description: "The credit note (adjustment note in Australia) as a PDF",
    mediaTypes: ["application/pdf"],
    errors: { description: "This receipt link is not valid (a page, status 404)", mediaTypes: ["text/html"] },
  },
  method: "GET",
  base: "shop",
  path: "/receipt/credit-note/:orderId/:token/:code",
  summary: "A refund's credit note, opened through the job's signed receipt link (no sign-in)",
  auth: false,
  params: creditNoteParams,
});

export const emailCreditNote = defineEndpoint({
  jobRule: { action: "receipt_email", target: (r) => ({ order: r.params.orderId }) },
  method: "POST",
  base: "shop",
  path: "/receipt/credit-note/email/:orderId/:token/:code",
  summary: "E-mail a refund's credit note (its signed link, through the outbox) and record it on the job",
  params: z.object({
    orderId: qId,
    token: z.string().regex(/^[A-Za-z0-9_-]{16,128}$/),
    code: z.string().regex(/^[A-Z]{2}\d+-CN-\d{6,}$/),
  }),
  body: z.strictObject({ email: z.email("The email field must be a valid email").max(255) }),
  response: z.object({ message: z.string() }),
});
export const tillSummaryQuery = z.object({
  // A day that exists (2026-13-45 is refused with a 422 naming `date`, not read as some other day).
  date: calendarDate("The date field must be a date (YYYY-MM-DD)."),
  format: z.enum(["json", "csv"]).optional(),
});

const tillTotals = z.object({
  card_payments_minor: money,
  card_refunds_minor: money,
  till_payments_minor: money,
  till_refunds_minor: money,
});

export const tillSummaryWire = z.object({
  outlet: z.object({ id: z.number(), name: z.string(), abbreviation: z.string() }),
  date: z.string(),
  time_zone: z.string(),
  currency: z.string(),
  totals: tillTotals,
  by_staff: z.array(tillTotals.extend({ staff_user_id: z.number().nullable(), staff_name: z.string() })),
  gateway: z.object({ card_payments_minor: money, card_refunds_minor: money }),
  /** Every record that is on one side only, or with another amount. */
  differences: z.array(
    z.object({
      kind: z.enum(["payment", "refund"]),
      reference: z.string(),
      ours_minor: money.nullable(),
      gateway_minor: money.nullable(),
      order_id: z.number().nullable(),
      note: z.string(),
    }),
  ),
  reconciled: z.boolean(),
});
export type TillSummaryWire = z.infer<typeof tillSummaryWire>;

export const outletTillSummary = defineEndpoint({
  files: { description: "The day as a CSV download (format=csv)", mediaTypes: ["text/csv"] },
  method: "GET",
  base: "api",
  path: "/staff/outlets/:id/till-summary",
  outletRule: { action: "outlet_day", target: (r) => r.params.id },
  summary:
    "An outlet's day (in its own time zone): card and till payments and refunds by staff member, reconciled against the payment gateway's records (managers and administrators)",
  params: idParams,
  query: tillSummaryQuery,
  response: dataEnvelope(tillSummaryWire),
});
