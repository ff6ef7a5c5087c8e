import {
  approveOrderAction,
  changeOrderCustomer,
  createOrderNote,
  emailReceipt,
  listCustomers,
  listJobEvents,
  listJobs,
  listOrderNotes,
  refundOrder,
  relateOrder,
  updateReceiptNote,
} from "@loupe/contract";
import {
  type ApprovalAction,
  CUSTOMER_SEARCH_PAGE_SIZE,
  isReceiptNote,
  ORDER_LINK_SEARCH_PAGE_SIZE,
  receiptNoteContent,
} from "@loupe/domain";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { callEndpoint } from "../../../lib/api-client";
import { jobKeys } from "./job-keys";

/** The row actions' and the Refund button's calls (spec §7); each refreshes the jobs after. */
export function useJobActions() {
  const queryClient = useQueryClient();
  const refresh = () => {
    queryClient.invalidateQueries({ queryKey: jobKeys.all });
    queryClient.invalidateQueries({ queryKey: ["notes"] });
  };
  return {
    /** One Idempotency-Key per opened modal: a double click or a retry never refunds twice. */
    refund: useMutation({
      mutationFn: (v: { id: number; reason: string; key: string }) =>
        callEndpoint(refundOrder, {
          params: { id: v.id },
          body: { reason: v.reason },
          headers: { "Idempotency-Key": v.key },
        }),
      onSettled: refresh,
    }),
    /** A manager's approval typed on this screen (ADR 0022): their credentials, never a session. */
    approve: useMutation({
      // The amount the manager approves: the refund about to be sent (a full one when absent).
      mutationFn: (v: {
        id: number;
        action: ApprovalAction;
        email: string;
        password: string;
        amountMinor?: number;
      }) =>
        callEndpoint(approveOrderAction, {
          params: { id: v.id },
          body: { action: v.action, email: v.email, password: v.password, amount_minor: v.amountMinor },
        }),
      onSettled: () => queryClient.invalidateQueries({ queryKey: jobKeys.all }),
    }),
    emailReceipt: useMutation({
      mutationFn: (v: { id: number; token: string; email: string }) =>
        callEndpoint(emailReceipt, { params: { orderId: v.id, token: v.token }, body: { email: v.email } }),
      onSettled: refresh,
    }),
    changeCustomer: useMutation({
      mutationFn: (v: { orderId: number; customerId: number }) =>
        callEndpoint(changeOrderCustomer, { body: { order_id: v.orderId, customer_id: v.customerId } }),
      onSettled: refresh,
    }),
    link: useMutation({
      mutationFn: (v: { id: number; relatedId: number }) =>
        callEndpoint(relateOrder, { params: { id: v.id }, body: { related_order_id: v.relatedId } }),
      onSettled: refresh,
    }),
    /** Creates the receipt note, or edits the one the job has (the note starting "Receipt Note:"). */
    saveReceiptNote: useMutation({
      mutationFn: (v: { id: number; noteId: number | null; version?: number; text: string }) =>
        v.noteId
          ? callEndpoint(updateReceiptNote, {
              params: { id: v.id, noteId: v.noteId },
              // The version the note was read at: an edit without it is refused (ADR 0027).
              body: { content: receiptNoteContent(v.text), version: v.version },
            })
          : callEndpoint(createOrderNote, {
              params: { id: v.id },
              body: { content: receiptNoteContent(v.text) },
            }),
      onSettled: refresh,
    }),
  };
}

export const useJobEvents = (id: number) =>
  useQuery({
    queryKey: jobKeys.events(id),
    queryFn: async () => (await callEndpoint(listJobEvents, { params: { id } })).data,
  });

/** The job's receipt note, if it has one (newest first). */
export const useReceiptNote = (id: number) =>
  useQuery({
    queryKey: ["notes", "order", id, "receipt"],
    queryFn: async () =>
      (await callEndpoint(listOrderNotes, { params: { id } })).data.find((n) => isReceiptNote(n.content)) ??
      null,
  });

export const useCustomerSearch = (q: string, page: number) =>
  useQuery({
    queryKey: ["customers", "change-customer", q, page],
    enabled: q.trim().length > 0,
    placeholderData: keepPreviousData,
    queryFn: async () =>
      callEndpoint(listCustomers, { query: { q, page, per_page: CUSTOMER_SEARCH_PAGE_SIZE } }),
  });

export const useOrderLinkSearch = (q: string, page: number) =>
  useQuery({
    queryKey: ["jobs", "link-search", q, page],
    enabled: q.trim().length >= 3,
    placeholderData: keepPreviousData,
    queryFn: async () =>
      callEndpoint(listJobs, { query: { q, page, per_page: ORDER_LINK_SEARCH_PAGE_SIZE } }),
  });
