import { setItemStatus, setItemsOutlet, setItemsStatus, setJobPriority, setJobStatus } from "@loupe/contract";
import { type QueryKey, useMutation, useQueryClient } from "@tanstack/react-query";
import { callEndpoint } from "../../../lib/api-client";
import { jobKeys } from "./job-keys";
import type { JobsPage } from "./jobs-queries";

// One hook per change, not one hook for all: every row of the jobs table holds a status and a
// priority control, and unused mutation observers per row slowed each redraw (issue 16).

/** A change that refreshes the jobs lists and open details after it. */
function useJobChange<V>(change: (v: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSettled: () => queryClient.invalidateQueries({ queryKey: jobKeys.all }),
  });
}

/** A job's status. */
export const useSetJobStatus = () =>
  useJobChange((v: { id: number; statusId: number }) =>
    callEndpoint(setJobStatus, { params: { id: v.id }, body: { dispense_status_id: v.statusId } }),
  );

/** One item's status. */
export const useSetItemStatus = () =>
  useJobChange((v: { itemId: number; statusId: number }) =>
    callEndpoint(setItemStatus, { params: { id: v.itemId }, body: { id: v.statusId } }),
  );

/** Batch changes from the footer: the selected items' status or outlet. */
export const useBatchItemMutations = () => ({
  setItemsStatus: useJobChange((v: { itemIds: number[]; statusId: number }) =>
    callEndpoint(setItemsStatus, { body: { item_ids: v.itemIds, status_id: v.statusId } }),
  ),
  setItemsOutlet: useJobChange((v: { itemIds: number[]; outletId: number }) =>
    callEndpoint(setItemsOutlet, { body: { item_ids: v.itemIds, outlet_id: v.outletId } }),
  ),
});

/**
 * Priority is applied at once (spec §4): the lists show the new value before the server answers,
 * and a failure puts the old value back.
 */
export function useSetJobPriority() {
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
