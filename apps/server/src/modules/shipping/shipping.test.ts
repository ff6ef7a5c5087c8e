import { shippingMessages } from "@loupe/domain";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { createAusPostCourier } from "../../integrations/couriers/auspost.adapter";
import { createSendleCourier } from "../../integrations/couriers/sendle.adapter";
import {
  AUSPOST_CREDENTIALS,
  SENDLE_CREDENTIALS,
  type StandIn,
  startAusPostStandIn,
  startSendleStandIn,
} from "../../integrations/couriers/stand-ins";
import type { TestApp } from "../../test/test-app";
import {
  freshJobs,
  newKey,
  orderBody,
  outletId,
  quoteBody,
  receiver,
  seededShippingApp,
} from "./shipping.fixtures";
import { createTrackingPoller } from "./tracking-poller";

describe("shipping with the local rate-card courier", () => {
  let t: TestApp;
  let token: string;
  let ntn: number;
  let pon: number;
  const post = (url: string, payload: unknown) =>
    t.call(token, { method: "POST", url, payload: payload as object });
  beforeAll(async () => {
    ({ t, token, ntn } = await seededShippingApp({ env: { TRACKING_POLL_SECONDS: "0" } }));
    pon = await outletId(t, "PON");
  });
  afterAll(() => t.close());

  it("quotes the rate card's products in data.data, an unfit product disabled with its reasons", async () => {
    const res = await post("/api/staff/shipments/getquote", quoteBody(ntn, { weight: 6 }));
    expect(res.statusCode).toBe(200);
    const options = res.json().data;
    expect(options.map((o: { product_id: string }) => o.product_id)).toEqual(["LOCAL-PP", "LOCAL-EXP"]);
    expect(options[0]).toMatchObject({ product_type: "aupost", product_name: "Parcel Post", errors: [] });
    expect(options[0].price).toBeGreaterThan(0);
    expect(options[0].delivery_estimate).toHaveLength(2);
    expect(options[1]).toMatchObject({ price: null, errors: ["Express Post takes parcels up to 5 kg."] });
  });

  it("needs description and country of origin only abroad", async () => {
    const abroad = { ...receiver, country: "NZ", postcode: "1011", suburb: "Ponsonby" };
    const refused = await post(
      "/api/staff/shipments/getquote",
      quoteBody(ntn, { receiver: abroad, country: "NZ" }),
    );
    expect(refused.statusCode).toBe(422);
    expect(Object.keys(refused.json().errors)).toEqual(["description", "country_of_origin"]);
    const ok = await post(
      "/api/staff/shipments/getquote",
      quoteBody(ntn, {
        receiver: abroad,
        country: "NZ",
        description: "Prescription glasses",
        country_of_origin: "Australia",
      }),
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data[0].product_id).toBe("LOCAL-PP");
  });

  it("refuses to quote or ship from an outlet outside Australia", async () => {
    const res = await post("/api/staff/shipments/getquote", quoteBody(pon));
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(shippingMessages.notAustralian);
    const [job] = await freshJobs(t);
    const order = await post("/api/staff/au-post-orders", {
      ...orderBody(job, ntn, "LOCAL-PP"),
      selected_outlet_id: pon,
    });
    expect(order.statusCode).toBe(403);
  });

  it("creates the shipping order once: the job shows company and tracking, a retry answers the first order", async () => {
    const [job] = await freshJobs(t);
    const body = orderBody(job, ntn, "LOCAL-PP");
    const res = await post("/api/staff/au-post-orders", body);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe("New shipping order has been successfully created!");
    const shipment = res.json().data;
    expect(shipment).toMatchObject({
      state: "created",
      status: "created",
      company: "LOUPE COURIER",
      has_label: true,
    });
    expect(shipment.tracking_number).toMatch(/^LPC\d{10}AU$/);

    const again = await post("/api/staff/au-post-orders", body);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.id).toBe(shipment.id);
    const other = await post("/api/staff/au-post-orders", { ...body, idempotency_key: newKey() });
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toBe(shippingMessages.alreadyShipped);

    const detail = (await t.call(token, { method: "GET", url: `/api/staff/orders/${job}` })).json().data;
    expect(detail).toMatchObject({
      shipment_status: "created",
      shipment_company: "LOUPE COURIER",
      shipment_tracking_id: shipment.tracking_number,
    });
    expect(detail.shipment.events.map((e: { status: string }) => e.status)).toEqual(["created"]);
    const [{ n }] = await t.database.query<{ n: number }>(
      "select count(*)::int as n from shipments where order_id = $1",
      [job],
    );
    expect(n).toBe(1);
  });

  it("streams the label PDF, inline, only with the bearer token", async () => {
    const [job] = await freshJobs(t);
    await post("/api/staff/au-post-orders", orderBody(job, ntn, "LOCAL-PP"));
    const res = await t.call(token, { method: "GET", url: `/api/staff/shipments/get-label/${job}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["content-disposition"]).toMatch(/^inline; filename="?label-LPC\d+AU\.pdf/);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    expect(
      (await t.call(null, { method: "GET", url: `/api/staff/shipments/get-label/${job}` })).statusCode,
    ).toBe(401);
    const [unshipped] = await freshJobs(t);
    expect(
      (await t.call(token, { method: "GET", url: `/api/staff/shipments/get-label/${unshipped}` })).statusCode,
    ).toBe(404);
  });

  it("answers a product the parcel does not fit as a failed attempt the job can retry", async () => {
    const [job] = await freshJobs(t);
    const res = await post("/api/staff/au-post-orders", { ...orderBody(job, ntn, "LOCAL-EXP"), weight: 9 });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.errors).toEqual(["Express Post takes parcels up to 5 kg."]);
    const detail = (await t.call(token, { method: "GET", url: `/api/staff/orders/${job}` })).json().data;
    expect(detail.shipment_status).toBe("not_created");
    expect(detail.shipment).toMatchObject({ state: "failed", attempt: 1 });
    const retry = await post("/api/staff/au-post-orders", orderBody(job, ntn, "LOCAL-PP"));
    expect(retry.statusCode).toBe(200);
    expect(retry.json().data.attempt).toBe(2);
  });

  it("takes up an attempt left pending by a crash once no carrier call can still be running", async () => {
    const [job] = await freshJobs(t);
    const body = orderBody(job, ntn, "LOCAL-PP");
    await t.database.query(
      `insert into shipments (order_id, attempt, idempotency_key, state, courier, company, product_id, request, updated_at)
       values ($1, 1, 'crashed-attempt-key', 'pending', 'local', 'LOUPE COURIER', 'LOCAL-PP', $2, now())`,
      [job, JSON.stringify({})],
    );
    const busy = await post("/api/staff/au-post-orders", body);
    expect(busy.statusCode).toBe(409);
    expect(busy.json().message).toBe(shippingMessages.orderInProgress);
    await t.database.query(
      "update shipments set updated_at = now() - interval '10 minutes' where order_id = $1",
      [job],
    );
    // The crashed attempt kept no parcel, so this Confirm's parcel is booked under the attempt's own key.
    const retried = await post("/api/staff/au-post-orders", body);
    expect(retried.statusCode).toBe(200);
    expect(retried.json().data).toMatchObject({
      attempt: 1,
      state: "created",
      idempotency_key: "crashed-attempt-key",
    });
  });

  it("says Sendle is off when it is not configured", async () => {
    const [job] = await freshJobs(t);
    const { selected_outlet_id: _, ...body } = orderBody(job, ntn, "STANDARD-PICKUP");
    const res = await post("/api/staff/sendle-orders", body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("Sendle is not configured on this server.");
  });

  it("records Canada's manual entry only with an https tracking URL, carrier and number kept apart", async () => {
    // Tracking by hand is for Canadian jobs (ADR 0025).
    const [job] = await freshJobs(t, false, "CA");
    const qwt = await outletId(t, "QWT");
    const entry = { sender_outlet_id: qwt, cargo_company: "Canada Post", order_id: job };
    // Tracking is entered by hand by staff working at a Canadian outlet (ADR 0025).
    const fromAustralia = await post("/api/staff/shipments/manuel-entry", {
      ...entry,
      tracking_id: "https://www.canadapost-postescanada.ca/track-reperage/en/details/7023210039414604",
    });
    expect(fromAustralia.statusCode).toBe(403);
    const here = (await t.call(token, { method: "GET", url: "/api/me" })).json().data;
    const move = (region_id: number, outlet_id: number) =>
      t.call(token, { method: "PUT", url: "/api/me", payload: { region_id, outlet_id } });
    expect((await move(5, qwt)).statusCode).toBe(200);
    onTestFinished(async () => {
      await move(here.region_id, here.outlet_id);
    });
    const http = await post("/api/staff/shipments/manuel-entry", {
      ...entry,
      tracking_id: "http://www.canadapost-postescanada.ca/track-reperage/en#/details/7023210039414604",
    });
    expect(http.statusCode).toBe(422);
    expect(http.json().errors.tracking_id).toEqual([shippingMessages.trackingUrl]);
    const plain = await post("/api/staff/shipments/manuel-entry", {
      ...entry,
      tracking_id: "7023210039414604",
    });
    expect(plain.statusCode).toBe(422);
    const ok = await post("/api/staff/shipments/manuel-entry", {
      ...entry,
      tracking_id: "https://www.canadapost-postescanada.ca/track-reperage/en/details/7023210039414604",
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({
      courier: "manual",
      company: "CANADA POST",
      tracking_number: "7023210039414604",
      tracking_url: "https://www.canadapost-postescanada.ca/track-reperage/en/details/7023210039414604",
      has_label: false,
    });
    const detail = (await t.call(token, { method: "GET", url: `/api/staff/orders/${job}` })).json().data;
    expect(detail).toMatchObject({ shipment_status: "created", shipment_tracking_id: "7023210039414604" });
    const twice = await post("/api/staff/shipments/manuel-entry", {
      ...entry,
      tracking_id: "https://www.canadapost-postescanada.ca/track-reperage/en/details/1",
    });
    expect(twice.statusCode).toBe(409);
  });
});

describe("shipping with Australia Post and Sendle (stand-ins)", () => {
  let t: TestApp;
  let token: string;
  let ntn: number;
  let auspost: StandIn;
  let sendle: StandIn;
  const post = (url: string, payload: unknown) =>
    t.call(token, { method: "POST", url, payload: payload as object });
  let couriers: Parameters<typeof createTrackingPoller>[0]["couriers"];
  beforeAll(async () => {
    auspost = await startAusPostStandIn();
    sendle = await startSendleStandIn();
    // Short enough that a stalled call fails fast, long enough that the stand-in drawing a label PDF
    // on a busy machine is not taken for a stall (400 ms failed the label fetch under load).
    couriers = {
      aupost: createAusPostCourier({ ...AUSPOST_CREDENTIALS, baseUrl: auspost.url, timeoutMs: 1500 }),
      sendle: createSendleCourier({ ...SENDLE_CREDENTIALS, baseUrl: sendle.url, timeoutMs: 1500 }),
    };
    ({ t, token, ntn } = await seededShippingApp({
      env: { TRACKING_POLL_SECONDS: "0" },
      adapters: { couriers },
    }));
  });
  afterAll(async () => {
    await t.close();
    await auspost.close();
    await sendle.close();
  });

  it("quotes both carriers; Sendle's drop-off product is left out", async () => {
    const res = await post("/api/staff/shipments/getquote", quoteBody(ntn));
    expect(res.statusCode).toBe(200);
    expect(
      res
        .json()
        .data.map((o: { product_type: string; product_id: string }) => `${o.product_type}:${o.product_id}`),
    ).toEqual(["aupost:3D55", "aupost:3J55", "sendle:STANDARD-PICKUP"]);
  });

  it("still answers when one carrier fails, showing it as a disabled option; fails the quote when all do", async () => {
    sendle.stall("/api/quote");
    const partial = await post("/api/staff/shipments/getquote", quoteBody(ntn));
    expect(partial.statusCode).toBe(200);
    const off = partial.json().data.find((o: { product_type: string }) => o.product_type === "sendle");
    expect(off).toMatchObject({ product_name: "SENDLE", price: null });
    const bad = await post(
      "/api/staff/shipments/getquote",
      quoteBody(ntn, { receiver: { ...receiver, postcode: "ABC" } }),
    );
    // Sendle still quotes for the bad postcode in the stand-in, so stall it to make every carrier fail.
    expect([200, 502]).toContain(bad.statusCode);
    sendle.stall("/api/quote");
    const none = await post(
      "/api/staff/shipments/getquote",
      quoteBody(ntn, { receiver: { ...receiver, postcode: "ABC" } }),
    );
    expect(none.statusCode).toBe(502);
    expect(none.json().errors.aupost).toEqual([
      "The postcode ABC is not valid.",
      "to.postcode: The postcode ABC is not valid.",
    ]);
  });

  it("a carrier that times out leaves a retryable attempt on the job; Confirm again books it once", async () => {
    const [job] = await freshJobs(t);
    auspost.stall("/shipments");
    const first = await post("/api/staff/au-post-orders", orderBody(job, ntn, "3D55"));
    expect(first.statusCode).toBe(502);
    expect(first.json().message).toBe("AUSPOST did not answer. The order can be retried.");
    const detail = (await t.call(token, { method: "GET", url: `/api/staff/orders/${job}` })).json().data;
    expect(detail.shipment_status).toBe("not_created");
    expect(detail.shipment).toMatchObject({ state: "unknown", attempt: 1 });
    const before = auspost.bookings();
    const retry = await post("/api/staff/au-post-orders", orderBody(job, ntn, "3D55"));
    expect(retry.statusCode).toBe(200);
    expect(retry.json().data).toMatchObject({ state: "created", attempt: 1, company: "AUSPOST" });
    expect(auspost.bookings()).toBe(before + 1);
    const label = await t.call(token, { method: "GET", url: `/api/staff/shipments/get-label/${job}` });
    expect(label.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
  });

  it("passes an AusPost rejection on with its errors.errors list", async () => {
    const [job] = await freshJobs(t);
    const res = await post("/api/staff/au-post-orders", {
      ...orderBody(job, ntn, "3D55"),
      receiver: { ...receiver, name: "Reject Me" },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      message: "The receiver address could not be validated.",
      errors: { errors: ["to.lines: The receiver address could not be validated."] },
    });
  });

  it("books Sendle, answering tracking_url, order_id and sendle_reference", async () => {
    const [job] = await freshJobs(t);
    const { selected_outlet_id: _, ...body } = orderBody(job, ntn, "STANDARD-PICKUP");
    const res = await post("/api/staff/sendle-orders", { ...body, pickup_date: "2026-11-24" });
    expect(res.statusCode).toBe(200);
    const json = res.json();
    expect(json.sendle_reference).toMatch(/^S\d+$/);
    expect(json.tracking_url).toBe(`https://track.sendle.com/tracking?ref=${json.sendle_reference}`);
    expect(json.order_id).toMatch(/^f5233746-/);
    expect(json.data).toMatchObject({ company: "SENDLE", status: "created" });
    const detail = (await t.call(token, { method: "GET", url: `/api/staff/orders/${job}` })).json().data;
    expect(detail).toMatchObject({ shipment_status: "created", shipment_company: "SENDLE" });
  });

  it("the tracking worker moves a shipment created → in transit → delivered and a delivered online job's items to dispatched", async () => {
    const [job] = await freshJobs(t, true);
    const created = (await post("/api/staff/au-post-orders", orderBody(job, ntn, "3D55"))).json().data;
    const poller = createTrackingPoller({
      database: t.database,
      couriers,
      intervalSeconds: 0,
      deliveredItemStatus: "dispatched",
    });
    const due = () =>
      t.database.query(
        "update shipments set next_poll_at = now() - interval '1 second' where order_id = $1",
        [job],
      );
    await due();
    auspost.setTracking(created.tracking_number, "In transit");
    expect(await poller.pollOnce()).toBeGreaterThanOrEqual(1);
    let detail = (await t.call(token, { method: "GET", url: `/api/staff/orders/${job}` })).json().data;
    expect(detail.shipment_status).toBe("in_transit");
    // Not due again yet: a second round leaves it alone.
    auspost.setTracking(created.tracking_number, "Delivered");
    expect(await poller.pollOnce()).toBe(0);
    await due();
    expect(await poller.pollOnce()).toBeGreaterThanOrEqual(1);
    detail = (await t.call(token, { method: "GET", url: `/api/staff/orders/${job}` })).json().data;
    expect(detail.shipment_status).toBe("delivered");
    expect(detail.shipment.events.map((e: { status: string }) => e.status)).toEqual([
      "created",
      "in_transit",
      "delivered",
    ]);
    const live = detail.items.filter((i: { quantity: number }) => i.quantity !== -1);
    expect(
      live.every((i: { dispense_status: { slug: string } }) => i.dispense_status.slug === "dispatched"),
    ).toBe(true);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)("parallel Confirm on PostgreSQL", () => {
  let t: TestApp;
  let token: string;
  let ntn: number;
  beforeAll(async () => {
    ({ t, token, ntn } = await seededShippingApp({ env: { TRACKING_POLL_SECONDS: "0" } }));
  });
  afterAll(() => t.close());
  const confirm = (body: unknown) =>
    t.call(token, { method: "POST", url: "/api/staff/au-post-orders", payload: body as object });

  it("eight Confirms with one key make one shipment and all answer it", async () => {
    const [job] = await freshJobs(t);
    const body = orderBody(job, ntn, "LOCAL-PP");
    const answers = await Promise.all(Array.from({ length: 8 }, () => confirm(body)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(200));
    expect(new Set(answers.map((a) => a.json().data.id)).size).toBe(1);
    const rows = await t.database.query<{ n: number }>(
      "select count(*)::int as n from shipments where order_id = $1",
      [job],
    );
    expect(rows[0].n).toBe(1);
    const booked = await t.database.query<{ n: number }>(
      "select count(*)::int as n from local_courier_orders",
    );
    expect(booked[0].n).toBe(1);
  });

  it("eight Confirms with different keys ship the job once; the others are refused", async () => {
    const [, job] = await freshJobs(t);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => confirm(orderBody(job, ntn, "LOCAL-PP"))),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(7);
    const rows = await t.database.query<{ n: number }>(
      "select count(*)::int as n from shipments where order_id = $1 and state = 'created'",
      [job],
    );
    expect(rows[0].n).toBe(1);
  });
});
