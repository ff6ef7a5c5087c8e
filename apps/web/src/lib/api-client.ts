/**
 * The one way the web app talks to the server: every call goes through a contract endpoint, so
 * a path, method or field cannot drift from what the server answers.
 *
 * @example
 *   import { getCustomer, getMe, listCustomers, updateMe, uploadStaffFile } from "@loupe/contract";
 *   const me = (await callEndpoint(getMe)).data;                        // GET  /api/me
 *   await callEndpoint(updateMe, { body: { region_id: 1, outlet_id: 4 } }); // PUT  /api/me
 *   await callEndpoint(getCustomer, { params: { id: 12 } });            // path parameters
 *   await callEndpoint(listCustomers, { query: { q: "martin", page: 2 } });
 *   const form = new FormData(); form.append("file", file);
 *   await callEndpoint(uploadStaffFile, { body: form });                // multipart
 *
 * Failures throw `ApiError` (status + the server's error envelope); turn one into alert text with
 * `errorText(err)` from `./errors`.
 */
import type {
  AddressOf,
  BodyOf,
  Endpoint,
  EndpointAddress,
  ErrorEnvelope,
  ParamsOf,
  QueryOf,
  ResponseOf,
} from "@loupe/contract";
import { appConfig } from "./config";
import { readSession } from "./session";

type ErrorBody = Partial<ErrorEnvelope> & Record<string, unknown>;

/** A failed call: the HTTP status (0 when the server was never reached) and the error envelope. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody,
  ) {
    super(body.message ?? body.error ?? `Request failed (${status})`);
    this.name = "ApiError";
  }
  /** The machine-readable code (`validation_failed`, `not_found`…): switch on this, not on text. */
  get code(): string | undefined {
    return this.body.code;
  }
  /** The server's human text in the `error` field, which several screens show as is. */
  get error(): string | undefined {
    return this.body.error;
  }
  /** The server's id for this request (body or `x-request-id`), for staff to quote to support. */
  get requestId(): string | undefined {
    return typeof this.body.request_id === "string" ? this.body.request_id : undefined;
  }
  /** Field name → messages, for forms. */
  get errors(): Record<string, string[]> {
    return this.body.errors ?? {};
  }
}

/** Any 401 that says the session is gone sends the user to /logout (spec §8); a failed login does not. */
export function isSessionGone(status: number, body: { message?: unknown; error?: unknown }): boolean {
  return status === 401 && (body.message === "Unauthenticated." || body.error === "token_not_provided");
}

let onSessionGone: () => void = () => {
  if (window.location.pathname !== "/logout") window.location.assign("/logout");
};
/** Tests or embedders may replace the default full-page move to /logout. */
export const setSessionGoneHandler = (handler: () => void) => {
  onSessionGone = handler;
};

type Query = Record<string, string | number | boolean | null | undefined | (string | number)[]>;

/** Fills `:name` path parameters and appends the query; empty values are left out, arrays repeat. */
export function buildUrl(
  endpoint: Pick<EndpointAddress, "base" | "path">,
  params?: Record<string, string | number>,
  query?: Query,
): string {
  const path = endpoint.path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === "") continue;
    if (Array.isArray(value)) {
      for (const v of value) search.append(key, String(v));
    } else search.set(key, String(value));
  }
  const qs = search.toString();
  return `${appConfig.bases[endpoint.base]}${path}${qs ? `?${qs}` : ""}`;
}

export interface CallOptions<E extends Endpoint> {
  params?: ParamsOf<E>;
  /** The contract's query, or any plain record (the spec's screens pass route queries through). */
  query?: QueryOf<E> | Query;
  /** JSON body, or FormData for multipart uploads (the browser sets the boundary). */
  body?: BodyOf<E> | FormData;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/**
 * Calls a contract endpoint with the session's bearer token and answers the parsed body. Only the
 * endpoint's address is read, so a screen that must not load the schemas passes the endpoint's
 * address (`callEndpoint(listCustomersAddress, …)`, typed as the endpoint), or names the endpoint
 * for the types: `callEndpoint<typeof login>(loginAddress, …)`.
 */
export async function callEndpoint<E extends Endpoint>(
  endpoint: E | AddressOf<E> | EndpointAddress,
  options: CallOptions<E> = {},
): Promise<ResponseOf<E>> {
  const url = buildUrl(endpoint, options.params as Record<string, string | number>, options.query as Query);
  const headers: Record<string, string> = {
    accept: "application/json",
    // The access log records which screen a health record was read from (ADR 0013).
    "x-loupe-screen": window.location.pathname,
    ...options.headers,
  };
  const token = readSession()?.token;
  if (token && endpoint.auth !== false) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(options.body);
  }
  let res: Response;
  try {
    res = await fetch(url, { method: endpoint.method, headers, body, signal: options.signal });
  } catch (err) {
    if ((err as Error).name === "AbortError") throw err;
    // The spec's wording for a failure that never got an HTTP answer.
    throw new ApiError(0, { code: "network_error", message: `Exception: ${(err as Error).message}` });
  }
  const text = await res.text();
  let json: ErrorBody = {};
  try {
    json = text ? JSON.parse(text) : {};
  } catch {
    json = { message: text };
  }
  if (!res.ok) {
    // A proxy's or an outage's page has no JSON body: the header still names the request.
    json.request_id ??= res.headers.get("x-request-id") ?? undefined;
    if (endpoint.auth !== false && isSessionGone(res.status, json)) onSessionGone();
    throw new ApiError(res.status, json);
  }
  return json as ResponseOf<E>;
}
