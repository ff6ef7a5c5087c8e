import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pdfText } from "../../test/pdf-text";
import { createTestApp, type TestApp } from "../../test/test-app";

// Issue 52 item 5: a job refunded line by line gives back exactly the invoice's tax, and money paid
// by health fund or gift card goes back to that tender, in its own words.

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
});
afterAll(() => t.close());

const q = <T = Record<string, unknown>>(sql: string, params: unknown[] = []) =>
  t.database.query<T>(sql, params) as Promise<T[]>;

let n = 0;
/** An AU job taken three days ago with the lines given, paid in full by one payment of the tender named (no card intent). */
async function makeJob(lines: number[], tender: string) {
  n++;
  const [outlet] = await q<{ id: number; region_id: number }>(
    "select id, region_id from outlets where abbreviation = 'CHA' or name = 'Chatswood' limit 1",
  );
  const status = async (kind: string, slug: string) =>
    (await q<{ id: number }>("select id from statuses where kind = $1 and slug = $2", [kind, slug]))[0].id;
  const created = new Date(Date.now() - 3 * 86_400_000);
  const total = lines.reduce((a, b) => a + b, 0);
  const [o] = await q<{ id: number }>(
    `insert into orders (uid, name, vend_invoice_number, billing_first_name, billing_last_name, billing_email,
       total_amount_minor, total_payment_minor, dispense_status_id, payment_status_id, channel_id, channel,
       is_octopos_order, origin_outlet_id, region_id, created_at)
     values ($1, $2, $3, 'Rae', 'Test', 'rae@example.com', $4, $4, $5, $6, 4, 'dv4', false, $7, $8, $9) returning id`,
    [
      `TCENT${n}`,
      `#C${n}`,
      `ONL-C${n}`,
      total,
      await status("dispense", "in-progress"),
      await status("payment", "paid"),
      outlet.id,
      outlet.region_id,
      created,
    ],
  );
  const [product] = await q<{ id: number }>(
    `insert into region_products (region_id, name, product_type_key, parent_type_key, price_minor)
     values ($1, 'Lens coating', 'frame', 'glasses', 8000) returning id`,
    [outlet.region_id],
  );
  const items: number[] = [];
  for (const amount of lines) {
    const [item] = await q<{ id: number }>(
      `insert into order_items (order_id, region_product_id, dispense_status_id, outlet_id, unit_price_minor, total_amount_minor)
       values ($1, $2, $3, $4, $5, $5) returning id`,
      [o.id, product.id, await status("item", "in-progress"), outlet.id, amount],
    );
    items.push(item.id);
  }
  await q(
    `insert into order_payments (order_id, amount_minor, payment_type_name, state, created_at)
     values ($1, $2, $3, 'captured', $4)`,
    [o.id, total, tender, created],
  );
  return { id: o.id, items };
}

const refundPart = (id: number, itemId: number) =>
  t.call(admin, {
    method: "POST",
    url: `/api/staff/orders/${id}/refunds`,
    payload: { reason: "product-faulty", destination: "till", items: [{ id: itemId, quantity: 1 }] },
  });

/** A credit note's PDF read back as text, through the link the job gives. */
async function creditNoteText(url: string) {
  const pdf = await t.app.inject({ method: "GET", url: new URL(url).pathname });
  expect(pdf.statusCode).toBe(200);
  return pdfText(pdf.rawPayload);
}
const gstOf = (text: string) => {
  const m = /GST adjustment: GST 10% included\s*\n?\s*\$(\d+\.\d\d)/.exec(text);
  if (!m) throw new Error(`no GST line in:\n${text}`);
  return Math.round(Number(m[1]) * 100);
};

describe("refunds to the cent and to the tender (issue 52)", () => {
  it("three GST lines refunded one at a time give back exactly the invoice's GST and total", async () => {
    const job = await makeJob([8_000, 8_000, 8_000], "Cash");
    let data: { refunds: { amount: number; credit_note: { url: string } }[]; receipt_url: string } | null =
      null;
    for (const item of job.items) {
      const res = await refundPart(job.id, item);
      expect(res.statusCode, res.body).toBe(200);
      data = res.json().data;
    }
    const refunds = data!.refunds;
    expect(refunds).toHaveLength(3);
    const gst = [];
    for (const r of refunds) gst.push(gstOf(await creditNoteText(r.credit_note.url)));
    // The invoice: $240.00 with $21.82 of GST (240/11 = 21.818…); each line alone would round to 7.27.
    const receipt = await t.app.inject({ method: "GET", url: new URL(data!.receipt_url).pathname });
    expect(receipt.body).toMatch(/GST 10%[\s\S]{0,80}\$21\.82/);
    expect(gst.reduce((a, b) => a + b, 0)).toBe(2_182);
    expect(refunds.reduce((s, r) => s + Math.round(r.amount * 100), 0)).toBe(24_000);
  });

  it("returns a health fund's payment to the health fund, on the credit note and the timeline", async () => {
    const job = await makeJob([8_000, 4_000], "Health fund");
    const res = await refundPart(job.id, job.items[0]);
    expect(res.statusCode, res.body).toBe(200);
    const text = await creditNoteText(res.json().data.refunds[0].credit_note.url);
    expect(text).toContain("to the health fund");
    expect(text).not.toContain("at the till");
    const events = await q<{ to_value: string }>(
      "select to_value from job_events where order_id = $1 and kind = 'refund'",
      [job.id],
    );
    expect(events[0].to_value).toContain("to the health fund");
  });

  it("returns a gift card's payment onto the gift card in a full refund", async () => {
    const job = await makeJob([8_000], "Gift card");
    const res = await t.call(admin, {
      method: "POST",
      url: `/api/orders/${job.id}/refund`,
      payload: { reason: "product-faulty" },
    });
    expect(res.statusCode, res.body).toBe(200);
    const events = await q<{ to_value: string }>(
      "select to_value from job_events where order_id = $1 and kind = 'refund'",
      [job.id],
    );
    expect(events[0].to_value).toBe("$80.00 onto the gift card (Product faulty)");
    const text = await creditNoteText(res.json().data.refunds[0].credit_note.url);
    expect(text).toContain("onto the gift card");
  });
});
