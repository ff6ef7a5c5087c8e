// Job actions (jobs-area §2, §4, §7, §8): refund and void, receipts, customer change, linking,
// receipt notes and the job's timeline. The spec's messages live here, once.

import { ONLINE_CHANNEL_ID, REFUNDED_QUANTITY } from "./constants";
import { formatCalendarDay } from "./dates";
import { SHIPMENT_EVENT_LABELS, type ShipmentEventStatus } from "./shipping-messages";
import { zoneDay } from "./zone-day";

export const REFUND_SUCCESS = "Successfully refunded.";
export const RECEIPT_SENT = (email: string) => `The receipt sent to ${email} successfully.`;
/** The page a wrong, altered or retired receipt link opens (status 404). */
export const RECEIPT_LINK_INVALID = "This receipt link is not valid";
/** The page a customer's page (status link, receipt, credit note) answers past its limit per address (status 429). */
export const PUBLIC_PAGE_TOO_MANY = "Too many requests";
export const PUBLIC_PAGE_TOO_MANY_WAIT = (minutes: number) =>
  `This page was opened too often from your network. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
export const CUSTOMER_CHANGED = "Customer Changed Successfully";
export const CUSTOMER_CHANGED_NOTICE =
  'You have changed the customer. Please go to "Edit Selection" and update prescription information for glasses and contact lens items.';
export const ORDER_LINKED = "Order Linked Successfully";
export const RECEIPT_NOTE_SAVED = "Receipt Note Created Successfully";
export const RECEIPT_NOTE_PREFIX = "Receipt Note:";

export const NOT_REFUNDABLE =
  "This job cannot be refunded: it is already refunded or voided, or nothing was paid.";
export const REFUND_IN_PROGRESS = "A refund for this job is already being made.";
export const REFUND_EXCEEDS_CAPTURED = "The refund would return more than was paid for this job.";
export const REFUNDED_ITEM_LOCKED = "A refunded item cannot change status.";
export const REFUNDED_JOB_LOCKED = "A refunded or voided job cannot change status.";
export const LINK_SELF = "A job cannot be linked to itself.";
export const LINK_TWICE = "These jobs are already linked.";
export const CHANGE_CUSTOMER_CHANNEL = "Only online or point-of-sale jobs can change customer.";
export const CHANGE_CUSTOMER_SAME = "The job already belongs to this customer.";

/** Page sizes of the modals' searches (spec §9). */
export const CUSTOMER_SEARCH_PAGE_SIZE = 15;
export const ORDER_LINK_SEARCH_PAGE_SIZE = 10;

export const isReceiptNote = (content: string) => content.startsWith(RECEIPT_NOTE_PREFIX);
/** A receipt note always carries the prefix once, whatever staff typed. */
export const receiptNoteContent = (text: string) => {
  const body = text.trim();
  return isReceiptNote(body) ? body : `${RECEIPT_NOTE_PREFIX} ${body}`;
};
/** The words staff typed, without the prefix (what the modal edits and the receipt prints). */
export const receiptNoteText = (content: string) =>
  isReceiptNote(content) ? content.slice(RECEIPT_NOTE_PREFIX.length).trim() : content;

/** Change customer is offered for online or point-of-sale jobs only (spec §6). */
export const canChangeCustomer = (job: { channel_id: number; is_octopos_order: boolean }) =>
  job.channel_id === ONLINE_CHANNEL_ID || job.is_octopos_order;

export interface RefundFacts {
  /** The job's dispense status slug. */
  statusSlug: string;
  isPointOfSale: boolean;
  items: readonly { quantity: number }[];
  /** Money taken for the job: captured card or till payments, and card holds not yet captured. */
  payments: readonly { amountMinor: number; authorisedOnly: boolean; createdAt: Date }[];
  /** Refund attempts that have not failed (pending or done), with their amounts. */
  refundedMinor: number;
  /** Whether a full refund or void has completed, and which. */
  completed: "refund" | "void" | null;
  /** Partial refunds done so far (ADR 0033): the job keeps its status and shows "Partly refunded". */
  partlyRefundedMinor?: number;
  now: Date;
  /** The outlet's time zone: "paid today" is the outlet's today. */
  timeZone: string;
}

export interface RefundState {
  refunded: boolean;
  voided: boolean;
  is_refundable: boolean;
  refund_type: "void" | "refund" | null;
  /** What a full refund would return now, in minor units. */
  refundableMinor: number;
  /** Returned by partial refunds while the job is not refunded in full (0 otherwise). */
  partlyRefundedMinor: number;
}

export const PARTLY_REFUNDED_LABEL = "Partly refunded";

/**
 * Refunded is one fact, derived here and only here (the job list, the detail and the refund call
 * all ask this function). A job is refunded when a full refund completed, its status says so, or
 * every item is at quantity −1; voided likewise. It is refundable while it is neither and money
 * remains to return. It is a void while the card is only authorised (nothing captured yet), or
 * when a point-of-sale job was paid today at the outlet (the till can still void the sale);
 * otherwise a refund.
 */
export function refundState(f: RefundFacts): RefundState {
  const voided = f.completed === "void" || f.statusSlug === "voided";
  const refunded =
    !voided &&
    (f.completed === "refund" ||
      f.statusSlug === "refunded" ||
      f.statusSlug === "refunded-transaction" ||
      (f.items.length > 0 && f.items.every((i) => i.quantity === REFUNDED_QUANTITY)));
  const paid = f.payments.reduce((n, p) => n + p.amountMinor, 0);
  const refundableMinor = Math.max(0, paid - f.refundedMinor);
  const is_refundable = !voided && !refunded && refundableMinor > 0 && f.statusSlug !== "cancelled";
  const partlyRefundedMinor = refunded || voided ? 0 : (f.partlyRefundedMinor ?? 0);
  if (!is_refundable)
    return { refunded, voided, is_refundable, refund_type: null, refundableMinor, partlyRefundedMinor };
  const authorisedOnly = f.payments.length > 0 && f.payments.every((p) => p.authorisedOnly);
  // Only a till sale can be voided for being paid today: other jobs need no calendar day.
  const today = f.isPointOfSale && f.payments.length > 0 ? zoneDay(f.now, f.timeZone) : null;
  const paidTodayAtTill =
    today !== null && f.payments.every((p) => zoneDay(p.createdAt, f.timeZone) === today);
  return {
    refunded,
    voided,
    is_refundable,
    refund_type: authorisedOnly || paidTodayAtTill ? "void" : "refund",
    refundableMinor,
    partlyRefundedMinor,
  };
}

/** Timeline entry kinds: every change to a job is one of these. */
export const JOB_EVENT_KINDS = [
  "dispense_status",
  "item_status",
  "outlet",
  "priority",
  "refund",
  "void",
  "customer",
  "link",
  "receipt_sent",
  "note_added",
  "note_edited",
  "receipt_note_added",
  "receipt_note_edited",
  "note_deleted",
  "receipt_note_deleted",
  "printed",
  "lens_ordered",
  "lens_status",
  "lens_cancelled",
  // An e-mailed lens order the outbox gave up on (issue 33).
  "lens_not_sent",
  "shipment",
  "selection_saved",
  "selection_restored",
  "prescription_cleared",
  // A manager's approval of a refund or void above the region's limit (ADR 0022).
  "approval",
  // A ready-to-collect message or an uncollected reminder: queued, sent, cancelled, failed (issue 27).
  "customer_message",
  // Issue 27: the promised date changed (from: old day; to: "new day: reason"), or put at risk (to: why).
  "promised_date",
  "at_risk",
  // Issue 44: money taken toward the job (to: "Deposit $50.00 cash (ref)"), or a collection a manager
  // let through with a balance owing (to: "$20.00 approved by Manager").
  "payment",
  "collected_with_balance",
  // Issue 44: the job was made at the counter (to: "from quote Q-000123" or "at the counter").
  "job_created",
  // Issue 46: the job came from another system's files (to: "Imported from Optomate (batch #4)").
  "imported",
] as const;
export type JobEventKind = (typeof JOB_EVENT_KINDS)[number];

const PRIORITY_WORDS: Record<string, string> = { "1": "Normal", "2": "Urgent" };

/** One timeline line in staff words: "Status: Paid → Ready To Go", "Refunded $120.00 (Product faulty)". */
export function describeJobEvent(e: {
  kind: JobEventKind;
  from: string | null;
  to: string | null;
  item?: string | null;
}): string {
  const change = (label: string, from: string | null, to: string | null) =>
    from ? `${label}: ${from} → ${to ?? "—"}` : `${label}: ${to ?? "—"}`;
  const item = e.item ? `Item ${e.item}` : "Item";
  switch (e.kind) {
    case "dispense_status":
      return change("Job status", e.from, e.to);
    case "item_status":
      return change(`${item} status`, e.from, e.to);
    case "outlet":
      return change(`${item} location`, e.from, e.to);
    case "priority":
      return change("Priority", PRIORITY_WORDS[e.from ?? ""] ?? e.from, PRIORITY_WORDS[e.to ?? ""] ?? e.to);
    case "refund":
      return `Refunded ${e.to ?? ""}`.trim();
    case "void":
      return `Voided ${e.to ?? ""}`.trim();
    case "customer":
      return change("Customer", e.from, e.to);
    case "link":
      return `Linked to job ${e.to ?? ""}`.trim();
    case "receipt_sent":
      return `Receipt e-mailed to ${e.to ?? ""}`.trim();
    case "note_added":
      return `Note added: ${e.to ?? ""}`;
    case "note_edited":
      return change("Note edited", e.from, e.to);
    case "receipt_note_added":
      return `Receipt note added: ${e.to ?? ""}`;
    case "receipt_note_edited":
      return change("Receipt note edited", e.from, e.to);
    case "note_deleted":
      return `Note deleted: ${e.from ?? ""}`;
    case "receipt_note_deleted":
      return `Receipt note deleted: ${e.from ?? ""}`;
    case "printed":
      return `Printed ${e.to ?? ""}`.trim();
    case "lens_ordered":
      return `${item}: lenses ordered ${e.to ?? ""}`.trim();
    case "lens_status":
      return change(`${item} lens order`, e.from, e.to);
    case "lens_cancelled":
      return `${item}: lens order cancelled ${e.to ?? ""}`.trim();
    // from: the order's reference; to: why it was not sent (the mail server's answer, no customer data).
    case "lens_not_sent":
      return `${item}: lens order ${e.from ?? ""} not sent — ${e.to ?? ""}`;
    // from: what changed ("frame, prescription"), empty when nothing did; to: the revision number.
    case "selection_saved":
      return `${item} selection saved (revision ${e.to ?? "?"}): ${e.from || "no changes"}`;
    // from: the revision restored; to: the revision it became.
    case "selection_restored":
      return `${item} selection restored from revision ${e.from ?? "?"} (revision ${e.to ?? "?"})`;
    // to: the revision that cleared them.
    case "prescription_cleared":
      return `${item}: prescription and PD cleared — customer changed (revision ${e.to ?? "?"})`;
    // from: the shipment's status; to: "carrier tracking-number".
    case "shipment":
      return `Shipment ${SHIPMENT_EVENT_LABELS[e.from as ShipmentEventStatus] ?? e.from}: ${e.to ?? ""}`.trim();
    // from: which message ("Ready to collect"); to: what happened to it, in staff words.
    case "customer_message":
      return `Customer message, ${e.from ?? ""}: ${e.to ?? ""}`;
    // from: the action approved (refund or void); to: approvalEventValue's "Approver (requested by Requester)".
    case "approval":
      return `${e.from === "void" ? "Void" : e.from === "collect" ? "Collection with a balance due" : "Refund"} approved by ${e.to ?? ""}`.trim();
    case "promised_date": {
      const [day, ...why] = (e.to ?? "").split(": ");
      const to = formatCalendarDay(day) || day;
      const reason = why.join(": ");
      return `${change("Promised date", e.from ? formatCalendarDay(e.from) || e.from : null, to)}${reason ? ` — ${reason}` : ""}`;
    }
    case "at_risk":
      return `At risk: ${e.to ?? ""}`.trim();
    // to: "Deposit $50.00 cash (ref 1234)" as recordJobPayment writes it.
    case "payment":
      return e.to ?? "Payment";
    case "collected_with_balance":
      return `Collected with a balance due of ${e.to ?? ""}`.trim();
    case "job_created":
      return `Job created ${e.to ?? ""}`.trim();
    case "imported":
      return e.to ?? "Imported";
  }
}
