import {
  addQuoteLineAddress,
  type CreateQuoteBody,
  createQuoteAddress,
  getQuoteAddress,
  printQuoteAddress,
  type QuoteLineBody,
  type QuoteLineWire,
  type QuoteWire,
  removeQuoteLineAddress,
  updateQuoteAddress,
  updateQuoteLineAddress,
} from "@loupe/contract";
import { type QueryClient, useQuery } from "@tanstack/react-query";
import { buildUrl, callEndpoint } from "../../lib/api-client";
import { openFileBlob } from "../../lib/file-blob";

// The counter's calls (issue 44): a quote and its lines, and its PDF. Every edit sends the version
// read; a stale one is 409. By address: the quote opened cold loads no zod schema (issue 31); the
// dialogs' calls are in dialog-api.ts, loaded with them.

export const quoteKeys = {
  all: ["quotes"] as const,
  one: (id: number) => ["quotes", id] as const,
};

export const useQuote = (id: number | null) =>
  useQuery({
    queryKey: quoteKeys.one(id ?? 0),
    enabled: id != null,
    queryFn: async () => (await callEndpoint(getQuoteAddress, { params: { id: id! } })).data,
  });

/** Puts a quote the server answered into the cache, so the editor shows it without asking again. */
export const keepQuote = (queryClient: QueryClient, quote: QuoteWire) =>
  queryClient.setQueryData(quoteKeys.one(quote.id), quote);

export const makeQuote = async (body: CreateQuoteBody) =>
  (await callEndpoint(createQuoteAddress, { body })).data;

export const addLine = async (quote: QuoteWire, line: QuoteLineBody) =>
  (
    await callEndpoint(addQuoteLineAddress, {
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
    await callEndpoint(updateQuoteLineAddress, {
      params: { id: quote.id, lineId },
      body: { ...line, version: quote.version },
    })
  ).data;

export const dropLine = async (quote: QuoteWire, lineId: number) =>
  (
    await callEndpoint(removeQuoteLineAddress, {
      params: { id: quote.id, lineId },
      query: { version: String(quote.version) },
    })
  ).data;

export const cancelQuote = async (quote: QuoteWire) =>
  (
    await callEndpoint(updateQuoteAddress, {
      params: { id: quote.id },
      body: { version: quote.version, status: "cancelled" },
    })
  ).data;

export const saveQuoteNote = async (quote: QuoteWire, note: string) =>
  (
    await callEndpoint(updateQuoteAddress, {
      params: { id: quote.id },
      body: { version: quote.version, note: note.trim() || null },
    })
  ).data;

/** Opens the quote's PDF in the browser's viewer (a new tab), to print or hand over. */
export const openQuotePdf = (quote: QuoteWire) =>
  openFileBlob(buildUrl(printQuoteAddress, { id: quote.id }), `${quote.reference}.pdf`);
