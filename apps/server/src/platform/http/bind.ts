import * as contract from "@loupe/contract";
import {
  basePrefix,
  type Endpoint,
  errorEnvelope,
  VERSION_REQUIRED,
  versionSlot,
  writeFromRead,
} from "@loupe/contract";
import { containsNul, NUL_MESSAGE } from "@loupe/domain";
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError, validationError } from "./app-error";
import type { StaffUserRow } from "./auth-guard";

type Out<T> = T extends z.ZodType ? z.output<T> : Record<string, never>;

export interface Call<E extends Endpoint> {
  params: Out<E["params"]>;
  query: Out<E["query"]>;
  body: Out<E["body"]>;
  /** The signed-in staff user; never null on endpoints that need auth. */
  staff: StaffUserRow;
  req: FastifyRequest;
  reply: FastifyReply;
}

/** Runs around the handler of an endpoint that declares `access` (the access log, ADR 0013). */
export type AroundAccess = (
  endpoint: Endpoint,
  req: FastifyRequest,
  run: () => Promise<unknown>,
) => Promise<unknown>;

/** Asks the rulebook before a job's or an outlet's call runs (ADR 0025, 0049); throws its refusal. */
export type CheckJobRule = (endpoint: Endpoint, req: FastifyRequest) => Promise<void>;

export type Binder = <E extends Endpoint>(
  endpoint: E,
  handler: (call: Call<E>) => Promise<unknown> | unknown,
) => void;

/** Each endpoint's export name in the contract (`listOutbox`…): its OpenAPI operationId. */
const operationIds = new Map<unknown, string>();
for (const [name, value] of Object.entries(contract)) {
  if (contract.isEndpoint(value) && !operationIds.has(value)) operationIds.set(value, name);
}

/** The bearer scheme every signed-in call uses, named in the API document's components. */
export const BEARER_SCHEME = "bearerAuth";

/**
 * Responses are written as plain JSON, not through the zod schemas: those document the answers
 * (OpenAPI) but encoding with them would strip fields a schema does not list and turn any drift
 * into a 500 for staff. A test checks real answers against the documented schemas instead.
 */
const plainJson = () => (data: unknown) => JSON.stringify(data);

