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
import { errorBody } from "../../platform/http/error-handler";
import type { ModuleContext } from "../module-context";
import type { IntakeService } from "./intake.service";

/** The staff endpoints of the intake screen; each rule is checked by the service before it acts. */
export function registerIntakeStaffRoutes({ bind }: ModuleContext, service: IntakeService): void {
  bind(getIntakeSummary, async ({ staff }) => ({ data: await service.summary(staff) }));
  bind(listIntakeSales, async ({ query }) => service.list(query));
  bind(getIntakeSale, async ({ staff, params }) => ({ data: await service.get(staff, params.id) }));
  bind(linkIntakeCustomer, async ({ staff, params, body }) => service.linkCustomer(staff, params.id, body));
  bind(linkIntakeOutlet, async ({ staff, params, body }) => service.linkOutlet(staff, params.id, body));
  bind(retryIntakeSale, async ({ staff, params }) => service.retrySale(staff, params.id));
  bind(syncIntakeStore, async ({ staff, body, reply }) => {
    const answer = await service.syncNow(staff, body);
    reply.status(202);
    return answer;
  });
  bind(listIntakeFailures, async ({ query }) => service.failures(query.page, query.per_page));
  bind(getIntakeFailure, async ({ staff, params }) => ({ data: await service.failure(staff, params.id) }));
}

/**
 * The providers' webhook: public (the provider's signature is its authentication), the body kept
 * as the bytes that came so the signature is checked on exactly them. Only this route reads JSON
 * and form posts as bytes; the encapsulated plugin keeps the parsers to itself.
 */
export function registerIntakeWebhook(
  { app }: ModuleContext,
  sales: SalesStores,
  service: IntakeService,
): void {
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
      const answer = await service.receiveWebhook(store, raw, req.headers);
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
