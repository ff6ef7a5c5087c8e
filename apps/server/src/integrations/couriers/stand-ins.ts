/**
 * Local stand-ins of the carriers' HTTP APIs for tests, built from their published request and
 * response shapes: Australia Post Shipping and Tracking (/prices/items, /shipments, /labels,
 * /orders and the order summary, /track; Basic auth + Account-Number) and Sendle (/api/quote, /api/orders with Idempotency-Key,
 * labels, cancel, /api/tracking). Each keeps its bookings in memory and can be told to stall.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { renderLabelPdf } from "./label-pdf";

export interface StandIn {
  url: string;
  /** Every request seen, for assertions (method, path, headers, body). */
  requests: { method: string; path: string; headers: http.IncomingHttpHeaders; body: unknown }[];
  /** The next `n` calls to paths starting with `prefix` hang until the client gives up. */
  stall(prefix: string, n?: number): void;
  /** Set a booking's tracking state. */
  setTracking(trackingId: string, status: string): void;
  bookings(): number;
  /** Orders (manifests) made, for the carriers that have them. */
  orders?(): number;
  close(): Promise<void>;
}

type Handler = (
  req: { method: string; path: string; query: URLSearchParams; headers: http.IncomingHttpHeaders; body: any },
  baseUrl: string,
) => Promise<{ status: number; json?: unknown; pdf?: Buffer }>;

