import { basePrefix, type Endpoint } from "@loupe/contract";
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

/** Runs around the handler of an endpoint that declares `access` (the access log, ADR 0013). */
export type AroundAccess = (
  endpoint: Endpoint,
  req: FastifyRequest,
  run: () => Promise<unknown>,
) => Promise<unknown>;

export type Binder = <E extends Endpoint>(
  endpoint: E,
  handler: (call: Call<E>) => Promise<unknown> | unknown,
) => void;

/**
 * Binds a contract endpoint to a handler: method, path and schemas come from the contract, so the
 * server cannot drift from what the web client calls. The handler's return value is the body.
 */
export function createBinder(
  app: FastifyInstance,
  guard: preHandlerAsyncHookHandler,
  aroundAccess?: AroundAccess,
): Binder {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  return (endpoint, handler) => {
    typed.route({
      method: endpoint.method,
      url: basePrefix[endpoint.base] + endpoint.path,
      schema: {
        summary: endpoint.summary,
        tags: [endpoint.base],
        ...(endpoint.params ? { params: endpoint.params } : {}),
        ...(endpoint.query ? { querystring: endpoint.query } : {}),
        ...(endpoint.body && !endpoint.multipart && !endpoint.serviceValidates
          ? { body: endpoint.body }
          : {}),
      },
      preHandler: endpoint.auth === false ? undefined : guard,
      handler: async (req, reply) => {
        const run = async () =>
          handler({
            params: req.params as any,
            query: req.query as any,
            body: req.body as any,
            staff: req.staff as StaffUserRow,
            req,
            reply,
          });
        const result = endpoint.access && aroundAccess ? await aroundAccess(endpoint, req, run) : await run();
        if (reply.sent) return reply;
        return result ?? { message: "OK" };
      },
    });
  };
}
