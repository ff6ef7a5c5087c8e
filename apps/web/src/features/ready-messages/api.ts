import {
  cancelJobCustomerMessage,
  getJobCustomerMessages,
  listCallList,
  resolveCallListEntry,
} from "@loupe/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { callEndpoint } from "../../lib/api-client";

export const readyMessageKeys = {
  job: (jobId: number) => ["jobs", jobId, "customer-messages"] as const,
  callList: (outletId: number) => ["call-list", outletId] as const,
};

/** The job's ready message and reminders, and its status link with its read count. */
export function useJobCustomerMessages(jobId: number) {
  return useQuery({
    queryKey: readyMessageKeys.job(jobId),
    queryFn: () => callEndpoint(getJobCustomerMessages, { params: { id: jobId } }).then((r) => r.data),
  });
}

export function useCancelJobMessage(jobId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (messageId: number) =>
      callEndpoint(cancelJobCustomerMessage, { params: { id: jobId, messageId } }),
    // The timeline gains the cancel too.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["jobs"] }),
  });
}

export function useCallList(outletId: number | undefined) {
  return useQuery({
    queryKey: readyMessageKeys.callList(outletId ?? 0),
    queryFn: () => callEndpoint(listCallList, { params: { id: outletId as number }, query: {} }),
    enabled: !!outletId,
  });
}

export function useResolveCall(outletId: number | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callEndpoint(resolveCallListEntry, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: readyMessageKeys.callList(outletId ?? 0) }),
  });
}
