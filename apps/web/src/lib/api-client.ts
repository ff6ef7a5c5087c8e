import type { BodyOf, Endpoint, ErrorEnvelope, ParamsOf, QueryOf, ResponseOf } from "@loupe/contract";
import { appConfig } from "./config";
import { readSession } from "./session";

/** A failed call: the HTTP status plus the server's error envelope. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: Partial<ErrorEnvelope> & Record<string, unknown>,
  ) {
    super(body.message ?? body.error ?? `Request failed (${status})`);
    this.name = "ApiError";
  }
  get code() {
    return this.body.code;
  }
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
export const setSessionGoneHandler = (handler: () => void) => {
  onSessionGone = handler;
};

type Query = Record<string, string | number | boolean | null | undefined | (string | number)[]>;

function buildUrl(endpoint: Endpoint, params?: Record<string, string | number>, query?: Query): string {
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
  query?: QueryOf<E> | Query;
  body?: BodyOf<E> | FormData;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** Calls a contract endpoint with the session's bearer token and answers the parsed body. */
export async function callEndpoint<E extends Endpoint>(
  endpoint: E,
  options: CallOptions<E> = {},
): Promise<ResponseOf<E>> {
  const url = buildUrl(endpoint, options.params as Record<string, string | number>, options.query as Query);
  const headers: Record<string, string> = { accept: "application/json", ...options.headers };
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
    throw new ApiError(0, { message: `Exception: ${(err as Error).message}`, error: (err as Error).message });
  }
  const text = await res.text();
  let json: any = {};
  try {
    json = text ? JSON.parse(text) : {};
  } catch {
    json = { message: text };
  }
  if (!res.ok) {
    if (endpoint.auth !== false && isSessionGone(res.status, json)) onSessionGone();
    throw new ApiError(res.status, json);
  }
  return json as ResponseOf<E>;
}
