import type { IntakeAction, JobAction, JobRead, OutletAction } from "@loupe/domain";
import type { z } from "zod";

/** Which of the spec's three API bases an endpoint answers on (DESIGN.md "The three API bases"). */
export type ApiBase = "api" | "legacy" | "shop";

export const basePrefix: Record<ApiBase, string> = {
  api: "/api",
  legacy: "/legacy-api",
  shop: "/shop-api",
};

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** Health-record kinds whose every access is written to the access log (ADR 0013). */
export const accessResources = [
  "customer",
  "prescription",
  "contact_lens",
  "pd",
  "file",
  "lens_order",
  /** A job or one of its items, read with the prescription and PD its selection used (issue 25). */
  "job",
  "job_item",
  "docket",
  "tray_label",
  "record_export",
  "access_log",
  /** A whole filtered list written as CSV (issue 29): who, which list, which filters, how many rows. */
  "customer_list",
  "job_list",
  "subscriber_list",
  "outbox_list",
  /** Recalls (issue 28): the list exported as CSV, the outlet's letters printed. */
  "recall_list",
  /** A quote (issue 44): its spectacle lines hold the prescription and PD as quoted. */
  "quote",
  /** A sale delivery's raw payload as the provider sent it (issue 45): any customer's personal data. */
  "intake_payload",
  /** An import batch (issue 46): its run and its undo, naming the batch. */
  "import_batch",
] as const;
export type AccessResource = (typeof accessResources)[number];

export const accessActions = [
  "view",
  "list",
  "create",
  "update",
  "delete",
  "download",
  "print",
  "email",
  "send_to_supplier",
  "login_as_customer",
  "export",
  "destroy",
  /** Records brought in from another system by an import batch (issue 46). */
  "import",
] as const;
export type AccessAction = (typeof accessActions)[number];

/**
 * What an endpoint touches, for the access log. The binder records one row per call from this, so
 * a route cannot forget. Where the record's id comes from: `id` names the path parameter holding
 * it (default `id`, or `data.id` of the answer for a create; null when the call is about no one record); `customer` names the path parameter
 * holding the customer when the call is about a customer's records (lists); `customerBody` the
 * body field (creates that carry the customer in the body).
 */
export interface AccessDeclaration {
  resource: AccessResource;
  action: AccessAction;
  id?: string | null;
  /** The body field holding the record's id, where the path names none (`order_id`). */
  idBody?: string;
  customer?: string;
  customerBody?: string;
}

/** A request as the rulebook reads it: params and query parsed, a body the service validates still raw. */
export interface RuleRequest {
  params: any;
  query: any;
  body: any;
  headers: Record<string, string | string[] | undefined>;
}

/** Which job (or jobs) a call acts on, by the id it names; the server resolves each to its job. */
export type RuleTarget =
  | { order: unknown }
  /** Several jobs, each decided (a link between two jobs is both regions' business). */
  | { orders: unknown }
  /** A ready message of a job (a call-list entry). */
  | { jobMessage: unknown }
  | { item: unknown }
  | { items: unknown }
  | { lensOrder: unknown }
  | { outlet: unknown };

/**
 * What a workshop call does to a job, for the rulebook (ADR 0025): the binder asks
 * `decideJobAction` before the handler runs, so no route can forget. `action` may depend on the
 * request (a docket or a tray label; a note that is a receipt note), null meaning no rule applies.
 * `key` names the idempotency key a retry carries: a retry of a call that went through is answered
 * by the service with its first result, so the rulebook then checks only who calls.
 */
export interface JobRuleDeclaration {
  action: JobAction | JobRead | ((r: RuleRequest) => JobAction | null);
  target: (r: RuleRequest) => RuleTarget;
  key?: (r: RuleRequest) => unknown;
  /** The spec's own words for this call's failure (§8 "Error cancelling order"); the reason goes in `errors.reason`. */
  stateMessage?: string;
}

/**
 * What a call does at an outlet, for the rulebook's outlet half (issue 52, ADR 0049): the binder asks
 * `decideOutletAction` with the outlet's region before the handler runs. `target` answers the
 * outlet's id as the request names it (an id that names no outlet is left to the handler's 404).
 */
