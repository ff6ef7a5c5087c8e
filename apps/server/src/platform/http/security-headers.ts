import helmet, { type HelmetOptions } from "helmet";

/**
 * Helmet's response headers, worked out once. Its Fastify plugin builds the whole helmet
 * middleware again on every request (parsing the Content-Security-Policy each time) behind two
 * async hooks: measured as 2 % of a jobs list call (issue 16). The headers depend only on
 * configuration, so they are read off helmet once, at start, and set by one hook.
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const capture = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(", ") : String(value);
    },
    removeHeader() {},
  };
  let failure: unknown;
  // helmet's middleware is synchronous: headers are set, then `next` is called, before it returns.
  helmet(options)({} as never, capture as never, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  if (!headers["content-security-policy"]) throw new Error("helmet set no Content-Security-Policy");
  return headers;
}
