import type { LensOrderSummaryWire, OrderDetailWire, ShipmentWire } from "@loupe/contract";
import type { Db } from "../../platform/db/client";
import { defineSlot } from "../../platform/slots";
import type { StaffRow } from "../staff";

// What the jobs module asks of modules above it (docs/ARCHITECTURE.md, "Module map"): each is
// filled by the module that knows the answer when its routes are registered, and read at call time.

/** A job's receipt link and its token (receipts: the HMAC over the job and its customer). */
export interface ReceiptLinks {
  link(orderId: number, customerId: number | null): { token: string; url: string };
}
export const receiptLinksSlot = defineSlot<ReceiptLinks>("jobs.receiptLinks");

/** The notes of jobs, as their list rows and the online-channel list show them (notes). */
export interface OrderNotesReader {
  /** One row per note of these jobs (the list row counts them). */
  noteOrderIds(db: Db, orderIds: number[]): PromiseLike<{ orderId: number | null }[]>;
  /** These jobs' notes, newest first. */
  notesNewestFirst(db: Db, orderIds: number[]): PromiseLike<{ orderId: number | null; content: string }[]>;
}
export const orderNotesSlot = defineSlot<OrderNotesReader>("jobs.orderNotes");

/** A job's notes count as a subselect of the list's one statement (`alias` names the orders row). */
export const orderNotesCountSqlSlot = defineSlot<(alias: string) => string>("jobs.orderNotesCountSql");

/** The latest lens order of each item, as an item's wire shows it (lens-orders): `toItemWires`; the detail uses `lensOrderSummarySqlSlot`. */
export const lensOrderSummariesSlot =
  defineSlot<(db: Db, itemIds: number[]) => Promise<Map<number, LensOrderSummaryWire>>>(
    "jobs.lensOrderSummaries",
  );

/**
 * A part of one of jobs' statements that a module above answers: `sql` is a JSON expression for a
 * row alias of the statement, `toWire` turns what the driver parsed of it into the wire (the
 * modules above keep their tables and their wire shapes).
 */
export interface SqlJsonPart<T> {
  sql: (alias: string) => string;
  toWire: (json: unknown) => T;
}

/** An item's latest lens order as its wire shows it, in the detail's one statement (lens-orders; `alias` names the order_items row). */
export const lensOrderSummarySqlSlot =
  defineSlot<SqlJsonPart<LensOrderSummaryWire | null>>("jobs.lensOrderSummarySql");

/** The job's live shipment, as its detail shows it, in the detail's one statement (shipping; `alias` names the orders row). */
export const jobShipmentSqlSlot = defineSlot<SqlJsonPart<ShipmentWire | null>>("jobs.jobShipmentSql");

/**
 * When a job moves to another customer, the items' selections drop the old customer's
 * prescriptions and PDs (job-edit, issue 24), in the change's transaction; answers the cleared
 * items with the selection revision each became.
 */
export const customerChangeReentrySlot = defineSlot<
  (
    tx: Db,
    staff: StaffRow,
    change: { orderId: number; previousCustomerId: number | null; customerId: number; at: Date },
  ) => Promise<{ itemId: number; revision: number }[]>
>("jobs.customerChangeReentry");

/** What a refund's credit note says (ADR 0033); receipts numbers and keeps it. */
export interface CreditNoteInput {
  regionId: number;
  countryCode: string;
  orderId: number;
  refundId: number;
  amountMinor: number;
  reason: string;
  destination: string;
  lines: { itemId: number; quantity: number; amountMinor: number }[];
  issuedBy: number;
  approvedBy: number | null;
}

/**
 * Issues a refund's credit note inside the refund's transaction and answers its code: receipts
 * (above jobs) numbers and keeps credit notes, and fills this slot.
 */
export const issueCreditNoteSlot =
  defineSlot<(tx: Db, input: CreditNoteInput) => Promise<string>>("jobs.issueCreditNote");

/** A refund's claim asks whether it needs a manager's approval, and uses one (ADR 0022, ADR 0049). */
export interface RefundApprovalQuestion {
  orderId: number;
  /** The job's region (its origin outlet's) and its currency. */
  regionId: number;
  currency: string;
  requester: { id: number; roleId: number };
  action: "refund" | "void";
  amountMinor: number;
}

/**
 * Inside the refund's claim transaction: when the refund needs a manager, marks the approval that
 * lets it through used and answers its approver; throws `approval_required` when none counts;
 * answers null when no approval is needed (approvals fills it).
 */
export const refundApprovalSlot =
  defineSlot<(tx: Db, q: RefundApprovalQuestion) => Promise<number | null>>("jobs.refundApproval");

/** A staff member hands over a job (or its items) with a balance due (issue 44). */
export interface CollectApprovalQuestion {
  orderId: number;
  currency: string;
  requester: { id: number; roleId: number };
  balanceMinor: number;
}

/**
 * Inside the status change's transaction, under the job's lock: marks the manager's approval of
 * collecting with this balance used and answers its approver; throws `approval_required` when
 * none counts; null when none is needed (a manager, or nothing owed). Approvals fills it.
 */
export const collectApprovalSlot =
  defineSlot<(tx: Db, q: CollectApprovalQuestion) => Promise<number | null>>("jobs.collectApproval");

/**
 * A refund's credit note code (text, null for none) as a subselect of the detail's one statement;
 * `alias` names the order_refunds row (receipts fills it, ADR 0033).
 */
export const creditNoteCodeSqlSlot = defineSlot<(alias: string) => string>("jobs.creditNoteCodeSql");

/** A job's status change, as the modules told of it see it (issue 27). */
export interface DispenseStatusChange {
  orderId: number;
  fromSlug: string;
  toSlug: string;
  staffUserId: number | null;
}

/**
 * Told of every job (dispense) status change inside its transaction, with the job's row locked:
 * ready-messages (above jobs) queues the ready-to-collect message there, so the message and the
 * change commit together or not at all (issue 27, ADR 0037).
 */
export const dispenseStatusChangedSlot = defineSlot<(tx: Db, change: DispenseStatusChange) => Promise<void>>(
  "jobs.dispenseStatusChanged",
);

/**
 * Every region's own choice of ready-to-collect statuses (issue 27): ready-messages (above jobs)
 * keeps the setting; the workshop tabs and the outlet's day read it here. A region without a choice
 * is absent (the domain's default applies), and so is everything when no module provides it (a
 * test app without ready-messages).
 */
export const regionReadyStatusesSlot =
  defineSlot<(db: Db) => Promise<Map<number, readonly string[]>>>("jobs.regionReadyStatuses");

/** The outlet's ready-to-collect messages waiting to go and failed ones not yet called (issue 27). */
export const outletMessageCountsSlot =
  defineSlot<(db: Db, outletId: number) => Promise<{ waiting: number; failed: number }>>(
    "jobs.outletMessageCounts",
  );

/**
 * Told when a job of a customer reaches a completed status (completed, collected), inside the
 * change's transaction: recalls (above jobs) recompute that customer's recalls there, so the
 * recall and the record that set it commit together (issue 28). Optional: an app without recalls
 * leaves it empty.
 */
export const jobCompletedSlot =
  defineSlot<(tx: Db, change: { orderId: number; customerId: number }) => Promise<void>>("jobs.jobCompleted");

/**
 * The jobs service's job detail and search reindex, for the counter's job creation in a module
 * above jobs (quotes, issue 44): jobs provides it itself when its routes are registered.
 */
export const jobDetailPortSlot = defineSlot<{
  detail: (id: number) => Promise<OrderDetailWire>;
  reindex: (orderIds: number[]) => Promise<void>;
}>("jobs.detailPort");
