import { INT32_MAX, itemSelectionSchema, rowId } from "@loupe/domain";
import { z } from "zod";
import { defineEndpoint } from "./endpoint";
import { dataEnvelope, expectedVersion, idParams, qId, versionQuery } from "./envelope";
import { orderDetailWire } from "./jobs";

// Quotes and jobs made at the counter (issue 44, ADR 0058): a quote for a customer or a guest at the
// staff member's outlet, its lines priced from the catalogue with the outlet's tax, accepted into a
// job (an order with an invoice number from the outlet's sequence) with an optional deposit; or a
// job made directly from the same lines ("New job"), which is a quote made and accepted in one
// transaction. The Rx and PD of a spectacle line are frozen as quoted: a quote is health data, so
// every read of one lands in the access log.

const money = z.number().int();
const MAX_MINOR = 100_000_000;

export const QUOTE_STATUSES = ["open", "accepted", "expired", "cancelled"] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

/** The tenders a deposit is taken in (a card through the payment gateway, the rest recorded with their reference). */
export const DEPOSIT_TENDERS = ["card", "cash", "eftpos", "gift_card", "health_fund"] as const;
export type DepositTender = (typeof DEPOSIT_TENDERS)[number];

/** A line's selection: the job edit's own shape (frame, prescription, PD, lens), without its revision. */
export const quoteLineSelection = itemSelectionSchema.omit({ revision: true });
export type QuoteLineSelection = z.infer<typeof quoteLineSelection>;

/**
 * A line discount: `kind` "amount" with `amount_minor` off the line, or "percent" with `percent` of
 * it. One flat object (not a union) so the API document states it plainly; the pair is checked by
 * the service, naming `discount.amount_minor` or `discount.percent`.
 */
export const lineDiscount = z.strictObject({
  kind: z.enum(["amount", "percent"]),
  amount_minor: z.number().int().min(0).max(MAX_MINOR).optional(),
  percent: z.number().min(0).max(100).optional(),
});
export type LineDiscount = z.infer<typeof lineDiscount>;

export const quoteLineBody = z.strictObject({
  /** The region product (the catalogue's id); a retired product is refused. */
  region_product_id: rowId(),
  quantity: z.number().int().min(1).max(999),
  discount: lineDiscount.nullable().optional(),
  /** For a spectacle or lens item: the prescription, PD and lens chosen (the job edit's rules). */
  selection: quoteLineSelection.nullable().optional(),
  /** A manager's approval (POST /staff/discount-approvals) when the discount is above the role's limit. */
  approval_id: rowId().optional(),
});
export type QuoteLineBody = z.input<typeof quoteLineBody>;

/** Who the quote is for: a customer, or a guest by name with a mobile or an e-mail. */
const guest = z.strictObject({
  first_name: z.string().trim().min(1, "The guest first name field is required.").max(100),
  last_name: z.string().trim().max(100).default(""),
  mobile: z.string().trim().max(30).nullable().optional(),
  email: z.email("The guest email must be a valid email address.").max(255).nullable().optional(),
});

export const createQuoteBody = z.strictObject({
  customer_id: rowId().nullable().optional(),
  guest: guest.nullable().optional(),
  /** The outlet the quote is made at; absent = the signed-in staff member's outlet. */
  outlet_id: rowId().optional(),
  note: z.string().trim().max(1000).nullable().optional(),
  lines: z.array(quoteLineBody).max(50).default([]),
});
export type CreateQuoteBody = z.input<typeof createQuoteBody>;

export const depositBody = z.strictObject({
  amount_minor: z.number().int().min(1, "The deposit amount must be above 0.").max(MAX_MINOR),
  tender: z.enum(DEPOSIT_TENDERS),
  /** The terminal slip, gift card or health-fund claim number. */
  reference: z.string().trim().max(100).nullable().optional(),
  /** A card deposit: the payment intent the browser confirmed (POST /staff/payment-intent). */
  intent_id: z.string().max(255).nullable().optional(),
});
export type DepositBody = z.input<typeof depositBody>;

export const quoteLineWire = z.object({
  id: z.number(),
  position: z.number(),
  region_product_id: z.number(),
  /** As quoted: the product's name, unit price (tax as the region shows it) and tax class then. */
  name: z.string(),
  kind: z.string().nullable(),
  unit_price_minor: money,
  tax_class: z.enum(["standard", "health", "exempt"]),
  quantity: z.number(),
  discount: lineDiscount.nullable(),
  discount_minor: money,
  /** Quantity × unit price less the discount: what the line charges before any tax added on top. */
  net_minor: money,
  tax_minor: money,
  total_minor: money,
  /** The selection as quoted, with the prescription and PD values frozen then (health data). */
  selection: z
    .object({
      choice: quoteLineSelection,
      prescription: z.record(z.string(), z.unknown()).nullable(),
      pd: z.record(z.string(), z.unknown()).nullable(),
      lens: z.object({ id: z.number(), name: z.string(), price_minor: money }).nullable(),
    })
    .nullable(),
  approved_by: z.object({ id: z.number(), full_name: z.string() }).nullable(),
});
export type QuoteLineWire = z.infer<typeof quoteLineWire>;

