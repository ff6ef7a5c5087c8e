// What other modules may use of receipts: issuing a refund's credit note in their transaction.
export { type CreditNoteInput, creditNoteCode, issueCreditNote } from "./credit-notes";
