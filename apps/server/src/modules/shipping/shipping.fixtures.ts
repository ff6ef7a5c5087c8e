// Parcels, receivers and jobs the shipping tests share.
import { seedDemoCustomers } from "../../seed/demo-customers";
import { seedDemoJobs } from "../../seed/demo-jobs";
import { createTestApp, type TestApp } from "../../test/test-app";

export const size = { customers: 10, jobs: 30 };
export const receiver = {
  name: "Ada Lovelace",
  lines: ["80 Wentworth Park Rd"],
  suburb: "Glebe",
  state: "NSW",
  country: "AU",
  postcode: "2037",
  phone: "0412 345 678",
  email: "ada@example.com",
};
let keySeq = 0;
export const newKey = () => `key-${Date.now()}-${keySeq++}-${Math.random().toString(36).slice(2, 8)}`;

export async function outletId(t: TestApp, abbreviation: string) {
  return (
    await t.database.query<{ id: number }>("select id from outlets where abbreviation = $1", [abbreviation])
  )[0].id;
}
/** Jobs with no shipment yet, online ones first when asked. */
export async function freshJobs(t: TestApp, online = false, country?: "CA") {
  return (
    await t.database.query<{ id: number }>(
      // Open jobs only: the rulebook ships nothing refunded, voided or cancelled (ADR 0025).
      `select o.id from orders o join statuses st on st.id = o.dispense_status_id
        where shipment_status = 'not_created'
         and st.slug not in ('cancelled', 'refunded', 'voided', 'refunded-transaction')
         and not exists (select 1 from order_items i where i.order_id = o.id and i.quantity = -1)
         and not exists (select 1 from order_refunds r where r.order_id = o.id and r.status <> 'failed')
         and not exists (select 1 from shipments s where s.order_id = o.id)
         and channel_id ${online ? "= 4" : "<> 4"}
         ${country ? "and o.region_id = (select id from regions where country_code = $1)" : ""} order by id`,
      country ? [country] : [],
    )
  ).map((r) => r.id);
}
/** A Large Box to the receiver, as the quote and the order both send it. */
const parcel = {
  weight: 0.3,
  width: 15,
  height: 6,
  length: 24,
  quantity: 1,
  receiver,
  delivery_instruction: "authority_to_leave",
};
export const quoteBody = (sender: number, over: Record<string, unknown> = {}) => ({
  aupost: {
    sender_outlet_id: sender,
    country: "AU",
    delivery_postcode: receiver.postcode,
    ...parcel,
    ...over,
  },
  sendle: {
    sender_outlet_id: sender,
    delivery_suburb: receiver.suburb,
    delivery_postcode: receiver.postcode,
    delivery_country: "AU",
    weight_value: 0.3,
    weight_units: "kg",
    volume_value: 0,
    volume_units: "m3",
    first_mile_option: "pickup",
  },
});
export const orderBody = (orderId: number, sender: number, productId: string, key = newKey()) => ({
  selected_outlet_id: sender,
  sender_outlet_id: sender,
  product_id: productId,
  order_id: orderId,
  ...parcel,
  value: 120,
  idempotency_key: key,
});

/** A test app with demo customers and jobs, signed in, with Newtown's outlet id. */
export async function seededShippingApp(options: Parameters<typeof createTestApp>[0]) {
  const t = await createTestApp(options);
  await seedDemoCustomers(t.database.db, size);
  await seedDemoJobs(t.database.db, size);
  return { t, token: await t.login(), ntn: await outletId(t, "NTN") };
}
