import {
  type AcceptQuoteAnswer,
  acceptQuote,
  addQuoteLine,
  approveDiscount,
  type CreateQuoteBody,
  createQuote,
  type DepositBody,
  emailQuote,
  endpointUrl,
  getQuote,
  printQuote,
  type QuoteLineBody,
  type QuoteLineWire,
  type QuoteWire,
  removeQuoteLine,
  updateQuote,
  updateQuoteLine,
} from "@loupe/contract";
import { type QueryClient, useQuery } from "@tanstack/react-query";
import { callEndpoint } from "../../lib/api-client";
import { openFileBlob } from "../../lib/file-blob";

// The counter's calls (issue 44): a quote and its lines, its PDF and e-mail, the manager's approval
// of a discount, and accepting it into a job. Every edit sends the version read; a stale one is 409.

export const quoteKeys = {
  all: ["quotes"] as const,
  one: (id: number) => ["quotes", id] as const,
};

export const useQuote = (id: number | null) =>
  useQuery({
    queryKey: quoteKeys.one(id ?? 0),
    enabled: id != null,
    queryFn: async () => (await callEndpoint(getQuote, { params: { id: id! } })).data,
  });

/** Puts a quote the server answered into the cache, so the editor shows it without asking again. */
export const keepQuote = (queryClient: QueryClient, quote: QuoteWire) =>
  queryClient.setQueryData(quoteKeys.one(quote.id), quote);

export const makeQuote = async (body: CreateQuoteBody) => (await callEndpoint(createQuote, { body })).data;

export const addLine = async (quote: QuoteWire, line: QuoteLineBody) =>
  (
    await callEndpoint(addQuoteLine, {
      params: { id: quote.id },
      body: { ...line, version: quote.version },
    })
  ).data;

/** The line as it stands, as a body to send back with one thing changed. */
export const lineBody = (line: QuoteLineWire): QuoteLineBody => ({
  region_product_id: line.region_product_id,
  quantity: line.quantity,
  discount: line.discount,
  selection: line.selection?.choice ?? null,
});

export const replaceLine = async (quote: QuoteWire, lineId: number, line: QuoteLineBody) =>
  (
    await callEndpoint(updateQuoteLine, {
      params: { id: quote.id, lineId },
      body: { ...line, version: quote.version },
    })
  ).data;

export const dropLine = async (quote: QuoteWire, lineId: number) =>
  (
    await callEndpoint(removeQuoteLine, {
      params: { id: quote.id, lineId },
      query: { version: String(quote.version) },
    })
  ).data;

export const cancelQuote = async (quote: QuoteWire) =>
  (
    await callEndpoint(updateQuote, {
      params: { id: quote.id },
      body: { version: quote.version, status: "cancelled" },
    })
  ).data;

export const saveQuoteNote = async (quote: QuoteWire, note: string) =>
  (
    await callEndpoint(updateQuote, {
      params: { id: quote.id },
      body: { version: quote.version, note: note.trim() || null },
    })
  ).data;

/** Opens the quote's PDF in the browser's viewer (a new tab), to print or hand over. */
export const openQuotePdf = (quote: QuoteWire) =>
  openFileBlob(endpointUrl(printQuote, { id: quote.id }), `${quote.reference}.pdf`);

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
