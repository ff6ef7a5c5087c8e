// What other modules may use of receipts (a refund's credit note is issued through jobs' creditNoteSlot).
export { type CreditNoteInput, creditNoteCode, issueCreditNote } from "./credit-notes";
export { createReceiptTokens, type ReceiptTokens } from "./receipt-token";
export { registerReceiptsRoutes } from "./receipts.routes";
