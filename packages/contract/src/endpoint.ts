import type { z } from "zod";

/** Which of the spec's three API bases an endpoint answers on (DESIGN.md "The three API bases"). */
export type ApiBase = "api" | "legacy" | "shop";

export const basePrefix: Record<ApiBase, string> = {
  api: "/api",
  legacy: "/legacy-api",
  shop: "/shop-api",
};

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface Endpoint {
  method: HttpMethod;
  base: ApiBase;
  /** Fastify-style path, `:name` for parameters. */
  path: string;
  summary: string;
  /** Defaults to true: every call but login and password reset needs a bearer token. */
  auth?: boolean;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** Multipart uploads have no JSON body schema; the route reads parts itself. */
  multipart?: boolean;
  /**
   * The body schema documents the call, but the service validates it with the domain rule
   * (after normalising, e.g. empty strings to null), so every message is the spec's own.
   */
  serviceValidates?: boolean;
  response?: z.ZodType;
}

/** Keeps the literal types of an endpoint so the client and server infer from the same object. */
export const defineEndpoint = <const E extends Endpoint>(endpoint: E): E => endpoint;

export type ParamsOf<E extends Endpoint> = E["params"] extends z.ZodType ? z.input<E["params"]> : undefined;
export type QueryOf<E extends Endpoint> = E["query"] extends z.ZodType ? z.input<E["query"]> : undefined;
export type BodyOf<E extends Endpoint> = E["body"] extends z.ZodType ? z.input<E["body"]> : undefined;
export type ResponseOf<E extends Endpoint> = E["response"] extends z.ZodType
  ? z.output<E["response"]>
  : unknown;

/** The full path of an endpoint with its parameters filled in, e.g. `/api/staff/orders/12`. */
export function endpointUrl(endpoint: Endpoint, params?: Record<string, string | number>): string {
  const path = endpoint.path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${endpoint.path}`);
    return encodeURIComponent(String(value));
  });
  return basePrefix[endpoint.base] + path;
}
