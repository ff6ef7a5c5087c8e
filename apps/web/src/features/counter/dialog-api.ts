import {
  type AcceptQuoteAnswer,
  acceptQuote,
  approveDiscount,
  type DepositBody,
  emailQuote,
  type QuoteWire,
} from "@loupe/contract";
import { callEndpoint } from "../../lib/api-client";

// The counter dialogs' calls (issue 44): e-mailing the quote, a manager's approval of a discount,
// and accepting the quote into a job. Loaded with the dialogs, not with the quote.

export const sendQuote = (quote: QuoteWire, email: string) =>
  callEndpoint(emailQuote, { params: { id: quote.id }, body: email.trim() ? { email: email.trim() } : {} });

/** A manager's e-mail and password let one discount of at most `amountMinor` through (10 minutes). */
export const askDiscountApproval = async (v: {
  quoteId: number | null;
  amountMinor: number;
  email: string;
  password: string;
}) =>
  (
    await callEndpoint(approveDiscount, {
      body: { quote_id: v.quoteId, amount_minor: v.amountMinor, email: v.email, password: v.password },
    })
  ).data;

/**
 * Accepts the quote into a job with its deposit. `key` is the dialog's: the same dialog sending
 * twice (a double click, a retry after a lost answer) gets the one job back, never a second.
 */
export const acceptIntoJob = async (
  quote: QuoteWire,
  deposit: DepositBody | null,
  key: string,
): Promise<AcceptQuoteAnswer["data"]> =>
  (
    await callEndpoint(acceptQuote, {
      params: { id: quote.id },
      body: { version: quote.version, deposit },
      headers: { "idempotency-key": key },
    })
  ).data;