/** The first string (or key) holding a NUL byte, as a field path, in anything parsed from a request. */
function nulField(value: unknown, path: string, depth = 0): string | undefined {
  if (typeof value === "string") return containsNul(value) ? path : undefined;
  if (typeof value !== "object" || value === null || depth > 32) return undefined;
  for (const [key, v] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    if (containsNul(key)) return at;
    const found = nulField(v, at, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/** Bytes of any kind, for the API document: a file answer has no JSON schema. */
const binary = z.string().meta({ format: "binary" });

/** The documented success answer: the JSON schema, the media types of a file answer, or both. */
function successResponse(endpoint: Endpoint) {
  if (!endpoint.files) return endpoint.response ? { "2xx": endpoint.response } : {};
  const content: Record<string, { schema: z.ZodType }> = {};
  if (endpoint.response) content["application/json"] = { schema: endpoint.response };
  for (const type of endpoint.files.mediaTypes) content[type] = { schema: binary };
  return { "2xx": { description: endpoint.files.description, content } };
}

/** The documented 4xx answer: the error envelope, and any error page the endpoint answers too. */
function errorResponse(endpoint: Endpoint) {
  const pages = endpoint.files?.errors;
  if (!pages) return errorEnvelope;
  const content: Record<string, { schema: z.ZodType }> = { "application/json": { schema: errorEnvelope } };
  for (const type of pages.mediaTypes) content[type] = { schema: binary };
  return { description: pages.description, content };
}

const isPlainObject = (v: unknown) => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * What every bound endpoint refuses before its own schemas run, once for all of them:
 * - a NUL byte in any path parameter, query value or body string (PostgreSQL text cannot hold it,
 *   and no form sends it);
 * - a body that is not a JSON object where the endpoint takes one (null, an array, a number),
 *   which a service that validates with its domain rule would otherwise read as an object;
 * - a multipart endpoint called without a multipart body and its boundary.
 */
function refuseMalformed(endpoint: Endpoint, req: FastifyRequest): void {
  for (const [part, value] of [
    ["params", req.params],
    ["query", req.query],
    ["body", req.body],
  ] as const) {
    const field = nulField(value, "");
    if (field !== undefined) {
      const name = field || part;
      const leaf = name.split(".").pop() ?? name;
      throw validationError({ [name]: [`The ${leaf} field is invalid: it ${NUL_MESSAGE}.`] });
    }
  }
  if (endpoint.multipart) {
    const type = req.headers["content-type"] ?? "";
    if (!/^multipart\/form-data\s*;(.*;)?\s*boundary=("[^"]+"|[^\s;]+)/i.test(type)) {
      throw new AppError(
        "unsupported_media_type",
        "Send the files as multipart/form-data, with its boundary.",
      );
    }
  } else if (endpoint.body && !isPlainObject(req.body)) {
    throw validationError({ body: ["The request body must be a JSON object."] });
  }
}

/**
 * Binds a contract endpoint to a handler: method, path and schemas come from the contract, so the
 * server cannot drift from what the web client calls. The handler's return value is the body.
 */
export function createBinder(
  app: FastifyInstance,
  guard: onRequestAsyncHookHandler,
  aroundAccess?: AroundAccess,
  checkJobRule?: CheckJobRule,
): Binder {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  return (endpoint, handler) => {
    const versioned = versionSlot(endpoint);
    typed.route({
      method: endpoint.method,
      url: basePrefix[endpoint.base] + endpoint.path,
      serializerCompiler: plainJson,
      schema: {
        summary: endpoint.summary,
        tags: [endpoint.base],
        operationId: operationIds.get(endpoint) ?? `${endpoint.method.toLowerCase()}${endpoint.path}`,
        security: endpoint.auth === false ? [] : [{ [BEARER_SCHEME]: [] }],
        response: {
          ...successResponse(endpoint),
          // Named on its own so the API document says it: a versioned write without its version.
          ...(versioned ? { 428: errorEnvelope } : {}),
          "4xx": errorResponse(endpoint),
          "5xx": errorEnvelope,
        },
        ...(endpoint.params ? { params: endpoint.params } : {}),
        ...(endpoint.query ? { querystring: endpoint.query } : {}),
        ...(endpoint.body && !endpoint.multipart && !endpoint.serviceValidates
          ? { body: endpoint.body }
          : {}),
      },
      // The guard runs first (onRequest), before the body is read or anything is validated: a caller
      // without a valid token learns nothing about the shape of the call, and costs no parsing.
      onRequest: endpoint.auth === false ? undefined : guard,
      preValidation: async (req) => {
        refuseMalformed(endpoint, req);
        // What the entity's read answered is a body its write takes.
        if (endpoint.readShape) req.body = writeFromRead(req.body, endpoint.readShape);
        // No edit without the version it was made from (ADR 0027): last-write-wins is not an option.
        if (versioned) {
          const sent = ((versioned === "body" ? req.body : req.query) as { version?: unknown } | null)
            ?.version;
          if (sent === undefined || sent === null || sent === "")
            throw new AppError("precondition_required", VERSION_REQUIRED, { version: [VERSION_REQUIRED] });
        }
      },
      handler: async (req, reply) => {
        const run = async () => {
          // Inside the access log's transaction where there is one: the facts and the change are read alike.
          if ((endpoint.jobRule || endpoint.outletRule) && checkJobRule) await checkJobRule(endpoint, req);
          return handler({
            params: req.params as any,
            query: req.query as any,
            body: req.body as any,
            staff: req.staff as StaffUserRow,
            req,
            reply,
          });
        };
        const result = endpoint.access && aroundAccess ? await aroundAccess(endpoint, req, run) : await run();
        // Answered already (a stream, a page), or the client went away mid-answer: a second answer
        // on a half-written or closed response is an error of our own making (issue 52).
        if (reply.sent || reply.raw.headersSent || reply.raw.destroyed) return reply;
        return result ?? { message: "OK" };
      },
    });
  };
}