async function serve(
  handler: Handler,
  authorised: (h: http.IncomingHttpHeaders) => boolean,
): Promise<Omit<StandIn, "setTracking" | "bookings"> & { stalls: Map<string, number> }> {
  const requests: StandIn["requests"] = [];
  const stalls = new Map<string, number>();
  const hanging = new Set<http.ServerResponse>();
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks).toString("utf8");
    const url = new URL(req.url ?? "/", "http://x");
    const body = raw ? JSON.parse(raw) : undefined;
    requests.push({
      method: req.method ?? "GET",
      path: url.pathname + url.search,
      headers: req.headers,
      body,
    });
    for (const [prefix, n] of stalls) {
      if (n > 0 && url.pathname.startsWith(prefix)) {
        stalls.set(prefix, n - 1);
        hanging.add(res);
        return;
      }
    }
    if (!url.pathname.startsWith("/files/") && !authorised(req.headers)) {
      res.writeHead(401, { "content-type": "application/json" });
      res.end(
        JSON.stringify({ errors: [{ code: "API_001", name: "UNAUTHORISED", message: "Unauthorised" }] }),
      );
      return;
    }
    const out = await handler(
      {
        method: req.method ?? "GET",
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body,
      },
      base,
    );
    if (out.pdf) {
      res.writeHead(out.status, { "content-type": "application/pdf" });
      res.end(out.pdf);
      return;
    }
    res.writeHead(out.status, { "content-type": "application/json" });
    res.end(out.json === undefined ? "" : JSON.stringify(out.json));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    requests,
    stalls,
    stall: (prefix, n = 1) => stalls.set(prefix, n),
    close: () =>
      new Promise<void>((r) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

const pdfOf = (
  carrier: string,
  tracking: string,
  to: { name: string; lines: string[]; suburb: string; state: string; postcode: string; country: string },
) =>
  renderLabelPdf({
    carrier,
    productName: "Stand-in label",
    trackingNumber: tracking,
    reference: "stand-in",
    sender: {
      name: "Sender",
      lines: ["1 Test St"],
      suburb: "Sydney",
      state: "NSW",
      postcode: "2000",
      country: "AU",
    },
    receiver: to,
    parcel: { weight: 0.3, quantity: 1, length: 24, width: 15, height: 6 },
    deliveryInstruction: "authority_to_leave",
    createdAt: new Date(),
  });

export const AUSPOST_CREDENTIALS = {
  apiKey: "stand-in-key",
  password: "stand-in-secret",
  accountNumber: "1234567890",
};

/** Australia Post Shipping and Tracking API (v1), enough of it for our adapter. */
export async function startAusPostStandIn(): Promise<StandIn> {
  const shipments = new Map<string, any>();
  const orders = new Map<string, any>();
  const tracking = new Map<string, string>();
  let seq = 0;
  const expected = `Basic ${Buffer.from(`${AUSPOST_CREDENTIALS.apiKey}:${AUSPOST_CREDENTIALS.password}`).toString("base64")}`;
  const bad = (message: string, field?: string) => ({
    status: 400,
    json: { errors: [{ code: "44003", name: "VALIDATION_ERROR", message, ...(field ? { field } : {}) }] },
  });
  const s = await serve(
    async (req, base) => {
      if (req.method === "POST" && req.path === "/prices/items") {
        const to = req.body?.to ?? {};
        if (!/^\d{4}$/.test(String(to.postcode ?? "")) && (to.country ?? "AU") === "AU")
          return bad(`The postcode ${to.postcode} is not valid.`, "to.postcode");
        return {
          status: 200,
          json: {
            items: (req.body.items ?? []).map((i: any) => ({
              item_reference: i.item_reference,
              prices: [
                {
                  product_id: "3D55",
                  product_type: "PARCEL POST + SIGNATURE",
                  calculated_price: 11.5,
                  calculated_gst: 1.05,
                },
                {
                  product_id: "3J55",
                  product_type: "EXPRESS POST + SIGNATURE",
                  calculated_price: 15.25,
                  calculated_gst: 1.39,
                },
              ],
            })),
          },
        };
      }
      if (req.method === "GET" && req.path === "/shipments") {
        const ref = req.query.get("sender_reference");
        return {
          status: 200,
          json: { shipments: [...shipments.values()].filter((x) => x.sender_references?.includes(ref)) },
        };
      }
      if (req.method === "POST" && req.path === "/shipments") {
        const input = req.body?.shipments?.[0];
        if (!input?.to?.postcode) return bad("The to postcode is required.", "shipments[0].to.postcode");
        if (input.to.name === "Reject Me")
          return bad("The receiver address could not be validated.", "to.lines");
        seq++;
        const consignment = `2JD${String(5000000 + seq)}`;
        const shipment = {
          shipment_id: `sh${seq}AbCd`,
          shipment_reference: input.shipment_reference,
          sender_references: input.sender_references,
          shipment_creation_date: new Date().toISOString(),
          to: input.to,
          items: input.items.map((it: any, i: number) => ({
            item_id: `it${seq}-${i}`,
            item_reference: it.item_reference,
            product_id: it.product_id,
            tracking_details: { article_id: `${consignment}0${i + 1}`, consignment_id: consignment },
          })),
          shipment_summary: { total_cost: 11.5 * input.items.length, status: "Created" },
        };
        shipments.set(shipment.shipment_id, shipment);
        tracking.set(consignment, "Created");
        return { status: 201, json: { shipments: [shipment] } };
      }
      if (req.method === "DELETE" && req.path.startsWith("/shipments/")) {
        const id = decodeURIComponent(req.path.split("/")[2]);
        if (shipments.get(id)?.order_id)
          return bad(
            `Shipment ${id} cannot be deleted as it is part of order ${shipments.get(id).order_id}.`,
          );
        if (!shipments.delete(id))
          return {
            status: 404,
            json: {
              errors: [{ code: "44013", name: "SHIPMENT_NOT_FOUND", message: `Shipment ${id} not found.` }],
            },
          };
        return { status: 200, json: {} };
      }
      if (req.method === "POST" && req.path === "/labels") {
        if (req.body?.wait_for_label_url !== true)
          return bad("wait_for_label_url must be true for this stand-in");
        const id = req.body?.shipments?.[0]?.shipment_id;
        if (!shipments.has(id))
          return {
            status: 404,
            json: {
              errors: [{ code: "44013", name: "SHIPMENT_NOT_FOUND", message: `Shipment ${id} not found.` }],
            },
          };
        return {
          status: 200,
          json: {
            labels: [
              {
                request_id: `lbl-${id}`,
                url: `${base}/files/${id}.pdf`,
                status: "AVAILABLE",
                shipments: [{ shipment_id: id }],
              },
            ],
          },
        };
      }
      if (req.method === "GET" && req.path.startsWith("/files/")) {
        const id = req.path.slice(7, -4);
        const sh = shipments.get(id);
        if (!sh) return { status: 404, json: {} };
        return {
          status: 200,
          pdf: await pdfOf("AUSPOST", sh.items[0].tracking_details.consignment_id, sh.to),
        };
      }
      // Create Order from Shipments: the day's manifest. A shipment goes on one order only.
      if (req.method === "PUT" && req.path === "/orders") {
        const ids: string[] = (req.body?.shipments ?? []).map((x: any) => x.shipment_id);
        if (!ids.length) return bad("At least one shipment is required.", "shipments");
        if (!req.body?.order_reference) return bad("The order reference is required.", "order_reference");
        for (const id of ids) {
          const sh = shipments.get(id);
          if (!sh)
            return {
              status: 404,
              json: {
                errors: [{ code: "44013", name: "SHIPMENT_NOT_FOUND", message: `Shipment ${id} not found.` }],
              },
            };
          if (sh.order_id) return bad(`Shipment ${id} is already part of order ${sh.order_id}.`, "shipments");
        }
        const orderId = `AP${String(orders.size + 1).padStart(7, "0")}`;
        const items = ids.flatMap((id) => shipments.get(id).items);
        const cost = ids.reduce((n, id) => n + shipments.get(id).shipment_summary.total_cost, 0);
        const order = {
          order_id: orderId,
          order_reference: req.body.order_reference,
          order_creation_date: new Date().toISOString(),
          order_summary: {
            total_cost: cost,
            total_cost_ex_gst: Math.round((cost / 1.1) * 100) / 100,
            total_gst: Math.round((cost - cost / 1.1) * 100) / 100,
            status: "Initiated",
            tracking_summary: { Initiated: items.length },
            number_of_shipments: ids.length,
            number_of_items: items.length,
          },
          shipments: ids.map((id) => {
            shipments.get(id).order_id = orderId;
            return shipments.get(id);
          }),
          payment_method: req.body.payment_method ?? "CHARGE_TO_ACCOUNT",
        };
        orders.set(orderId, order);
        return { status: 200, json: { order } };
      }
      if (req.method === "GET" && req.path === "/orders") {
        const all = [...orders.values()].reverse();
        const offset = Number(req.query.get("offset") ?? 0);
        const n = Number(req.query.get("number_of_orders") ?? 20);
        return {
          status: 200,
          json: {
            orders: all.slice(offset, offset + n),
            pagination: { total_number_of_records: all.length },
          },
        };
      }
      const summary = req.path.match(/^\/accounts\/([^/]+)\/orders\/([^/]+)\/summary$/);
      if (req.method === "GET" && summary) {
        const order = orders.get(decodeURIComponent(summary[2]));
        if (!order || summary[1] !== AUSPOST_CREDENTIALS.accountNumber)
          return {
            status: 404,
            json: { errors: [{ code: "44015", name: "ORDER_NOT_FOUND", message: "Order not found." }] },
          };
        const first = order.shipments[0];
        return { status: 200, pdf: await pdfOf("AUSPOST ORDER SUMMARY", order.order_id, first.to) };
      }
      if (req.method === "GET" && req.path === "/track") {
        const ids = (req.query.get("tracking_ids") ?? "").split(",").filter(Boolean);
        return {
          status: 200,
          json: {
            tracking_results: ids.map((id) =>
              tracking.has(id)
                ? {
                    tracking_id: id,
                    status: tracking.get(id),
                    trackable_items: [
                      {
                        article_id: `${id}01`,
                        events: [
                          {
                            location: "SYDNEY NSW",
                            description: tracking.get(id),
                            date: new Date().toISOString(),
                          },
                        ],
                        status: tracking.get(id),
                      },
                    ],
                  }
                : { tracking_id: id, errors: [{ code: "ESB-10001", name: "Invalid tracking ID" }] },
            ),
          },
        };
      }
      return {
        status: 404,
        json: { errors: [{ code: "404", name: "NOT_FOUND", message: "No such resource" }] },
      };
    },
    (h) => h.authorization === expected && h["account-number"] === AUSPOST_CREDENTIALS.accountNumber,
  );
  return {
    ...s,
    setTracking: (id, status) => void tracking.set(id, status),
    bookings: () => shipments.size,
    orders: () => orders.size,
  };
}

export const SENDLE_CREDENTIALS = { sendleId: "loupe_standin", apiKey: "stand-in-api-key" };

/** Sendle's API, enough of it for our adapter (quote, orders with Idempotency-Key, labels, cancel, tracking). */
export async function startSendleStandIn(): Promise<StandIn> {
  const orders = new Map<string, any>();
  const byKey = new Map<string, string>();
  let seq = 0;
  const expected = `Basic ${Buffer.from(`${SENDLE_CREDENTIALS.sendleId}:${SENDLE_CREDENTIALS.apiKey}`).toString("base64")}`;
  const s = await serve(
    async (req, base) => {
      if (req.method === "GET" && req.path === "/api/quote") {
        if (!req.query.get("delivery_postcode"))
          return {
            status: 422,
            json: {
              error: "unprocessable_entity",
              error_description: "The data you supplied is invalid.",
              messages: { delivery_postcode: ["can't be blank"] },
            },
          };
        return {
          status: 200,
          json: [
            {
              quote: {
                gross: { amount: 9.45, currency: "AUD" },
                net: { amount: 8.59, currency: "AUD" },
                tax: { amount: 0.86, currency: "AUD" },
              },
              plan_name: "Premium",
              eta: {
                days_range: [2, 4],
                date_range: ["2026-11-25", "2026-11-27"],
                for_pickup_date: "2026-11-24",
              },
              route: { type: "national", description: "National" },
              product: {
                code: "STANDARD-PICKUP",
                name: "Standard Pickup",
                first_mile_option: "pickup",
                service: "standard",
              },
            },
            {
              quote: { gross: { amount: 8.1, currency: "AUD" } },
              eta: { days_range: [2, 4], date_range: ["2026-11-25", "2026-11-27"] },
              product: {
                code: "STANDARD-DROPOFF",
                name: "Standard Drop Off",
                first_mile_option: "drop off",
                service: "standard",
              },
            },
          ],
        };
      }
      if (req.method === "POST" && req.path === "/api/orders") {
        const key = req.headers["idempotency-key"] as string | undefined;
        if (key && byKey.has(key)) return { status: 200, json: orders.get(byKey.get(key)!) };
        const b = req.body ?? {};
        if (!b.receiver?.address?.postcode)
          return {
            status: 422,
            json: {
              error: "unprocessable_entity",
              error_description: "The data you supplied is invalid.",
              messages: { receiver: ["postcode can't be blank"] },
            },
          };
        seq++;
        const id = `f5233746-71d4-4b05-bf63-${String(seq).padStart(12, "0")}`;
        const ref = `S${String(300000 + seq)}`;
        const order = {
          order_id: id,
          state: "Pickup",
          order_url: `${base}/api/orders/${id}`,
          sendle_reference: ref,
          tracking_url: `https://track.sendle.com/tracking?ref=${ref}`,
          labels: [{ format: "pdf", size: "cropped", url: `${base}/api/orders/${id}/labels/cropped.pdf` }],
          scheduling: { is_cancellable: true, pickup_date: b.pickup_date ?? "2026-11-24" },
          product: { code: b.product_code, name: "Standard Pickup" },
          price: { gross: { amount: 9.45, currency: "AUD" } },
          receiver: b.receiver,
        };
        orders.set(id, order);
        if (key) byKey.set(key, id);
        return { status: 201, json: order };
      }
      const label = req.path.match(/^\/api\/orders\/([^/]+)\/labels\/[a-z0-9]+\.pdf$/);
      if (req.method === "GET" && label) {
        const o = orders.get(label[1]);
        if (!o)
          return {
            status: 404,
            json: { error: "not_found", error_description: "The resource you requested was not found." },
          };
        if (o.state === "Cancelled")
          return {
            status: 422,
            json: {
              error: "unprocessable_entity",
              error_description: "The order has been cancelled.",
              messages: { order: ["has been cancelled"] },
            },
          };
        const a = o.receiver.address;
        return {
          status: 200,
          pdf: await pdfOf("SENDLE", o.sendle_reference, {
            name: o.receiver.contact.name,
            lines: [a.address_line1],
            suburb: a.suburb,
            state: a.state_name,
            postcode: a.postcode,
            country: a.country,
          }),
        };
      }
      const one = req.path.match(/^\/api\/orders\/([^/]+)$/);
      if (req.method === "DELETE" && one) {
        const o = orders.get(one[1]);
        if (!o)
          return {
            status: 404,
            json: { error: "not_found", error_description: "The resource you requested was not found." },
          };
        o.state = "Cancelled";
        return {
          status: 200,
          json: {
            order_id: o.order_id,
            state: "Cancelled",
            order_url: o.order_url,
            sendle_reference: o.sendle_reference,
            cancelled_at: new Date().toISOString(),
          },
        };
      }
      const track = req.path.match(/^\/api\/tracking\/([^/]+)$/);
      if (req.method === "GET" && track) {
        const o = [...orders.values()].find((x) => x.sendle_reference === track[1]);
        if (!o)
          return {
            status: 404,
            json: { error: "not_found", error_description: "The resource you requested was not found." },
          };
        return {
          status: 200,
          json: {
            state: o.state,
            tracking_events: [
              { event_type: o.state, scan_time: new Date().toISOString(), description: o.state },
            ],
          },
        };
      }
      return {
        status: 404,
        json: { error: "not_found", error_description: "The resource you requested was not found." },
      };
    },
    (h) => h.authorization === expected,
  );
  return {
    ...s,
    setTracking: (ref, status) => {
      const o = [...orders.values()].find((x) => x.sendle_reference === ref);
      if (o) o.state = status;
    },
    bookings: () => orders.size,
  };
}
