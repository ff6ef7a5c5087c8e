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

export interface RefundRequest {
  intentId: string;
  currency: string;
  amountMinor: number;
  /** The refund attempt's key: a retry returns the provider's first answer, never a second refund. */
  idempotencyKey: string;
  metadata: Record<string, string>;
}

export interface CancelRequest {
  intentId: string;
  currency: string;
  idempotencyKey: string;
}

export interface GatewayRefund {
  id: string;
  status: "succeeded" | "pending";
  amountMinor: number;
}

/** The provider's card money for a period: captured intents and refunds, as its own records say. */
export interface GatewayDay {
  payments: { intentId: string; amountMinor: number; createdAt: Date }[];
  refunds: { id: string; intentId: string; amountMinor: number; createdAt: Date }[];
}

/** The provider refused (already refunded, amount too large, unknown intent…): its words, for staff. */
export class PaymentGatewayError extends Error {
  constructor(
    message: string,
    readonly code: string | null = null,
    /** True when the provider answered and said no; false when it could not be reached or failed. */
    readonly refused = true,
  ) {
    super(message);
    this.name = "PaymentGatewayError";
  }
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
  /** Returns captured money to the card; throws PaymentGatewayError when the provider refuses. */
  refund(request: RefundRequest): Promise<GatewayRefund>;
  /** Voids a card hold that was never captured (cancels the PaymentIntent). */
  cancel(request: CancelRequest): Promise<{ id: string; status: "canceled" }>;
  /**
   * The provider's payments and refunds in one currency between two instants (the till's day,
   * ADR 0033). Optional: an adapter without it leaves the day unreconciled.
   */
  listTransactions?(q: { currency: string; from: Date; to: Date }): Promise<GatewayDay>;
}
