import {
  getJob,
  type JobsQuery,
  listJobs,
  listJobTabs,
  setItemStatus,
  setItemsOutlet,
  setItemsStatus,
  setJobPriority,
  setJobStatus,
} from "@loupe/contract";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { callEndpoint } from "../../lib/api-client";

export const jobKeys = {
  all: ["jobs"] as const,
  list: (q: JobsQuery) => ["jobs", "list", q] as const,
  one: (id: number) => ["jobs", "one", id] as const,
  tabs: ["jobs", "tabs"] as const,
};

export const useJobs = (query: JobsQuery) =>
  useQuery({
    queryKey: jobKeys.list(query),
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) => {
      const res = await callEndpoint(listJobs, {
        query: {
          ...query,
          order_item_append: "next_scheduled_date",
          product_type_append: "lenses_type",
          action: "list",
        },
        signal,
      });
      return { rows: res.data, total: res.meta.pagination.total, perPage: res.meta.pagination.per_page };
    },
  });

export const useJob = (id: number) =>
  useQuery({
    queryKey: jobKeys.one(id),
    queryFn: async () => (await callEndpoint(getJob, { params: { id } })).data,
  });
export const useJobTabs = () =>
  useQuery({ queryKey: jobKeys.tabs, queryFn: async () => (await callEndpoint(listJobTabs)).data });

export function useJobMutations() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: jobKeys.all });
  return {
    setStatus: useMutation({
      mutationFn: (v: { id: number; statusId: number }) =>
        callEndpoint(setJobStatus, { params: { id: v.id }, body: { dispense_status_id: v.statusId } }),
      onSuccess: refresh,
    }),
    setItemStatus: useMutation({
      mutationFn: (v: { itemId: number; statusId: number }) =>
        callEndpoint(setItemStatus, { params: { id: v.itemId }, body: { id: v.statusId } }),
      onSuccess: refresh,
    }),
    setItemsStatus: useMutation({
      mutationFn: (v: { itemIds: number[]; statusId: number }) =>
        callEndpoint(setItemsStatus, { body: { item_ids: v.itemIds, status_id: v.statusId } }),
      onSuccess: refresh,
    }),
    setItemsOutlet: useMutation({
      mutationFn: (v: { itemIds: number[]; outletId: number }) =>
        callEndpoint(setItemsOutlet, { body: { item_ids: v.itemIds, outlet_id: v.outletId } }),
      onSuccess: refresh,
    }),
    setPriority: useMutation({
      mutationFn: (v: { id: number; priority: 1 | 2 }) =>
        callEndpoint(setJobPriority, { params: { id: v.id }, body: { priority: v.priority } }),
      onSuccess: refresh,
    }),
  };
}
