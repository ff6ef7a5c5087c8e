import {
  getIntakeFailure,
  getIntakeSale,
  getIntakeSummary,
  INTAKE_WEBHOOK_PATH,
  linkIntakeCustomer,
  linkIntakeOutlet,
  listIntakeFailures,
  listIntakeSales,
  retryIntakeSale,
  syncIntakeStore,
} from "@loupe/contract";
import type { SalesStores } from "../../integrations/sales";
import type { Binder } from "../../platform/http/bind";
import { createConcurrencyGate, GateFull } from "../../platform/http/concurrency-gate";
import { errorBody, RETRY_AFTER_SECONDS } from "../../platform/http/error-handler";
import type { ModuleContext } from "../module-context";
import type { IntakeService } from "./intake.service";

/**
 * The staff endpoints of the intake screen. An endpoint that declares an `intakeRule` has it
 * checked here, from the declaration, before its handler runs (as the binder does for job and
 * outlet rules): no route can forget it.
 */
export function registerIntakeStaffRoutes({ bind }: ModuleContext, service: IntakeService): void {
  const ruled: Binder = (endpoint, handler) =>
    bind(endpoint, async (call) => {
      const rule = endpoint.intakeRule;
      if (rule) {
        const r = { params: call.params, query: call.query, body: call.body, headers: call.req.headers };
        await service.checkRule(
          call.staff,
          rule.action,
          rule.target(r) as { sale?: unknown; store?: unknown },
        );
      }
      return handler(call);
    });
  ruled(getIntakeSummary, async ({ staff }) => ({ data: await service.summary(staff) }));
  ruled(listIntakeSales, async ({ query }) => service.list(query));
  ruled(getIntakeSale, async ({ params }) => ({ data: await service.get(params.id) }));
  ruled(linkIntakeCustomer, async ({ params, body }) => service.linkCustomer(params.id, body));
  ruled(linkIntakeOutlet, async ({ params, body }) => service.linkOutlet(params.id, body));
  ruled(retryIntakeSale, async ({ params }) => service.retrySale(params.id));
  ruled(syncIntakeStore, async ({ body, reply }) => {
    const answer = await service.syncNow(body);
    reply.status(202);
    return answer;
  });
  ruled(listIntakeFailures, async ({ query }) => service.failures(query.page, query.per_page));
  ruled(getIntakeFailure, async ({ params }) => ({ data: await service.failure(params.id) }));
}

/**
 * The providers' webhook: public (the provider's signature is its authentication), the body kept
 * as the bytes that came so the signature is checked on exactly them. Only this route reads JSON
 * and form posts as bytes; the encapsulated plugin keeps the parsers to itself.
 */
export function registerIntakeWebhook(
  { app, config }: ModuleContext,
  sales: SalesStores,
  service: IntakeService,
): void {
  // Deliveries take a few of the pool's connections at once, never all: staff reads keep theirs.
  const gate = createConcurrencyGate(config.INTAKE_WEBHOOK_CONCURRENCY, config.INTAKE_WEBHOOK_BACKLOG);
  app.register(async (hooks) => {
    const asBytes = (_req: unknown, body: Buffer, done: (err: Error | null, body?: Buffer) => void) =>
      done(null, body);
    hooks.addContentTypeParser("application/json", { parseAs: "buffer" }, asBytes);
    hooks.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "buffer" }, asBytes);
    hooks.post(`/api${INTAKE_WEBHOOK_PATH}`, { schema: { hide: true } }, async (req, reply) => {
      const { store_key } = req.params as { store_key: string };
      const store = sales.byKey(store_key);
      if (!store) return reply.status(404).send(errorBody(req, "not_found", "No store has this key."));
      const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      // A database that cannot take the sale throws here: the error handler answers 503 with
      // Retry-After, and the provider sends the delivery again. Nothing is acknowledged before commit.
      let answer: Awaited<ReturnType<IntakeService["receiveWebhook"]>>;
      try {
        answer = await gate.run(() => service.receiveWebhook(store, raw, req.headers));
      } catch (err) {
        if (!(err instanceof GateFull)) throw err;
        return reply
          .status(503)
          .header("retry-after", String(RETRY_AFTER_SECONDS))
          .send(errorBody(req, "unavailable", "Too many deliveries at once: send it again shortly."));
      }
      if (answer.status === 200)
        return reply
          .status(200)
          .send({ message: answer.outcome === "repeat" ? "Already received." : "Accepted." });
      const code =
        answer.status === 401 ? "unauthenticated" : answer.status === 429 ? "rate_limited" : "bad_request";
      return reply.status(answer.status).send(errorBody(req, code, answer.message));
    });
  });
}
