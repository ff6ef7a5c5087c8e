import { formatWhen } from "@loupe/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pdfText } from "../../test/pdf-text";
import { createTestApp, type TestApp } from "../../test/test-app";

// A receipt and the credit note that adjusts it are read side by side: the same sale at the same
// minute must be written the same way on both, in the outlet's zone (a Fremantle sale on Perth time,
// though its region's zone is Sydney's), in dates.ts's exact style.
let t: TestApp;
let admin: string;
const SOLD_AT = "2026-11-26T21:55:00Z";

const q = <T = Record<string, unknown>>(sql: string, params: unknown[] = []) =>
  t.database.query<T>(sql, params) as Promise<T[]>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
});
afterAll(() => t.close());

async function fremantleSale() {
  const [outlet] = await q<{ id: number; region_id: number; time_zone: string }>(
    "select id, region_id, time_zone from outlets where name = 'Fremantle'",
  );
  const status = async (kind: string, slug: string) =>
    (await q<{ id: number }>("select id from statuses where kind = $1 and slug = $2", [kind, slug]))[0].id;
  const [o] = await q<{ id: number }>(
    `insert into orders (uid, name, vend_invoice_number, billing_first_name, billing_last_name, billing_email,
       total_amount_minor, total_payment_minor, dispense_status_id, payment_status_id, channel_id, channel,
       is_octopos_order, origin_outlet_id, region_id, created_at)
     values ('TDATE1', '#D1', 'FRE-D1', 'Rae', 'Test', 'rae@example.com', 10000, 10000, $1, $2, 4, 'dv4', false, $3, $4, $5)
     returning id`,
    [
      await status("dispense", "in-progress"),
      await status("payment", "paid"),
      outlet.id,
      outlet.region_id,
      SOLD_AT,
    ],
  );
  const [product] = await q<{ id: number }>(
    `insert into region_products (region_id, name, product_type_key, parent_type_key, price_minor)
     values ($1, 'Frame', 'frame', 'glasses', 10000) returning id`,
    [outlet.region_id],
  );
  const [item] = await q<{ id: number }>(
    `insert into order_items (order_id, region_product_id, dispense_status_id, outlet_id, unit_price_minor, total_amount_minor)
     values ($1, $2, $3, $4, 10000, 10000) returning id`,
    [o.id, product.id, await status("item", "in-progress"), outlet.id],
  );
  await q(
    `insert into order_payments (order_id, amount_minor, payment_type_name, state, created_at)
     values ($1, 10000, 'Cash', 'captured', $2)`,
    [o.id, SOLD_AT],
  );
  return { id: o.id, item: item.id, zone: outlet.time_zone };
}

describe("dates on linked documents", () => {
  it("writes the sale's time on the credit note as its receipt does, on the outlet's clock", async () => {
    const sale = await fremantleSale();
    expect(sale.zone).toBe("Australia/Perth");
    const res = await t.call(admin, {
      method: "POST",
      url: `/api/staff/orders/${sale.id}/refunds`,
      payload: { reason: "product-faulty", destination: "till", items: [{ id: sale.item, quantity: 1 }] },
    });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    const soldAt = formatWhen(SOLD_AT, sale.zone, "exact", { zone: true });
    expect(soldAt).toBe("27th Nov 2026, 5:55am AWST");

    const receipt = await t.app.inject({ method: "GET", url: new URL(data.receipt_url).pathname });
    expect(receipt.body).toContain(soldAt);

    const note = await t.app.inject({
      method: "GET",
      url: new URL(data.refunds[0].credit_note.url).pathname,
    });
    expect(note.statusCode).toBe(200);
    const text = pdfText(note.rawPayload);
    expect(text).toContain(`FRE-D1, ${soldAt}`);
    expect(text).toContain("Times are Australia/Perth.");
    expect(text).not.toMatch(/\d{1,2}:\d{2} [ap]m/);
  });
});