export const quoteTaxWire = z.object({ name: z.string(), rate: z.number(), amount_minor: money });

export const quoteWire = z.object({
  id: z.number(),
  /** "Q-" and the id: what the customer is told and the PDF shows. */
  reference: z.string(),
  status: z.enum(QUOTE_STATUSES),
  version: z.number(),
  outlet: z.object({ id: z.number(), name: z.string(), abbreviation: z.string(), region_id: z.number() }),
  currency: z.string(),
  /** Whether tax is included in prices (AU, NZ) or added on top (CA). */
  tax_included: z.boolean(),
  customer: z
    .object({
      id: z.number(),
      first_name: z.string(),
      last_name: z.string(),
      email: z.string().nullable(),
      mobile: z.string().nullable(),
    })
    .nullable(),
  guest: z
    .object({
      first_name: z.string(),
      last_name: z.string(),
      email: z.string().nullable(),
      mobile: z.string().nullable(),
    })
    .nullable(),
  note: z.string().nullable(),
  lines: z.array(quoteLineWire),
  subtotal_minor: money,
  discount_minor: money,
  /** The tax per name (GST, HST, PST, QST); the lines' tax adds up to each. */
  taxes: z.array(quoteTaxWire),
  tax_minor: money,
  total_minor: money,
  /** The least deposit that accepting takes (DEPOSIT_MINIMUM_PERCENT of the total). */
  deposit_minimum_minor: money,
  expires_at: z.string(),
  created_at: z.string(),
  created_by: z.object({ id: z.number(), full_name: z.string() }).nullable(),
  /** The job once accepted. */
  order_id: z.number().nullable(),
  invoice_number: z.string().nullable(),
});
export type QuoteWire = z.infer<typeof quoteWire>;

export const quoteSummaryWire = quoteWire
  .omit({ lines: true, taxes: true })
  .extend({ line_count: z.number() });
export type QuoteSummaryWire = z.infer<typeof quoteSummaryWire>;

const quoteAnswer = z.object({ message: z.string(), data: quoteWire });

export const createQuote = defineEndpoint({
  access: { resource: "quote", action: "create", customerBody: "customer_id" },
  outletRule: { action: "create_quote", target: (r) => r.body?.outlet_id ?? null },
  method: "POST",
  base: "api",
  path: "/staff/quotes",
  summary:
    "Make a quote for a customer or a guest at the staff member's outlet, with lines from the catalogue priced with the outlet's tax; it expires after QUOTE_EXPIRY_DAYS",
  body: createQuoteBody,
  response: quoteAnswer,
});

export const getQuote = defineEndpoint({
  access: { resource: "quote", action: "view" },
  method: "GET",
  base: "api",
  path: "/staff/quotes/:id",
  summary: "A quote with its lines, taxes and totals (the Rx and PD as quoted)",
  params: idParams,
  response: dataEnvelope(quoteWire),
});

export const listCustomerQuotes = defineEndpoint({
  access: { resource: "quote", action: "list", id: null, customer: "id" },
  method: "GET",
  base: "api",
  path: "/staff/customers/:id/quotes",
  summary: "A customer's quotes, newest first (an open quote past its expiry answers as expired)",
  params: idParams,
  query: z.object({ status: z.enum(QUOTE_STATUSES).optional() }),
  response: dataEnvelope(z.array(quoteSummaryWire)),
});

export const updateQuote = defineEndpoint({
  access: { resource: "quote", action: "update" },
  method: "PATCH",
  base: "api",
  path: "/staff/quotes/:id",
  summary:
    "Edit a quote's customer or guest and note, or cancel it (status cancelled); the version read is required (428 without it, 409 when stale)",
  params: idParams,
  body: z.strictObject({
    version: expectedVersion,
    customer_id: rowId().nullable().optional(),
    guest: guest.nullable().optional(),
    note: z.string().trim().max(1000).nullable().optional(),
    status: z.literal("cancelled").optional(),
  }),
  response: quoteAnswer,
});

const lineParams = z.object({ id: qId, lineId: qId });

export const addQuoteLine = defineEndpoint({
  access: { resource: "quote", action: "update" },
  method: "POST",
  base: "api",
  path: "/staff/quotes/:id/lines",
  summary: "Add a line to an open quote (version required; 409 when stale)",
  params: idParams,
  body: quoteLineBody.extend({ version: expectedVersion }),
  response: quoteAnswer,
});