export interface OutletRuleDeclaration {
  action: OutletAction;
  target: (r: RuleRequest) => unknown;
}

/**
 * What an intake call does (issue 45, ADR 0059): the intake module's routes ask `decideIntakeAction`
 * with the region of the sale or store named, before the handler runs. A failed delivery's payload
 * is decided on the role alone.
 */
export interface IntakeRuleDeclaration {
  action: IntakeAction;
  target: (r: RuleRequest) => { sale: unknown } | { store: unknown } | { failure: unknown };
}

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
  /** The body may come in the shape the entity's read answers (see `ReadShape`). */
  readShape?: ReadShape;
  response?: z.ZodType;
  /**
   * An answer that is bytes, not JSON (a PDF, a CSV, a zip, a stored file, a .vca record, an HTML
   * page): its media types, documented as the success response. With `response` too, the JSON
   * answer is the default and these are the alternatives (a report's `format=csv`).
   */
  files?: {
    description: string;
    mediaTypes: readonly [string, ...string[]];
    /** Error answers that are pages too (besides the JSON error envelope): a link opened in a browser. */
    errors?: { description: string; mediaTypes: readonly [string, ...string[]] };
    /**
     * The bytes are an uploaded file's own, read from the file store: when the store no longer
     * holds them (a database restored without its files), the answer is 410 `gone` naming the
     * file, never a failed stream (ADR 0048). Other byte answers are drawn from rows.
     */
    stored?: boolean;
  };
  /** Health-record endpoints declare what they touch; the binder logs every call (ADR 0013). */
  access?: AccessDeclaration;
  /** Workshop actions declare what they do to which job; the binder checks the rulebook (ADR 0025). */
  jobRule?: JobRuleDeclaration;
  /** Calls about an outlet declare what they do there; the binder checks the rulebook (ADR 0049). */
  outletRule?: OutletRuleDeclaration;
  /** Calls about a sale from the point of sale or web shop (issue 45); the intake routes check it. */
  intakeRule?: IntakeRuleDeclaration;
}

/**
 * How a write takes back what a read answered (customers-area §3 nests addresses, customers'
 * regions, prescriptions' sources…): the read-only fields are dropped, a nested part is lifted to
 * the flat fields the rule checks, renamed or reshaped fields are converted. Anything else is left
 * as sent, for the rule to accept or refuse.
 */
export interface ReadShape {
  /** Fields only a read has: ids, timestamps, includes, displays. */
  readOnly: readonly string[];
  /** A nested part whose fields are the write's own (an address's `address`). */
  lift?: string;
  /** Read fields the write takes under another name or form; skipped when the write's own is sent. */
  convert?: Record<string, { to: string; value: (v: unknown) => unknown }>;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/** A body in the read shape as the write shape; any other body as it came. */
export function writeFromRead(body: unknown, shape: ReadShape): unknown {
  if (!isRecord(body)) return body;
  const out: Record<string, unknown> = { ...body };
  if (shape.lift && isRecord(out[shape.lift])) {
    const nested = out[shape.lift] as Record<string, unknown>;
    delete out[shape.lift];
    Object.assign(out, nested);
  }
  for (const [from, { to, value }] of Object.entries(shape.convert ?? {})) {
    if (!(from in out)) continue;
    const v = out[from];
    if (from !== to) delete out[from];
    if (from === to || !(to in body)) out[to] = value(v);
  }
  for (const k of shape.readOnly) delete out[k];
  return out;
}

/** Keeps the literal types of an endpoint so the client and server infer from the same object. */
export const defineEndpoint = <const E extends Endpoint>(endpoint: E): E => endpoint;

/**
 * Whether a contract export is an endpoint (those that walk the contract's exports use this): an
 * address (addresses.ts) has a method and path too, but no summary, and is not a second endpoint.
 */
export const isEndpoint = (value: unknown): value is Endpoint =>
  !!value &&
  typeof value === "object" &&
  typeof (value as Endpoint).method === "string" &&
  typeof (value as Endpoint).path === "string" &&
  typeof (value as Endpoint).base === "string" &&
  typeof (value as Endpoint).summary === "string";

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
