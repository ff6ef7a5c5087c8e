// What other modules may use of receipts.
export { createReceiptTokens, type ReceiptTokens } from "./receipt-token";
export { registerReceiptsRoutes } from "./receipts.routes";