export const updateQuoteLine = defineEndpoint({
  access: { resource: "quote", action: "update" },
  method: "PUT",
  base: "api",
  path: "/staff/quotes/:id/lines/:lineId",
  summary:
    "Replace a line of an open quote (product, quantity, discount, selection), priced again now (version required; 409 when stale)",
  params: lineParams,
  body: quoteLineBody.extend({ version: expectedVersion }),
  response: quoteAnswer,
});

export const removeQuoteLine = defineEndpoint({
  access: { resource: "quote", action: "update" },
  method: "DELETE",
  base: "api",
  path: "/staff/quotes/:id/lines/:lineId",
  summary: "Remove a line of an open quote (version in the query; 409 when stale)",
  params: lineParams,
  query: versionQuery,
  response: quoteAnswer,
});

export const printQuote = defineEndpoint({
  access: { resource: "quote", action: "print" },
  files: { description: "The quote as a PDF", mediaTypes: ["application/pdf"] },
  method: "GET",
  base: "api",
  path: "/staff/quotes/:id/pdf",
  summary: "The quote as a PDF to print or hand over",
  params: idParams,
});

export const emailQuote = defineEndpoint({
  access: { resource: "quote", action: "email" },
  method: "POST",
  base: "api",
  path: "/staff/quotes/:id/email",
  summary:
    "E-mail the quote's PDF (through the outbox) to the customer's or guest's address, or the one given",
  params: idParams,
  body: z.strictObject({ email: z.email("The email field must be a valid email").max(255).optional() }),
  response: z.object({ message: z.string() }),
});

const acceptAnswer = z.object({
  message: z.string(),
  data: z.object({
    order_id: z.number(),
    invoice_number: z.string(),
    quote_id: z.number(),
    promised_date: z.string().nullable(),
    total_minor: money,
    deposit: z
      .object({ payment_id: z.number(), amount_minor: money, tender: z.enum(DEPOSIT_TENDERS) })
      .nullable(),
    balance_due_minor: money,
    order: orderDetailWire,
  }),
});
export type AcceptQuoteAnswer = z.infer<typeof acceptAnswer>;

export const acceptQuote = defineEndpoint({
  access: { resource: "quote", action: "update" },
  method: "POST",
  base: "api",
  path: "/staff/quotes/:id/accept",
  summary:
    "Accept an open quote into a job: one transaction makes the order, its items and selections as quoted, an invoice number from the outlet's sequence, the promised date, a timeline entry and the deposit (at least DEPOSIT_MINIMUM_PERCENT). Header Idempotency-Key: a retry answers the same job; version required (409 when stale).",
  params: idParams,
  body: z.strictObject({ version: expectedVersion, deposit: depositBody.nullable().optional() }),
  response: acceptAnswer,
});

export const createCounterJob = defineEndpoint({
  // The lines' selections carry prescriptions and PDs: logged against the customer (the quote made
  // and accepted in one call has no id of its own in the answer).
  access: { resource: "quote", action: "create", id: null, customerBody: "customer_id" },
  outletRule: { action: "create_job", target: (r) => r.body?.outlet_id ?? null },
  method: "POST",
  base: "api",
  path: "/staff/jobs",
  summary:
    "New job at the counter without a saved quote: the same lines and deposit, made and accepted in one transaction. Header Idempotency-Key: a retry answers the same job.",
  body: createQuoteBody.extend({
    lines: z.array(quoteLineBody).min(1, "A job needs at least one item.").max(50),
    deposit: depositBody.nullable().optional(),
  }),
  response: acceptAnswer,
});

export const discountApprovalWire = z.object({
  approval_id: z.number(),
  approver: z.object({ id: z.number(), full_name: z.string() }),
  /** The largest discount it lets through, in minor units; one use, valid 10 minutes. */
  amount_minor: money,
  quote_id: z.number().nullable(),
  expires_at: z.string(),
});

export const approveDiscount = defineEndpoint({
  method: "POST",
  base: "api",
  path: "/staff/discount-approvals",
  summary:
    "A manager approves the signed-in staff member's line discount of at most amount_minor (on a quote, or on a new job when quote_id is absent) by typing their own e-mail and password; one use, valid 10 minutes",
  body: z.strictObject({
    quote_id: rowId().nullable().optional(),
    amount_minor: z.number().int().min(1).max(INT32_MAX),
    email: z.string().trim().min(1, "The email field is required.").max(200),
    password: z.string().min(1, "The password field is required.").max(200),
  }),
  response: z.object({ message: z.string(), data: discountApprovalWire }),
});
