import {
  type CustomerSearchQuery,
  createCustomer,
  getCustomer,
  listCustomerFiles,
  listCustomerPds,
  listCustomerPrescriptions,
  listCustomers,
  searchCustomersIndex,
  updateCustomer,
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
};

/** The list for either screen: the staff API's paged list, or the search index (MEILI) hits. */
export function useCustomerList(variant: "db" | "index", query: CustomerSearchQuery, enabled: boolean) {
  return useQuery({
    queryKey: customerKeys.list(variant, query),
    enabled,
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) => {
      if (variant === "index") {
        const res = await callEndpoint(searchCustomersIndex, { query, signal });
        return { rows: res.data.hits, total: res.data.total, totalKind: res.data.total_kind };
      }
      const res = await callEndpoint(listCustomers, { query: { ...query, customer: "1" }, signal });
      const { total, total_kind } = res.meta.pagination;
      return { rows: res.data, total, totalKind: total_kind };
    },
  });
}

export const useCustomer = (id: number, enabled = true) =>
  useQuery({
    queryKey: customerKeys.one(id),
    enabled,
    queryFn: async () => (await callEndpoint(getCustomer, { params: { id } })).data,
  });

export const usePrescriptions = (customerId: number) =>
  useQuery({
    queryKey: customerKeys.prescriptions(customerId),
    queryFn: async () =>
      (
        await callEndpoint(listCustomerPrescriptions, {
          params: { id: customerId },
          query: { with: "source,staff" },
        })
      ).data,
  });

export const usePds = (customerId: number) =>
  useQuery({
    queryKey: customerKeys.pds(customerId),
    queryFn: async () =>
      (await callEndpoint(listCustomerPds, { params: { id: customerId }, query: { with: "source,staff" } }))
        .data,
  });

export const useCustomerFiles = (customerId: number) =>
  useQuery({
    queryKey: customerKeys.files(customerId),
    queryFn: async () => (await callEndpoint(listCustomerFiles, { params: { id: customerId } })).data,
  });

export function useSaveCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id?: number; body: Record<string, unknown> }) =>
      id
        ? (await callEndpoint(updateCustomer, { params: { id }, body: body as never })).data
        : (await callEndpoint(createCustomer, { body: body as never })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customerKeys.all }),
  });
}
