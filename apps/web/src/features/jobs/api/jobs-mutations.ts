import { setItemStatus, setItemsOutlet, setItemsStatus, setJobPriority, setJobStatus } from "@loupe/contract";
import { type QueryKey, useMutation, useQueryClient } from "@tanstack/react-query";
import { callEndpoint } from "../../../lib/api-client";
import { jobKeys } from "./job-keys";
import type { JobsPage } from "./jobs-queries";

/** Status, outlet and priority changes; each refreshes the jobs lists and open details after. */
export function useJobMutations() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: jobKeys.all });
  return {
    setStatus: useMutation({
      mutationFn: (v: { id: number; statusId: number }) =>
        callEndpoint(setJobStatus, { params: { id: v.id }, body: { dispense_status_id: v.statusId } }),
      onSettled: refresh,
    }),
    setItemStatus: useMutation({
      mutationFn: (v: { itemId: number; statusId: number }) =>
        callEndpoint(setItemStatus, { params: { id: v.itemId }, body: { id: v.statusId } }),
      onSettled: refresh,
    }),
    setItemsStatus: useMutation({
      mutationFn: (v: { itemIds: number[]; statusId: number }) =>
        callEndpoint(setItemsStatus, { body: { item_ids: v.itemIds, status_id: v.statusId } }),
      onSettled: refresh,
    }),
    setItemsOutlet: useMutation({
      mutationFn: (v: { itemIds: number[]; outletId: number }) =>
        callEndpoint(setItemsOutlet, { body: { item_ids: v.itemIds, outlet_id: v.outletId } }),
      onSettled: refresh,
    }),
    setPriority: usePriorityMutation(),
  };
}

/**
 * Priority is applied at once (spec §4): the lists show the new value before the server answers,
 * and a failure puts the old value back.
 */
function usePriorityMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: number; priority: 1 | 2 }) =>
      callEndpoint(setJobPriority, { params: { id: v.id }, body: { priority: v.priority } }),
    onMutate: async (v) => {
      await queryClient.cancelQueries({ queryKey: jobKeys.lists });
      const before = queryClient.getQueriesData<JobsPage>({ queryKey: jobKeys.lists });
      queryClient.setQueriesData<JobsPage>({ queryKey: jobKeys.lists }, (page) =>
        page
          ? { ...page, rows: page.rows.map((o) => (o.id === v.id ? { ...o, priority: v.priority } : o)) }
          : page,
      );
      return { before };
    },
    onError: (_err, _v, context?: { before: [QueryKey, JobsPage | undefined][] }) => {
      for (const [key, page] of context?.before ?? []) queryClient.setQueryData(key, page);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: jobKeys.all }),
  });
}
