import { lazy } from "react";

// Stripe's code and script load only when a card form opens with Stripe configured: the sandbox
// gateway, and every other screen, never fetch js.stripe.com. Each card form (New Payment, Take
// payment, a counter deposit) takes these, so the split point is written once.
const loadStripeCard = () => import("./stripe-card");
export const StripeProvider = lazy(() => loadStripeCard().then((m) => ({ default: m.StripeProvider })));
export const StripeCardField = lazy(() => loadStripeCard().then((m) => ({ default: m.StripeCardField })));
