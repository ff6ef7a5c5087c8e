// The X-Signature header of Lightspeed Retail X-Series webhooks, as its webhook guide describes it
// (https://x-series-api.lightspeedhq.com/docs/webhooks, "Verification"; the same text as
// https://docs.vendhq.com/tutorials/guides/webhooks/introduction): webhooks sent to OAuth apps
// carry `X-Signature: signature=…,algorithm=HMAC-SHA256`, an HMAC of the webhook request body with
// the app's client secret, to be compared with one computed over the body as received. The guide
// does not show the digest's encoding (its example value is a placeholder), so hex and base64 are
// both accepted; the stand-in signs in hex.
import { createHmac, timingSafeEqual } from "node:crypto";

export const SIGNATURE_HEADER = "x-signature";

/** The header value Lightspeed would send for this body. */
export function lightspeedSignature(rawBody: Buffer | string, clientSecret: string): string {
  const digest = createHmac("sha256", clientSecret).update(rawBody).digest("hex");
  return `signature=${digest},algorithm=HMAC-SHA256`;
}

function parseHeader(header: string): { signature: string; algorithm: string } | null {
  const fields = new Map<string, string>();
  for (const part of header.split(",")) {
    const at = part.indexOf("=");
    if (at > 0) fields.set(part.slice(0, at).trim().toLowerCase(), part.slice(at + 1).trim());
  }
  const signature = fields.get("signature");
  const algorithm = fields.get("algorithm");
  return signature && algorithm ? { signature, algorithm } : null;
}

function decodeDigest(signature: string): Buffer | null {
  if (/^[0-9a-f]{64}$/i.test(signature)) return Buffer.from(signature, "hex");
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(signature)) {
    const bytes = Buffer.from(signature.replace(/-/g, "+").replace(/_/g, "/"), "base64");
    return bytes.length === 32 ? bytes : null;
  }
  return null;
}

/** Why the header does not sign this body with this secret, or null when it does. */
export function signatureProblem(
  rawBody: Buffer,
  header: string | undefined,
  clientSecret: string,
): string | null {
  if (!header) return "no X-Signature header";
  const parsed = parseHeader(header);
  if (!parsed) return "X-Signature is not signature=…,algorithm=…";
  if (parsed.algorithm.toUpperCase() !== "HMAC-SHA256")
    return `X-Signature algorithm ${parsed.algorithm} is not HMAC-SHA256`;
  const given = decodeDigest(parsed.signature);
  if (!given) return "X-Signature's signature is not an HMAC-SHA256 digest";
  const expected = createHmac("sha256", clientSecret).update(rawBody).digest();
  return timingSafeEqual(given, expected) ? null : "X-Signature does not match the body";
}
