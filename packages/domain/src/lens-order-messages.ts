// The lens orders' messages (jobs-area §5, §8), apart from the order form's schema
// (lens-order-rules.ts): the rulebook and the jobs list say them without loading zod.

import { JOB_EDIT_MESSAGES } from "./job-edit-messages";

export const LENS_ORDER_MESSAGES = {
  ordered: "Lens ordered successfully",
  orderFailedFallback: "Error",
  hoyaCancelled: "Hoya order cancelled successfully",
  /** The Shamir cancel's failure text (§8); the server's own reason is in `errors`. */
  cancelFailed: "Error cancelling order",
  cancelled: "Lens order cancelled successfully",
  /** An e-mailed order the outbox gave up on (issue 33): the item's label, and Send again. */
  notSentLabel: "Not sent",
  resent: "Lens order sent again",
  notResendable: (label: string) =>
    `Only a lens order that was not sent can be sent again: this one is ${label}.`,
  contactLabel: "Contact (required)",
  deliverToLabel: "Deliver to (required)",
  reasonLabel: "Reason",
  internalNoteLabel: "Internal Note",
  deliverToRequired: "The Deliver to field is required.",
  contactRequired: "The Contact field is required.",
  reasonRequired: "The Reason field is required.",
  internalNoteRequired: "The Internal Note field is required.",
  notesTooLong: (max: number) => `The Notes field may not be greater than ${max} characters.`,
  cutNotOffered: (supplier: string) => `${supplier} does not edge lenses here: choose UnCut or FTC.`,
  noLensesMatch: JOB_EDIT_MESSAGES.noLensesMatch,
  frameSizeRequired: JOB_EDIT_MESSAGES.frameSizeRequired,
  prescriptionRequired: "A prescription is needed to order lenses.",
  pdRequired: "A PD is needed to order lenses.",
  diameterTooSmall: JOB_EDIT_MESSAGES.diameterTooSmall,
  zeissExcluded: JOB_EDIT_MESSAGES.zeissExcluded,
  notConfirmed: "Confirm the job's selection (frame, prescription, PD and lens) before ordering lenses.",
  /** The refusal while an order is open, whatever the form believed (new or repeat); `label` is its status. */
  alreadyOrdered: (label: string) =>
    `Lenses for this item are already on order (${label}). Cancel that order before ordering again.`,
  /** `user_id` in the payload (§3) names someone other than the signed-in staff member. */
  notYourUserId:
    "Lens orders are placed by the signed-in staff member: user_id must be your own id or left out.",
  /** updateOrder (ADR 0024): what refuses a change. */
  updateStale: "This lens order changed since it was read. Reload and try again.",
  closedOrder: (label: string) => `This lens order is closed (${label}): its status can no longer change.`,
  notAStatusOf: (code: number, supplier: string) => `${code} is not a status of ${supplier} orders.`,
  statusBackwards: (from: string, to: string) => `This lens order cannot go from ${from} back to ${to}.`,
  updated: "Lens order updated successfully",
  nowRepeat: "Lenses were ordered for this item meanwhile: this is now a repeat order and needs a reason.",
  notRepeat: "This item has no earlier lens order, so this is not a repeat order. Reload and try again.",
  selectionChanged: "The job's selection changed since this form was opened. Reload and try again.",
  refundedItem: "This item was refunded: lenses cannot be ordered for it.",
  cancelledJob: "This job is cancelled: lenses cannot be ordered for it.",
  contactNotOffered: "This contact cannot take orders for this supplier and outlet.",
  supplierInactive: "This supplier no longer takes orders.",
  orderInProgress: "This lens order is being sent to the supplier. Try again in a moment.",
  supplierUnavailable: (supplier: string) =>
    `${supplier} did not answer. The order may have reached them: send it again to check, it will not be placed twice.`,
  notCancellable: (label: string) => `This order can no longer be cancelled: it is ${label}.`,
  alreadyCancelled: "This lens order is already cancelled.",
  wrongKindForCancel: (kind: string) => `This is not a ${kind} order.`,
  noOrderToCancel: (kind: string) => `This item has no ${kind} order that can be cancelled.`,
  confirmCancelTitle: "Cancel lens order",
  confirmCancel: (supplier: string, reference: string) =>
    `Cancel ${supplier} order ${reference}? The lab stops making these lenses; this cannot be undone.`,
} as const;
