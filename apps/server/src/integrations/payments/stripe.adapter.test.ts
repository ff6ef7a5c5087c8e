import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stripeStandIn } from "../../test/stripe-stand-in";
import { PaymentGatewayError } from "./payments.port";
import { createStripeGateway } from "./stripe.adapter";

const stand = stripeStandIn();
let gateway: ReturnType<typeof createStripeGateway>;

beforeAll(async () => {
  gateway = createStripeGateway({
    secret: "sk_test_main",
    publishable: "pk_test_main",
    secretCad: "sk_test_cad",
    api: await stand.listen(),
  });
});
afterAll(() => stand.close());

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

  it("lists the day's captured charges and refunds page by page, in the currency, by intent", async () => {
    const from = new Date("2026-03-02T13:00:00Z");
    const to = new Date("2026-03-03T13:00:00Z");
    const at = (d: Date) => Math.floor(d.getTime() / 1000);
    for (let i = 0; i < 105; i++)
      stand.addCharge({
        payment_intent: `pi_day_${i}`,
        amount: 100 + i,
        currency: "nzd",
        created: at(from) + i,
      });
    stand.addCharge({ payment_intent: "pi_before", amount: 1, currency: "nzd", created: at(from) - 1 });
    stand.addCharge({ payment_intent: "pi_after", amount: 1, currency: "nzd", created: at(to) });
    stand.addCharge({ payment_intent: "pi_aud", amount: 1, currency: "aud", created: at(from) + 5 });
    stand.addRefund({ payment_intent: "pi_day_3", amount: 50, currency: "nzd", created: at(from) + 60 });
    const day = await gateway.listTransactions!({ currency: "NZD", from, to });
    expect(day.payments).toHaveLength(105);
    expect(day.payments.find((p) => p.intentId === "pi_day_104")).toEqual({
      intentId: "pi_day_104",
      amountMinor: 204,
      createdAt: new Date((at(from) + 104) * 1000),
    });
    expect(day.refunds).toEqual([
      {
        id: expect.any(String),
        intentId: "pi_day_3",
        amountMinor: 50,
        createdAt: new Date((at(from) + 60) * 1000),
      },
    ]);
    const lists = stand.seen.filter((r) => r.method === "GET" && r.path === "/v1/charges");
    expect(lists).toHaveLength(2);
    expect(lists[0].body.get("created[gte]")).toBe(String(at(from)));
    expect(lists[0].body.get("created[lt]")).toBe(String(at(to)));
    expect(lists[0].body.get("limit")).toBe("100");
    expect(lists[1].body.get("starting_after")).toMatch(/^ch_\d+$/);
  });
});
