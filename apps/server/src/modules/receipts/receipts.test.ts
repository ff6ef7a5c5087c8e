import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app";

/** The receipt page and its links (issue 25): who it names, revocation, and what the log keeps. */
let t: TestApp;
let admin: string;
const logLines: string[] = [];
let orderId: number;

const q = <T = Record<string, unknown>>(sql: string, params: unknown[] = []) =>
  t.database.query<T>(sql, params);
const path = (url: string) => new URL(url).pathname;
const link = async () =>
  (await t.call(admin, { method: "GET", url: `/api/staff/orders/${orderId}` })).json().data
    .receipt_url as string;

beforeAll(async () => {
  t = await createTestApp({ logLines, env: { LOG_LEVEL: "info" } });
  admin = await t.login();
  const [outlet] = await q<{ id: number; region_id: number }>(
    "select id, region_id from outlets where abbreviation = 'NTN'",
  );
  const status = async (kind: string, slug: string) =>
    (await q<{ id: number }>("select id from statuses where kind = $1 and slug = $2", [kind, slug]))[0].id;
  [{ id: orderId }] = await q<{ id: number }>(
    `insert into orders (uid, name, vend_invoice_number, billing_first_name, billing_last_name, billing_email,
       billing_address, total_amount_minor, dispense_status_id, payment_status_id, channel_id, channel,
       origin_outlet_id, region_id)
     values ('RCPT1', '#R1', 'NTN-R1', 'Ada', 'Lovelace', 'ada@example.com', $1, 0, $2, $3, 1, 'pos', $4, $5)
     returning id`,
    [
      JSON.stringify({ address1: "12 Analytical St", city: "Sydney" }),
      await status("dispense", "in-progress"),
      await status("payment", "paid"),
      outlet.id,
      outlet.region_id,
    ],
  );
});
afterAll(() => t.close());

describe("the receipt page", () => {
  it("names the customer by first name and surname initial only, without address or e-mail", async () => {
    const res = await t.app.inject({ method: "GET", url: path(await link()) });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("Ada L.");
    expect(res.body).not.toContain("Lovelace");
    expect(res.body).not.toContain("ada@example.com");
    expect(res.body).not.toContain("Analytical");
  });

  it("is logged by its route pattern: the token and the job id never reach a log line", async () => {
    const url = path(await link());
    const token = url.split("/").pop() as string;
    logLines.length = 0;
    await t.app.inject({ method: "GET", url: `${url}?utm=x` });
    await t.app.inject({ method: "GET", url: url.replace(/.$/, (c) => (c === "A" ? "B" : "A")) });
    const text = logLines.join("\n");
    expect(text).toContain("/shop-api/receipt/show/:orderId/:token");
    expect(text).not.toContain(token);
    expect(text).not.toContain(token.slice(16));
    expect(text).not.toContain(`/receipt/show/${orderId}`);
  });
});

describe("revoking a job's receipt links", () => {
  it("is refused to staff of another region and allowed to staff of the job's region", async () => {
    const aroha = await t.login("aroha@loupe.test", "LoupeDemo1");
    const refused = await t.call(aroha, {
      method: "POST",
      url: `/api/staff/orders/${orderId}/receipt-links/revoke`,
    });
    expect(refused.statusCode).toBe(403);
    const sam = await t.login("sam@loupe.test", "LoupeDemo1");
    const allowed = await t.call(sam, {
      method: "POST",
      url: `/api/staff/orders/${orderId}/receipt-links/revoke`,
    });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json().data.revoked_at).toMatch(/^\d{4}-/);
  });

  it("stops every link handed out before; the job's next link opens", async () => {
    const old = path(await link());
    expect((await t.app.inject({ method: "GET", url: old })).statusCode).toBe(200);
    const res = await t.call(admin, {
      method: "POST",
      url: `/api/staff/orders/${orderId}/receipt-links/revoke`,
    });
    expect(res.statusCode).toBe(200);
    expect((await t.app.inject({ method: "GET", url: old })).statusCode).toBe(404);
    const fresh = path(await link());
    expect(fresh).not.toBe(old);
    expect((await t.app.inject({ method: "GET", url: fresh })).statusCode).toBe(200);
  });

  it("answers 404 for a job that does not exist", async () => {
    const res = await t.call(admin, { method: "POST", url: "/api/staff/orders/999999/receipt-links/revoke" });
    expect(res.statusCode).toBe(404);
  });
});
