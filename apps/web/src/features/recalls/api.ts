import type { RECALL_BULK_ACTIONS } from "@loupe/contract";
import {
  addCustomerRecall,
  bulkRecalls,
  finishRecallCall,
  listCustomerRecalls,
  listRecallCalls,
  listRecalls,
  listRecallTypes,
  type RecallRow,
  recallReturns,
  runRecallsNow,
  setCustomerRecallDue,
  snoozeCustomerRecall,
} from "@loupe/contract";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { callEndpoint } from "../../lib/api-client";

export const recallKeys = {
  all: ["recalls"] as const,
  types: (regionId?: number) => ["recall-types", regionId ?? "all"] as const,
  list: (query: Record<string, unknown>) => ["recalls", "list", query] as const,
  returns: (query: Record<string, unknown>) => ["recalls", "returns", query] as const,
  calls: (outletId: number) => ["recalls", "calls", outletId] as const,
  customer: (customerId: number) => ["recalls", "customer", customerId] as const,
};

/** The recall types of a region (every region when none is given), active and archived. */
export function useRecallTypes(regionId?: number) {
  return useQuery({
    queryKey: recallKeys.types(regionId),
    queryFn: async () =>
      (await callEndpoint(listRecallTypes, { query: regionId ? { region_id: String(regionId) } : {} })).data,
  });
}

/** The filters the recalls screen keeps in its URL, as the list and the export take them. */
export type RecallsFilter = {
  outlet_id?: string;
  recall_type_id?: string;
  state: "due" | "overdue" | "upcoming" | "all";
  outcome?: string;
  from?: string;
  to?: string;
  page: number;
};

export function useRecallList(filter: RecallsFilter) {
  return useQuery({
    queryKey: recallKeys.list(filter),
    queryFn: () => callEndpoint(listRecalls, { query: { ...filter, per_page: 25 } }),
    placeholderData: keepPreviousData,
  });
}

export function useRecallReturns(query: {
  outlet_id?: string;
  recall_type_id?: string;
  from?: string;
  to?: string;
}) {
  return useQuery({
    queryKey: recallKeys.returns(query),
    queryFn: async () => (await callEndpoint(recallReturns, { query })).data,
  });
}

export function useRecallCalls(outletId: number | undefined) {
  return useQuery({
    queryKey: recallKeys.calls(outletId ?? 0),
    queryFn: () => callEndpoint(listRecallCalls, { params: { id: outletId as number }, query: {} }),
    enabled: !!outletId,
  });
}

export function useFinishRecallCall() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { stepId: number; outcome: "booked" | "declined" | "no_answer" }) =>
      callEndpoint(finishRecallCall, { params: { id: v.stepId }, body: { outcome: v.outcome } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: recallKeys.all }),
  });
}

export type BulkAction = (typeof RECALL_BULK_ACTIONS)[number];

/** Send now, snooze, booked or declined for the chosen rows, each with the version the screen showed. */
export function useBulkRecalls() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { action: BulkAction; rows: RecallRow[]; until?: string; reason?: string }) =>
      callEndpoint(bulkRecalls, {
        body: {
          action: v.action,
          recalls: v.rows.map((r) => ({ id: r.id, version: r.version })),
          ...(v.until ? { until: v.until } : {}),
          ...(v.reason ? { reason: v.reason } : {}),
        },
      }),
    // All or none changed: either way the list is re-read (a 409 means someone else changed a row).
    onSettled: () => queryClient.invalidateQueries({ queryKey: recallKeys.all }),
  });
}

export function useRunRecallsNow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callEndpoint(runRecallsNow),
    onSettled: () => queryClient.invalidateQueries({ queryKey: recallKeys.all }),
  });
}

export function useCustomerRecalls(customerId: number) {
  return useQuery({
    queryKey: recallKeys.customer(customerId),
    queryFn: async () => (await callEndpoint(listCustomerRecalls, { params: { id: customerId } })).data,
  });
}

/** A customer's recall writes: add by hand, set the due date, snooze. Each re-reads the card after. */
export function useCustomerRecallWrites(customerId: number) {
  const queryClient = useQueryClient();
  const settle = () => queryClient.invalidateQueries({ queryKey: recallKeys.all });
  const add = useMutation({
    mutationFn: (body: { recall_type_id: number; due_date: string; reason: string }) =>
      callEndpoint(addCustomerRecall, { params: { id: customerId }, body }),
    onSettled: settle,
  });
  const setDue = useMutation({
    mutationFn: (v: { recallId: number; due_date: string; reason: string; version: number }) =>
      callEndpoint(setCustomerRecallDue, {
        params: { id: customerId, recallId: v.recallId },
        body: { due_date: v.due_date, reason: v.reason, version: v.version },
      }),
    onSettled: settle,
  });
  const snooze = useMutation({
    mutationFn: (v: { recallId: number; until: string; reason: string; version: number }) =>
      callEndpoint(snoozeCustomerRecall, {
        params: { id: customerId, recallId: v.recallId },
        body: { until: v.until, reason: v.reason, version: v.version },
      }),
    onSettled: settle,
  });
  return { add, setDue, snooze };
}
