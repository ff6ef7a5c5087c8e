import {
  getIntakeFailure,
  getIntakeSale,
  getIntakeSummary,
  type LinkIntakeCustomerBody,
  linkIntakeCustomer,
  linkIntakeOutlet,
  listIntakeFailures,
  listIntakeSales,
  retryIntakeSale,
  syncIntakeStore,
} from "@loupe/contract";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { callEndpoint } from "../../lib/api-client";

export const intakeKeys = {
  all: ["intake"] as const,
  summary: ["intake", "summary"] as const,
  sales: (state: "waiting" | "done", page: number) => ["intake", "sales", state, page] as const,
  sale: (id: number) => ["intake", "sale", id] as const,
  failures: (page: number) => ["intake", "failures", page] as const,
  failure: (id: number) => ["intake", "failure", id] as const,
};

// Sales arrive by themselves: the screen looks again every 15 s while it is open, so a sale made
// at the counter shows up without a reload.
const REFRESH_MS = 15_000;

export function useIntakeSummary() {
  return useQuery({
    queryKey: intakeKeys.summary,
    queryFn: async () => (await callEndpoint(getIntakeSummary)).data,
    refetchInterval: REFRESH_MS,
  });
}

export function useIntakeSales(state: "waiting" | "done", page: number) {
  return useQuery({
    queryKey: intakeKeys.sales(state, page),
    queryFn: () => callEndpoint(listIntakeSales, { query: { state, page, per_page: 25 } }),
    placeholderData: keepPreviousData,
    refetchInterval: REFRESH_MS,
  });
}

/** One waiting sale with the customers or outlets it could be for (read when its dialog opens). */
export function useIntakeSale(id: number) {
  return useQuery({
    queryKey: intakeKeys.sale(id),
    queryFn: async () => (await callEndpoint(getIntakeSale, { params: { id } })).data,
    // The candidates must be what the server holds now, not what an earlier opening read.
    staleTime: 0,
  });
}

export function useIntakeFailures(page: number, enabled = true) {
  return useQuery({
    queryKey: intakeKeys.failures(page),
    queryFn: () => callEndpoint(listIntakeFailures, { query: { page, per_page: 25 } }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** A failed delivery's raw payload: administrators only, and each read is access-logged, so read once per opening. */
export function useIntakeFailure(id: number) {
  return useQuery({
    queryKey: intakeKeys.failure(id),
    queryFn: async () => (await callEndpoint(getIntakeFailure, { params: { id } })).data,
    staleTime: 0,
    gcTime: 0,
  });
}

/** Link a customer (or create one), link an outlet, or try again: each answers the sale and its job. */
export function useResolveSale() {
  const queryClient = useQueryClient();
  const settle = () => queryClient.invalidateQueries({ queryKey: intakeKeys.all });
  const customer = useMutation({
    mutationFn: (v: { id: number; body: LinkIntakeCustomerBody }) =>
      callEndpoint(linkIntakeCustomer, { params: { id: v.id }, body: v.body }),
    onSettled: settle,
  });
  const outlet = useMutation({
    mutationFn: (v: { id: number; outletId: number }) =>
      callEndpoint(linkIntakeOutlet, { params: { id: v.id }, body: { outlet_id: v.outletId } }),
    onSettled: settle,
  });
  const retry = useMutation({
    mutationFn: (id: number) => callEndpoint(retryIntakeSale, { params: { id } }),
    onSettled: settle,
  });
  return { customer, outlet, retry };
}

export function useSyncStore() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (storeKey: string) => callEndpoint(syncIntakeStore, { body: { store_key: storeKey } }),
    // The sync runs on the background queue: its outcome shows on the next reads.
    onSettled: () => queryClient.invalidateQueries({ queryKey: intakeKeys.all }),
  });
}
