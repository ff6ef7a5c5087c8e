import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PaymentGatewayError } from "./payments.port";
import { createStripeGateway } from "./stripe.adapter";

interface Seen {
  method: string;
  path: string;
  body: URLSearchParams;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
}

/**
 * A local stand-in of Stripe's refund and cancel endpoints: it answers like Stripe (form-encoded
 * requests, JSON objects, idempotent replays, error objects), and records what the SDK sent.
 */
function stripeStandIn() {
  const seen: Seen[] = [];
  const replays = new Map<string, { status: number; body: unknown }>();
  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (c) => {
      raw += c;
    });
    req.on("end", () => {
      const body = new URLSearchParams(raw);
      const key = req.headers["idempotency-key"] as string | undefined;
      seen.push({
        method: req.method!,
        path: req.url!,
        body,
        idempotencyKey: key,
        authorization: req.headers.authorization,
      });
      const send = (status: number, payload: unknown) => {
        if (key) replays.set(key, { status, body: payload });
        res.writeHead(status, { "content-type": "application/json", "request-id": "req_test" });
        res.end(JSON.stringify(payload));
      };
      if (key && replays.has(key)) {
        const r = replays.get(key)!;
        res.writeHead(r.status, { "content-type": "application/json", "idempotent-replayed": "true" });
        return res.end(JSON.stringify(r.body));
      }
      if (req.method === "POST" && req.url === "/v1/refunds") {
        const pi = body.get("payment_intent");
        if (pi === "pi_refunded")
          return send(400, {
            error: {
              type: "invalid_request_error",
              code: "charge_already_refunded",
              message: "Charge ch_1 has already been refunded.",
            },
          });
        return send(200, {
          id: `re_${replays.size + 1}`,
          object: "refund",
          amount: Number(body.get("amount")),
          payment_intent: pi,
          status: "succeeded",
          currency: "aud",
        });
      }
      const cancel = req.url?.match(/^\/v1\/payment_intents\/([^/]+)\/cancel$/);
      if (req.method === "POST" && cancel) {
        if (cancel[1] === "pi_captured")
          return send(400, {
            error: {
              type: "invalid_request_error",
              code: "payment_intent_unexpected_state",
              message: "You cannot cancel this PaymentIntent because it has a status of succeeded.",
            },
          });
        return send(200, {
          id: cancel[1],
          object: "payment_intent",
          status: "canceled",
          amount: 1000,
          currency: "aud",
        });
      }
      send(404, { error: { type: "invalid_request_error", message: "Unrecognized request URL" } });
    });
  });
  return { server, seen };
}

const stand = stripeStandIn();
let gateway: ReturnType<typeof createStripeGateway>;

beforeAll(async () => {
  await new Promise<void>((resolve) => stand.server.listen(0, "127.0.0.1", resolve));
  const { port } = stand.server.address() as AddressInfo;
  gateway = createStripeGateway({
    secret: "sk_test_main",
    publishable: "pk_test_main",
    secretCad: "sk_test_cad",
    api: new URL(`http://127.0.0.1:${port}`),
  });
});
afterAll(() => new Promise<void>((resolve) => stand.server.close(() => resolve())));

describe("Stripe adapter (against a local stand-in of Stripe)", () => {
  it("refunds a PaymentIntent with the amount, metadata and the attempt's idempotency key", async () => {
    const refund = await gateway.refund({
      intentId: "pi_123",
      currency: "AUD",
      amountMinor: 12_500,
      idempotencyKey: "refund-attempt-1:7",
      metadata: { order_id: "42" },
    });
    expect(refund).toEqual({ id: "re_1", status: "succeeded", amountMinor: 12_500 });
    const req = stand.seen.at(-1)!;
    expect(req.method).toBe("POST");
    expect(req.path).toBe("/v1/refunds");
    expect(req.body.get("payment_intent")).toBe("pi_123");
    expect(req.body.get("amount")).toBe("12500");
    expect(req.body.get("metadata[order_id]")).toBe("42");
    expect(req.idempotencyKey).toBe("refund-attempt-1:7");
    expect(req.authorization).toBe("Bearer sk_test_main");
  });

  it("a retry with the same key gets Stripe's first answer, not a second refund", async () => {
    const again = await gateway.refund({
      intentId: "pi_123",
      currency: "AUD",
      amountMinor: 12_500,
      idempotencyKey: "refund-attempt-1:7",
      metadata: { order_id: "42" },
    });
    expect(again.id).toBe("re_1");
  });

  it("sends CAD refunds to the Canadian account", async () => {
    await gateway.refund({
      intentId: "pi_ca",
      currency: "CAD",
      amountMinor: 500,
      idempotencyKey: "ca-1",
      metadata: {},
    });
    expect(stand.seen.at(-1)!.authorization).toBe("Bearer sk_test_cad");
  });

  it("maps Stripe's refusal to a PaymentGatewayError in Stripe's words", async () => {
    const err = await gateway
      .refund({
        intentId: "pi_refunded",
        currency: "AUD",
        amountMinor: 100,
        idempotencyKey: "r-2",
        metadata: {},
      })
      .catch((e) => e);
    expect(err).toBeInstanceOf(PaymentGatewayError);
    expect(err.message).toBe("Charge ch_1 has already been refunded.");
    expect(err.code).toBe("charge_already_refunded");
    expect(err.refused).toBe(true);
  });

  it("voids by cancelling the PaymentIntent with an idempotency key", async () => {
    const res = await gateway.cancel({ intentId: "pi_held", currency: "AUD", idempotencyKey: "void-1:3" });
    expect(res).toEqual({ id: "pi_held", status: "canceled" });
    const req = stand.seen.at(-1)!;
    expect(req.path).toBe("/v1/payment_intents/pi_held/cancel");
    expect(req.body.get("cancellation_reason")).toBe("requested_by_customer");
    expect(req.idempotencyKey).toBe("void-1:3");
    const err = await gateway
      .cancel({ intentId: "pi_captured", currency: "AUD", idempotencyKey: "void-2" })
      .catch((e) => e);
    expect(err).toBeInstanceOf(PaymentGatewayError);
    expect(err.message).toContain("status of succeeded");
  });

  it("reports an unreachable Stripe as a failure, not a refusal", async () => {
    const down = createStripeGateway({
      secret: "sk_test_main",
      publishable: "pk",
      api: new URL("http://127.0.0.1:1"),
    });
    const err = await down
      .refund({ intentId: "pi_1", currency: "AUD", amountMinor: 1, idempotencyKey: "x", metadata: {} })
      .catch((e) => e);
    expect(err).toBeInstanceOf(PaymentGatewayError);
    expect(err.refused).toBe(false);
  });
});
