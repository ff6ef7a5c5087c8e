import * as contract from "@loupe/contract";
import { basePrefix, type Endpoint, errorEnvelope } from "@loupe/contract";
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { z } from "zod";
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

export type Binder = <E extends Endpoint>(
  endpoint: E,
  handler: (call: Call<E>) => Promise<unknown> | unknown,
) => void;

/** Each endpoint's export name in the contract (`listOutbox`…): its OpenAPI operationId. */
const operationIds = new Map<unknown, string>();
for (const [name, value] of Object.entries(contract)) {
  if (
    value &&
    typeof value === "object" &&
    "method" in value &&
    "path" in value &&
    !operationIds.has(value)
  ) {
    operationIds.set(value, name);
  }
}

/** The bearer scheme every signed-in call uses, named in the API document's components. */
export const BEARER_SCHEME = "bearerAuth";

/**
 * Responses are written as plain JSON, not through the zod schemas: those document the answers
 * (OpenAPI) but encoding with them would strip fields a schema does not list and turn any drift
 * into a 500 for staff. A test checks real answers against the documented schemas instead.
 */
const plainJson = () => (data: unknown) => JSON.stringify(data);

/**
 * Binds a contract endpoint to a handler: method, path and schemas come from the contract, so the
 * server cannot drift from what the web client calls. The handler's return value is the body.
 */
export function createBinder(app: FastifyInstance, guard: preHandlerAsyncHookHandler): Binder {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  return (endpoint, handler) => {
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
          ...(endpoint.response ? { "2xx": endpoint.response } : {}),
          "4xx": errorEnvelope,
          "5xx": errorEnvelope,
        },
        ...(endpoint.params ? { params: endpoint.params } : {}),
        ...(endpoint.query ? { querystring: endpoint.query } : {}),
        ...(endpoint.body && !endpoint.multipart && !endpoint.serviceValidates
          ? { body: endpoint.body }
          : {}),
      },
      preHandler: endpoint.auth === false ? undefined : guard,
      handler: async (req, reply) => {
        const result = await handler({
          params: req.params as any,
          query: req.query as any,
          body: req.body as any,
          staff: req.staff as StaffUserRow,
          req,
          reply,
        });
        if (reply.sent) return reply;
        return result ?? { message: "OK" };
      },
    });
  };
}
