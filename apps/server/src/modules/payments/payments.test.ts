import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app";

let t: TestApp;
let token: string;
let customerId: number;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
  customerId = (
    await t.call(token, { method: "POST", url: "/api/user", payload: { first_name: "Payer" } })
  ).json().data.id;
});
afterAll(() => t.close());

const intent = (payload: Record<string, unknown>, key?: string) =>
  t.call(token, {
    method: "POST",
    url: "/api/staff/payment-intent",
    payload: { currency: "AUD", desc: "Deposit INV-1", customer_id: customerId, ...payload },
    headers: key ? { "idempotency-key": key } : {},
  });
const card = (clientSecret: string, number: string) =>
  t.app.inject({
    method: "POST",
    url: "/sandbox-gateway/confirm",
    payload: { client_secret: clientSecret, card_number: number },
  });
const confirm = (intentId: string) =>
  t.call(token, { method: "POST", url: "/api/staff/payments/confirm", payload: { intent_id: intentId } });

describe("card payments (sandbox gateway)", () => {
  it("takes a payment with the success card and records the payment note", async () => {
    const res = await intent({ amount: 120.5 }, "key-success-0001");
    expect(res.statusCode).toBe(200);
    const { client_secret, intent_id, gateway } = res.json().data;
    expect(gateway).toBe("sandbox");
    expect((await card(client_secret, "4242 4242 4242 4242")).json().status).toBe("succeeded");
    const done = await confirm(intent_id);
    expect(done.json().message).toBe("Payment successful!");
    expect(done.json().data.content).toContain("AUD 120.50");
    expect(done.json().data.content).toContain("Deposit INV-1");
    expect(done.json().data.content).toContain(intent_id);
    expect(done.json().data.content).toContain("Avery Admin at Newtown");
    // Confirming again does not write a second note.
    await confirm(intent_id);
    const notes = (
      await t.call(token, { method: "GET", url: `/legacy-api/user-note?user_id=${customerId}` })
    ).json().data;
    expect(notes.filter((n: { content: string }) => n.content.includes(intent_id))).toHaveLength(1);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "records one payment note when the same payment is confirmed many times in parallel",
    async () => {
      const { client_secret, intent_id } = (await intent({ amount: 33 }, "key-parallel-0001")).json().data;
      expect((await card(client_secret, "4242424242424242")).json().status).toBe("succeeded");
      const results = await Promise.all(Array.from({ length: 8 }, () => confirm(intent_id)));
      expect(results.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
      expect(new Set(results.map((r) => r.json().data.id)).size).toBe(1);
      const rows = await t.database.query<{ n: number }>(
        "select count(*)::int as n from notes where content like $1",
        [`%${intent_id}%`],
      );
      expect(rows[0].n).toBe(1);
    },
  );

  it("reports a declined card under the card field and records nothing", async () => {
    const { client_secret, intent_id } = (await intent({ amount: 10 }, "key-decline-0001")).json().data;
    expect((await card(client_secret, "4000000000000002")).json().error).toBe("Your card was declined.");
    const res = await confirm(intent_id);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.card).toEqual(["Your card was declined."]);
  });

  it("creates one payment only when a request is retried with the same key", async () => {
    const [a, b] = await Promise.all([
      intent({ amount: 50 }, "key-retry-0001"),
      intent({ amount: 50 }, "key-retry-0001"),
    ]);
    expect(a.json().data.intent_id).toBe(b.json().data.intent_id);
    const third = await intent({ amount: 50 }, "key-retry-0001");
    expect(third.json().data.intent_id).toBe(a.json().data.intent_id);
    const rows = await t.database.query(
      "select count(*)::int as n from payments where idempotency_key = 'key-retry-0001'",
    );
    expect(rows[0]).toEqual({ n: 1 });
  });

  it("refuses a key reused for a corrected amount or reference; a new key charges the corrected payment", async () => {
    const key = "key-corrected-0001";
    const first = await intent({ amount: 12.5, desc: "" }, key);
    expect(first.statusCode).toBe(200);
    expect((await card(first.json().data.client_secret, "4000 0000 0000 0002")).json().status).not.toBe(
      "succeeded",
    );
    // Staff correct the amount and the reference; the old key must not hand back the 12.50 intent.
    for (const changed of [
      { amount: 20, desc: "INV-2002" },
      { amount: 12.5, desc: "INV-2002" },
      { amount: 12.5, desc: "", currency: "NZD" },
    ]) {
      const reused = await intent(changed, key);
      expect(reused.statusCode, JSON.stringify(changed)).toBe(409);
      expect(reused.json().message).toBe(
        "This payment key was already used for a different amount, currency or reference. A changed payment is a new attempt: submit it with a new key.",
      );
    }
    // The unchanged retry still answers its own intent.
    expect((await intent({ amount: 12.5, desc: "" }, key)).json().data.intent_id).toBe(
      first.json().data.intent_id,
    );
    const second = await intent({ amount: 20, desc: "INV-2002" }, "key-corrected-0002");
    expect(second.json().data.amount).toBe(20);
    await card(second.json().data.client_secret, "4242 4242 4242 4242");
    const done = await confirm(second.json().data.intent_id);
    expect(done.json().data.content).toContain("AUD 20.00");
    expect(done.json().data.content).toContain("Reference: INV-2002");
  });

  it("needs an amount of at least 1 and a currency", async () => {
    const res = await intent({ amount: 0.5, currency: "USD" });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.amount).toEqual(["The amount must be at least 1."]);
    expect(res.json().errors.currency).toEqual(["The currency field is required."]);
  });
});

describe("gateway choice", () => {
  it("tells the browser to use the sandbox when no Stripe keys are set", async () => {
    const res = await t.call(token, { method: "GET", url: "/api/staff/payment-config?currency=CAD" });
    expect(res.json().data).toEqual({ gateway: "sandbox", publishable_key: "pk_sandbox_loupe" });
  });

  it("picks Stripe when keys are configured, with Canada's own publishable key for CAD", async () => {
    const { createPaymentGateway } = await import("../../integrations/payments");
    const { loadConfig } = await import("../../config");
    const config = loadConfig({
      STRIPE_SECRET_KEY: "sk_test_au",
      STRIPE_PUBLISHABLE_KEY: "pk_test_au",
      STRIPE_SECRET_KEY_CAD: "sk_test_ca",
      STRIPE_PUBLISHABLE_KEY_CAD: "pk_test_ca",
    });
    const gateway = createPaymentGateway(config, t.database.db);
    expect(gateway.name).toBe("stripe");
    expect(gateway.publishableKey("CAD")).toBe("pk_test_ca");
    expect(gateway.publishableKey("NZD")).toBe("pk_test_au");
  });
});
