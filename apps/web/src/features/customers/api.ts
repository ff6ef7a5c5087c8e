import {
  type CustomerSearchQuery,
  createCustomerAddress,
  getCustomerAddress,
  getCustomerHistoryAddress,
  listCustomerFilesAddress,
  listCustomerPdsAddress,
  listCustomerPrescriptionsAddress,
  listCustomersAddress,
  searchCustomersIndexAddress,
  updateCustomerAddress,
} from "@loupe/contract";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { callEndpoint } from "../../lib/api-client";

export const customerKeys = {
  all: ["customers"] as const,
  list: (variant: string, q: CustomerSearchQuery) => ["customers", "list", variant, q] as const,
  one: (id: number) => ["customers", "one", id] as const,
  prescriptions: (id: number) => ["customers", id, "prescriptions"] as const,
  pds: (id: number) => ["customers", id, "pds"] as const,
  files: (id: number) => ["customers", id, "files"] as const,
  history: (id: number, page: number) => ["customers", id, "history", page] as const,
};

/** The list for either screen: the staff API's paged list, or the search index (MEILI) hits. */
export function useCustomerList(variant: "db" | "index", query: CustomerSearchQuery, enabled: boolean) {
  return useQuery({
    queryKey: customerKeys.list(variant, query),
    enabled,
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) => {
      if (variant === "index") {
        const res = await callEndpoint(searchCustomersIndexAddress, { query, signal });
        return { rows: res.data.hits, total: res.data.total, totalKind: res.data.total_kind };
      }
      const res = await callEndpoint(listCustomersAddress, { query: { ...query, customer: "1" }, signal });
      const { total, total_kind } = res.meta.pagination;
      return { rows: res.data, total, totalKind: total_kind };
    },
  });
}

export const useCustomer = (id: number, enabled = true) =>
  useQuery({
    queryKey: customerKeys.one(id),
    enabled,
    queryFn: async () => (await callEndpoint(getCustomerAddress, { params: { id } })).data,
  });

export const usePrescriptions = (customerId: number) =>
  useQuery({
    queryKey: customerKeys.prescriptions(customerId),
    queryFn: async () =>
      (
        await callEndpoint(listCustomerPrescriptionsAddress, {
          params: { id: customerId },
          query: { with: "source,staff" },
        })
      ).data,
  });

export const usePds = (customerId: number) =>
  useQuery({
    queryKey: customerKeys.pds(customerId),
    queryFn: async () =>
      (
        await callEndpoint(listCustomerPdsAddress, {
          params: { id: customerId },
          query: { with: "source,staff" },
        })
      ).data,
  });

export const useCustomerFiles = (customerId: number) =>
  useQuery({
    queryKey: customerKeys.files(customerId),
    queryFn: async () => (await callEndpoint(listCustomerFilesAddress, { params: { id: customerId } })).data,
  });

export function useSaveCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id?: number; body: Record<string, unknown> }) =>
      id
        ? (await callEndpoint(updateCustomerAddress, { params: { id }, body: body as never })).data
        : (await callEndpoint(createCustomerAddress, { body: body as never })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customerKeys.all }),
  });
}

/** What happened to the record as a whole (imported, merged, a merge undone), newest first. */
export const useCustomerHistory = (customerId: number, page: number) =>
  useQuery({
    queryKey: customerKeys.history(customerId, page),
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      callEndpoint(getCustomerHistoryAddress, {
        params: { id: customerId },
        query: { page, per_page: 25 },
        signal,
      }),
  });
