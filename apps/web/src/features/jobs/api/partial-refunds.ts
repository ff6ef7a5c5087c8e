import { orderRefundable, type PartialRefundBody, refundOrderPartly } from "@loupe/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { callEndpoint } from "../../../lib/api-client";
import { jobKeys } from "./job-keys";

/** What is left to refund of a job, per item and per payment (ADR 0033). */
export const useRefundable = (id: number) =>
  useQuery({
    queryKey: [...jobKeys.all, "refundable", id],
    queryFn: async () => (await callEndpoint(orderRefundable, { params: { id } })).data,
  });

/** A partial refund; the key belongs to one request (ADR 0031): the same form retried keeps it. */
export function useRefundPartly() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: number; body: PartialRefundBody; key: string }) =>
      callEndpoint(refundOrderPartly, {
        params: { id: v.id },
        body: v.body,
        headers: { "Idempotency-Key": v.key },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: jobKeys.all }),
  });
}
