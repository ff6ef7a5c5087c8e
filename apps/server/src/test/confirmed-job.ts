import { assignPromisedDates } from "../modules/jobs";
import type { TestApp } from "./test-app";

/**
 * A job with one item whose selection is confirmed through the job edit (frame, prescription,
 * PD, lens), as Order Lenses needs it: the fixture of the lens-order tests.
 */
export async function confirmedJob(
  t: TestApp,
  token: string,
  options: {
    product: string;
    rx: Record<string, unknown>;
    pd: Record<string, unknown>;
    frameSize?: string;
    lensSupplier?: string;
    outletAbbreviation?: string;
    /** The prescription's Type for the lens (single vision needs one: distance, reading…). */
    prescriptionType?: string;
  },
) {
  const q = <T>(sql: string, params: unknown[] = []) => t.database.query<T>(sql, params);
  const call = async (method: "GET" | "POST" | "PUT", url: string, payload?: unknown) => {
    const res = await t.call(token, { method, url, payload: payload as never });
    if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
    return res.json().data;
  };
  const [{ id: outletId, region_id }] = await q<{ id: number; region_id: number }>(
    "select id, region_id from outlets where abbreviation = $1",
    [options.outletAbbreviation ?? "NTN"],
  );
  const [{ id: productId }] = await q<{ id: number }>(
    "select id from region_products where region_id = $1 and name = $2",
    [region_id, options.product],
  );
  const status = async (kind: string, slug: string) =>
    (await q<{ id: number }>("select id from statuses where kind = $1 and slug = $2", [kind, slug]))[0].id;
  const customer = await call("POST", "/api/user", { first_name: "Ada", last_name: "Lovelace" });
  const uid = `LO${Math.random().toString(36).slice(2, 10)}`;
  const [{ id: orderId }] = await q<{ id: number }>(
    `insert into orders (uid, name, vend_invoice_number, customer_id, billing_first_name, billing_last_name,
       total_amount_minor, dispense_status_id, payment_status_id, channel_id, channel, origin_outlet_id, region_id)
     values ($1, $1, $1, $2, 'Ada', 'Lovelace', 39500, $3, $4, 1, 'pos', $5, $6) returning id`,
    [
      uid,
      customer.id,
      await status("dispense", "in-progress"),
      await status("payment", "paid"),
      outletId,
      region_id,
    ],
  );
  const [{ id: itemId }] = await q<{ id: number }>(
    `insert into order_items (order_id, region_product_id, dispense_status_id, outlet_id, unit_price_minor, total_amount_minor)
     values ($1, $2, $3, $4, 39500, 39500) returning id`,
    [orderId, productId, await status("item", "pending"), outletId],
  );
  // A job is promised a day once its items are in, as every way of making one does (issue 27).
  await assignPromisedDates(t.database.db, [orderId]);
  const rxSource = (await call("GET", "/api/prescription-source"))[0].id;
  const pdSource = (await call("GET", "/api/pd-source"))[0].id;
  const frameColour = (await call("GET", "/api/colors?type=Frame"))[0].id;
  const armColour = (await call("GET", "/api/colors?type=Temple"))[0].id;
  const rx = await call("POST", `/api/v4/users/${customer.id}/prescriptions`, {
    type_id: 1,
    source_id: rxSource,
    ...options.rx,
  });
  const pd = await call("POST", "/api/customer-pd", {
    customer_user_id: customer.id,
    source_id: pdSource,
    ...options.pd,
  });
  const size = options.frameSize ?? "M";
  const lensOptions = (
    await t.call(token, {
      method: "GET",
      url: `/api/staff/product-lens-addons?region_product_id=${productId}&prescription_id=${rx.id}&pd_id=${pd.id}&frame_size=${size}`,
    })
  ).json().data as {
    id: number;
    invalid_error_msg: string | null;
    lenses: { name: string; supplier: { id: number; name: string } };
  }[];
  const lens = lensOptions.find(
    (o) => !o.invalid_error_msg && (!options.lensSupplier || o.lenses.supplier.name === options.lensSupplier),
  );
  if (!lens) throw new Error("no lens option");
  const item = await call("PUT", `/api/staff/order-items/${itemId}/info`, {
    customize: {
      front: { shape: "classic", size, colorId: frameColour, isExistingFrame: false },
      left: { size, colorId: armColour },
      right: { size, colorId: armColour },
    },
    prescription: { type: options.prescriptionType ?? null, id: rx.id },
    pdId: pd.id,
    product_lens_addons_id: lens.id,
  });
  return {
    orderId,
    itemId,
    customerId: customer.id as number,
    outletId,
    regionId: region_id,
    lens,
    lensOptions,
    item,
  };
}
