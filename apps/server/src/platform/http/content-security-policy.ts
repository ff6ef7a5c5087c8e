import type { Config } from "../../config";

const STRIPE_SCRIPT = "https://js.stripe.com";
const STRIPE_FRAMES = ["https://js.stripe.com", "https://hooks.stripe.com"];
const STRIPE_API = "https://api.stripe.com";

/**
 * The app's default Content-Security-Policy: only our own bundles run, and Stripe's script only
 * when card payments go to Stripe. Mantine writes style attributes, hence inline styles; file
 * previews are same-origin or blob: URLs; staff profile images may be any https: address.
 */
export function contentSecurityPolicy(
  config: Pick<Config, "STRIPE_PUBLISHABLE_KEY" | "STRIPE_PUBLISHABLE_KEY_CAD">,
) {
  const stripe = Boolean(config.STRIPE_PUBLISHABLE_KEY || config.STRIPE_PUBLISHABLE_KEY_CAD);
  return {
    "default-src": ["'self'"],
    "script-src": ["'self'", ...(stripe ? [STRIPE_SCRIPT] : [])],
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", "blob:", "https:"],
    "font-src": ["'self'", "data:"],
    "connect-src": ["'self'", ...(stripe ? [STRIPE_API] : [])],
    "frame-src": ["'self'", "blob:", ...(stripe ? STRIPE_FRAMES : [])],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'self'"],
  };
}
