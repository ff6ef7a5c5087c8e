import {
  type CustomerMergeBody,
  dismissDuplicatePair,
  getDuplicateFinder,
  listCustomerMerges,
  listDuplicatePairs,
  mergeCustomers,
  previewCustomerMerge,
  runDuplicateFinder,
  undoCustomerMerge,
} from "@loupe/contract";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { callEndpoint } from "../../lib/api-client";
import { customerKeys } from "../customers/api";

export type PairState = "open" | "dismissed" | "merged";

export const mergeKeys = {
  all: ["customer-merges"] as const,
  pairs: (state: PairState, page: number) => ["customer-merges", "pairs", state, page] as const,
  finder: ["customer-merges", "finder"] as const,
  preview: (keep: number, lose: number) => ["customer-merges", "preview", keep, lose] as const,
  merges: (page: number, customerId?: number) =>
    ["customer-merges", "merges", page, customerId ?? 0] as const,
};

export const useDuplicatePairs = (state: PairState, page: number, enabled: boolean) =>
  useQuery({
    queryKey: mergeKeys.pairs(state, page),
    enabled,
    queryFn: ({ signal }) =>
      callEndpoint(listDuplicatePairs, { query: { state, page, per_page: 25 }, signal }),
    placeholderData: keepPreviousData,
  });

/** The finder's state; while it runs, looked at again every 5 s so the list fills in by itself. */
export const useDuplicateFinder = () =>
  useQuery({
    queryKey: mergeKeys.finder,
    queryFn: async () => (await callEndpoint(getDuplicateFinder)).data,
    refetchInterval: (q) => (q.state.data?.running ? 5_000 : false),
  });

export function useRunFinder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await callEndpoint(runDuplicateFinder, { body: { full: false } })).data,
    onSuccess: (finder) => queryClient.setQueryData(mergeKeys.finder, finder),
  });
}

export function useDismissPair() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callEndpoint(dismissDuplicatePair, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: mergeKeys.all }),
  });
}

/** Both records as they are now: a merge must send the versions read here, never older ones. */
export const useMergePreview = (keep: number, lose: number) =>
  useQuery({
    queryKey: mergeKeys.preview(keep, lose),
    queryFn: async () => (await callEndpoint(previewCustomerMerge, { params: { keep, lose } })).data,
    // One id twice is the server's to refuse (422, naming the field), as every other bad pair.
    enabled: keep > 0 && lose > 0,
    staleTime: 0,
  });

export function useMergeCustomers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CustomerMergeBody) => callEndpoint(mergeCustomers, { body }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: mergeKeys.all });
      void queryClient.invalidateQueries({ queryKey: customerKeys.all });
    },
  });
}

export const useCustomerMerges = (page: number, customerId?: number) =>
  useQuery({
    queryKey: mergeKeys.merges(page, customerId),
    queryFn: ({ signal }) =>
      callEndpoint(listCustomerMerges, {
        query: { page, per_page: 25, ...(customerId ? { customer_id: customerId } : {}) },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export function useUndoMerge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: number; version: number }) =>
      callEndpoint(undoCustomerMerge, { params: { id: v.id }, body: { version: v.version } }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: mergeKeys.all });
      void queryClient.invalidateQueries({ queryKey: customerKeys.all });
    },
  });
}
