import type { TestApp } from "../../test/test-app";

/** A job at `outlet` in progress, for a new customer with these contact details; answers its ids. */
export async function jobForCustomer(
  t: TestApp,
  token: string,
  customer: { mobile?: string | null; email?: string | null; channel_sms?: boolean; channel_email?: boolean },
  outlet = "NTN",
) {
  const q = <T>(sql: string, params: unknown[] = []) => t.database.query<T>(sql, params);
  const res = await t.call(token, {
    method: "POST",
    url: "/api/user",
    payload: { first_name: "Grace", last_name: "Hopper", ...customer },
  });
  if (res.statusCode >= 300) throw new Error(`customer: ${res.statusCode} ${res.body}`);
  const customerId = res.json().data.id as number;
  const [{ id: outletId, region_id }] = await q<{ id: number; region_id: number }>(
    "select id, region_id from outlets where abbreviation = $1",
    [outlet],
  );
  const status = async (kind: string, slug: string) =>
    (await q<{ id: number }>("select id from statuses where kind = $1 and slug = $2", [kind, slug]))[0].id;
  const uid = `RM${Math.random().toString(36).slice(2, 10)}`;
  const [{ id: orderId }] = await q<{ id: number }>(
    `insert into orders (uid, name, vend_invoice_number, customer_id, billing_first_name, billing_last_name,
       total_amount_minor, total_payment_minor, dispense_status_id, payment_status_id, channel_id, channel, origin_outlet_id, region_id, due_date)
     values ($1, $1, $1, $2, 'Grace', 'Hopper', 39500, 39500, $3, $4, 1, 'pos', $5, $6, '2026-12-04') returning id`,
    [
      uid,
      customerId,
      await status("dispense", "in-progress"),
      await status("payment", "paid"),
      outletId,
      region_id,
    ],
  );
  return {
    orderId,
    customerId,
    outletId,
    regionId: region_id,
    invoice: uid,
    readyStatusId: await status("dispense", "ready-to-go"),
    inProgressStatusId: await status("dispense", "in-progress"),
  };
}

export const setStatus = (t: TestApp, token: string, orderId: number, statusId: number) =>
  t.call(token, {
    method: "PUT",
    url: `/api/staff/orders/${orderId}/dispense-status`,
    payload: { dispense_status_id: statusId },
  });
