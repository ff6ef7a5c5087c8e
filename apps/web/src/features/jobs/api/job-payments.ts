import { createPaymentIntent, takeJobPayment } from "@loupe/contract";
import type { PaymentTender } from "@loupe/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { callEndpoint } from "../../../lib/api-client";
import { jobKeys } from "./job-keys";

/**
 * The Payments panel's calls (issue 44). Each carries the Idempotency-Key of the opened dialog:
 * a double click, a retry or a slow answer never takes the money twice.
 */
export function useJobPayments() {
  const queryClient = useQueryClient();
  const refresh = () => {
    queryClient.invalidateQueries({ queryKey: jobKeys.all });
    queryClient.invalidateQueries({ queryKey: ["notes"] });
  };
  return {
    cardIntent: useMutation({
      mutationFn: (v: { orderId: number; amount: number; currency: string; desc: string; key: string }) =>
        callEndpoint(createPaymentIntent, {
          body: { amount: v.amount, currency: v.currency as "AUD", desc: v.desc, order_id: v.orderId },
          headers: { "idempotency-key": v.key },
        }),
    }),
    take: useMutation({
      mutationFn: (v: {
        orderId: number;
        key: string;
        amountMinor?: number;
        tender: PaymentTender;
        reference?: string | null;
        intentId?: string | null;
      }) =>
        callEndpoint(takeJobPayment, {
          params: { id: v.orderId },
          body: {
            amount_minor: v.amountMinor,
            tender: v.tender,
            reference: v.reference || null,
            intent_id: v.intentId ?? null,
          },
          headers: { "Idempotency-Key": v.key },
        }),
      onSettled: refresh,
    }),
  };
}
