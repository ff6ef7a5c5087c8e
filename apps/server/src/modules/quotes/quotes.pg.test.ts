import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app";

// Exactly once on PostgreSQL (issue 44, ADR 0058): parallel creations at one outlet take the
// outlet's invoice numbers one after another, none twice and none skipped; parallel accepts of one
// quote make one job. PGlite has one connection (it serialises everything): these need a server.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe.runIf(onPostgres)("counter jobs on PostgreSQL", () => {
  let t: TestApp;
  let sam: string;
  let productId: number;
  let customerId: number;
  const q = <T = Record<string, unknown>>(sql: string, params: unknown[] = []) =>
    t.database.query<T>(sql, params) as Promise<T[]>;

  beforeAll(async () => {
    t = await createTestApp();
    const admin = await t.login();
    sam = await t.login("sam@loupe.test");
    [{ id: productId }] = await q<{ id: number }>(
      `insert into region_products (region_id, name, product_type_key, parent_type_key, price_minor, kind, tax_class)
       values (1, 'Parallel frame', 'glasses', 'glasses', 12000, 'frame', 'standard') returning id`,
    );
    customerId = (
      await t.call(admin, {
        method: "POST",
        url: "/api/user",
        payload: { first_name: "Par", last_name: "Allel" },
      })
    ).json().data.id;
  }, 120_000);
  afterAll(() => t?.close());

  const newJob = (key: string) =>
    t.call(sam, {
      method: "POST",
      url: "/api/staff/jobs",
      headers: { "idempotency-key": key },
      payload: {
        customer_id: customerId,
        lines: [{ region_product_id: productId, quantity: 1 }],
        deposit: { amount_minor: 6_000, tender: "cash" },
      },
    });

  it("20 parallel creations at one outlet get 20 distinct consecutive invoice numbers", async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => newJob(`par-${i}`)));
    for (const a of answers) expect(a.statusCode, a.body).toBe(200);
    const numbers = answers
      .map((a) => a.json().data.invoice_number as string)
      .map((n) => {
        expect(n).toMatch(/^BON-\d{6,}$/);
        return Number(n.split("-")[1]);
      })
      .sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(20);
    expect(numbers.at(-1)! - numbers[0]).toBe(19);
    // The counter stands right after the last one: the next job takes the next number.
    const [bon] = await q<{ id: number }>("select id from outlets where abbreviation = 'BON'");
    const [{ next }] = await q<{ next: number }>(
      "select next from outlet_invoice_counters where outlet_id = $1",
      [bon.id],
    );
    expect(next).toBe(numbers.at(-1)! + 1);
    const orders = await q<{ n: number }>(
      "select count(*)::int as n from orders where vend_invoice_number = any($1)",
      [answers.map((a) => a.json().data.invoice_number)],
    );
    expect(orders[0].n).toBe(20);
  });

  it("parallel accepts of one quote make one job: the same key answers it, other keys get 409", async () => {
    const quote = (
      await t.call(sam, {
        method: "POST",
        url: "/api/staff/quotes",
        payload: { customer_id: customerId, lines: [{ region_product_id: productId, quantity: 2 }] },
      })
    ).json().data;
    const accept = (key: string) =>
      t.call(sam, {
        method: "POST",
        url: `/api/staff/quotes/${quote.id}/accept`,
        headers: { "idempotency-key": key },
        payload: { version: quote.version, deposit: { amount_minor: 12_000, tender: "cash" } },
      });
    const keys = [...Array.from({ length: 6 }, () => "same"), "other"];
    const answers = await Promise.all(keys.map(accept));
    // Whichever key's accept got the quote's lock first made the job: every request with that key
    // answers it, every request with the other key finds the quote accepted (409).
    const ok = answers.filter((a) => a.statusCode === 200);
    expect(new Set(ok.map((a) => a.json().data.order_id)).size).toBe(1);
    const winner = keys[answers.findIndex((a) => a.statusCode === 200)];
    answers.forEach((a, i) => {
      expect(a.statusCode, a.body).toBe(keys[i] === winner ? 200 : 409);
    });
    const [{ jobs }] = await q<{ jobs: number }>(
      "select count(*)::int as jobs from orders where id = any($1)",
      [ok.map((a) => a.json().data.order_id)],
    );
    expect(jobs).toBe(1);
    const [{ n }] = await q<{ n: number }>(
      "select count(*)::int as n from order_payments where order_id = $1",
      [ok[0].json().data.order_id],
    );
    expect(n).toBe(1);
  });
});
