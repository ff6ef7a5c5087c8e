import type { Config } from "../../config";
import type { Db } from "../../platform/db/client";
import type { PaymentGateway } from "./payments.port";
import { createSandboxGateway } from "./sandbox.adapter";
import { createStripeGateway } from "./stripe.adapter";

export type { GatewayDay, GatewayRefund, Intent, PaymentGateway } from "./payments.port";
export { PaymentGatewayError } from "./payments.port";
export { createSandboxGateway } from "./sandbox.adapter";
export { createStripeGateway } from "./stripe.adapter";

/** Stripe when its keys are set; otherwise the local sandbox gateway, so staff can rehearse. */
export function createPaymentGateway(config: Config, db: Db): PaymentGateway {
  if (config.STRIPE_SECRET_KEY && config.STRIPE_PUBLISHABLE_KEY) {
    return createStripeGateway({
      secret: config.STRIPE_SECRET_KEY,
      publishable: config.STRIPE_PUBLISHABLE_KEY,
      secretCad: config.STRIPE_SECRET_KEY_CAD,
      publishableCad: config.STRIPE_PUBLISHABLE_KEY_CAD,
      api: config.STRIPE_API_URL ? new URL(config.STRIPE_API_URL) : undefined,
    });
  }
  return createSandboxGateway(db);
}
