export interface IntentRequest {
  amountMinor: number;
  currency: string;
  description: string;
  idempotencyKey: string;
  metadata: Record<string, string>;
}

export interface Intent {
  id: string;
  clientSecret: string;
  status:
    | "requires_payment_method"
    | "requires_confirmation"
    | "processing"
    | "succeeded"
    | "canceled"
    | "failed";
  amountMinor: number;
  currency: string;
  lastError: string | null;
}

/**
 * A card-payment provider. The browser confirms the card with the provider directly (Stripe
 * Elements, or the sandbox's own form), so card numbers never reach our API; we only create the
 * intent and read back its outcome.
 */
export interface PaymentGateway {
  readonly name: "sandbox" | "stripe";
  publishableKey(currency: string): string | null;
  createIntent(request: IntentRequest): Promise<Intent>;
  retrieveIntent(id: string, currency: string): Promise<Intent>;
}
