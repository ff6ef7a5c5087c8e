import {
  type Courier,
  type CourierAddress,
  CourierError,
  type CourierQuote,
  fetchWithTimeout,
  type OrderRequest,
  readJson,
  type TrackingResult,
} from "./couriers.port";

export interface AusPostOptions {
  apiKey: string;
  password: string;
  accountNumber: string;
  /** https://digitalapi.auspost.com.au/shipping/v1, or …/test/shipping/v1 for the test environment. */
  baseUrl: string;
  timeoutMs: number;
}

interface AusPostErrorBody {
  errors?: { code?: string; name?: string; message?: string; field?: string }[];
}

const trackingUrl = (id: string) => `https://auspost.com.au/mypost/track/details/${encodeURIComponent(id)}`;

/**
 * Australia Post's Shipping and Tracking API (contract customers): prices, shipments, labels,
 * orders (the end-of-day manifest) and tracking. Basic auth with the API key and password, plus the Account-Number header. The API has
 * no idempotency header, so a booking carries our key as its shipment reference and a retry first
 * looks for a shipment with that reference.
 */
export function createAusPostCourier(options: AusPostOptions): Courier {
  const base = options.baseUrl.replace(/\/$/, "");
  const headers = {
    authorization: `Basic ${Buffer.from(`${options.apiKey}:${options.password}`).toString("base64")}`,
    "account-number": options.accountNumber,
    accept: "application/json",
    "content-type": "application/json",
  };
  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await fetchWithTimeout(
      `${base}${path}`,
      { method, headers, body: body === undefined ? undefined : JSON.stringify(body) },
      options.timeoutMs,
      "Australia Post",
    );
    const json = (await readJson(res)) as T & AusPostErrorBody;
    if (res.ok) return json;
    const errors = (json?.errors ?? []).map((e) =>
      e.field ? `${e.field}: ${e.message}` : String(e.message),
    );
    const message = json?.errors?.[0]?.message ?? `Australia Post answered ${res.status}.`;
    throw new CourierError(
      res.status >= 500 || res.status === 429 ? "unavailable" : "rejected",
      message,
      errors,
      res.status,
    );
  }
  const address = (a: CourierAddress) => ({
    name: a.name,
    lines: a.lines.slice(0, 3),
    suburb: a.suburb,
    state: a.state,
    postcode: a.postcode,
    country: a.country,
    ...(a.phone ? { phone: a.phone } : {}),
    ...(a.email ? { email: a.email } : {}),
  });
  const items = (r: Pick<OrderRequest, "parcel">, productId?: string) =>
    Array.from({ length: r.parcel.quantity }, (_, i) => ({
      item_reference: `box-${i + 1}`,
      ...(productId ? { product_id: productId } : {}),
      length: r.parcel.length,
      width: r.parcel.width,
      height: r.parcel.height,
      weight: r.parcel.weight,
    }));
  type Shipment = {
    shipment_id: string;
    shipment_reference?: string;
    items?: {
      item_id: string;
      product_id?: string;
      tracking_details?: { article_id?: string; consignment_id?: string };
    }[];
    shipment_summary?: { total_cost?: number };
  };
  const toOrder = (s: Shipment, productName: string) => {
    const t = s.items?.[0]?.tracking_details;
    const trackingNumber = t?.consignment_id ?? t?.article_id ?? s.shipment_id;
    return {
      carrierOrderId: s.shipment_id,
      trackingNumber,
      trackingUrl: trackingUrl(trackingNumber),
      carrierReference: t?.article_id ?? null,
      productName,
      price: s.shipment_summary?.total_cost ?? null,
    };
  };

  return {
    name: "auspost",
    company: "AUSPOST",
    productType: "aupost",
    tracks: true,
    async quote(r): Promise<CourierQuote[]> {
      const res = await call<{
        items: {
          prices?: { product_id: string; product_type: string; calculated_price: number }[];
          errors?: { message: string }[];
        }[];
      }>("POST", "/prices/items", {
        from: { postcode: r.sender.postcode, suburb: r.sender.suburb, state: r.sender.state },
        to: {
          postcode: r.receiver.postcode,
          suburb: r.receiver.suburb,
          state: r.receiver.state,
          country: r.receiver.country,
        },
        items: items(r),
      });
      // Each box is priced alike; a product's price for the parcel is its price for every box.
      const byProduct = new Map<string, CourierQuote>();
      for (const item of res.items ?? []) {
        for (const p of item.prices ?? []) {
          const known = byProduct.get(p.product_id);
          byProduct.set(p.product_id, {
            productId: p.product_id,
            productName: p.product_type,
            price: Math.round(((known?.price ?? 0) + p.calculated_price) * 100) / 100,
            message: "Drop off at a post office",
            errors: [],
            deliveryEstimate: null,
            deliveryInstructions: [
              "authority_to_leave",
              "signature_on_delivery",
              "authority_to_leave_signature",
            ],
          });
        }
        const errs = (item.errors ?? []).map((e) => e.message);
        if (errs.length && !(item.prices ?? []).length)
          throw new CourierError("rejected", errs[0], errs, 400);
      }
      return [...byProduct.values()];
    },
    async createOrder(r, idempotencyKey) {
      const found = await call<{ shipments?: Shipment[] }>(
        "GET",
        `/shipments?sender_reference=${encodeURIComponent(idempotencyKey)}`,
      );
      if (found.shipments?.length) return toOrder(found.shipments[0], r.productId);
      const res = await call<{ shipments: Shipment[] }>("POST", "/shipments", {
        shipments: [
          {
            shipment_reference: idempotencyKey,
            sender_references: [r.reference, idempotencyKey],
            from: address(r.sender),
            to: address(r.receiver),
            items: items(r, r.productId).map((i) => ({
              ...i,
              authority_to_leave: r.deliveryInstruction !== "signature_on_delivery",
              allow_partial_delivery: true,
              ...(r.receiver.country !== "AU"
                ? {
                    classification_type: "OTHER",
                    description_of_other: r.description,
                    item_contents: [
                      {
                        description: r.description,
                        value: r.value / r.parcel.quantity,
                        quantity: 1,
                        country_of_origin: r.countryOfOrigin,
                      },
                    ],
                  }
                : {}),
            })),
          },
        ],
      });
      return toOrder(res.shipments[0], r.productId);
    },
    async label({ carrierOrderId }) {
      const res = await call<{ labels: { url?: string; status: string }[] }>("POST", "/labels", {
        wait_for_label_url: true,
        preferences: [
          {
            type: "PRINT",
            format: "PDF",
            groups: ["Parcel Post", "Express Post", "StarTrack"].map((group) => ({
              group,
              layout: "A4-1pp",
              branded: true,
              left_offset: 0,
              top_offset: 0,
            })),
          },
        ],
        shipments: [{ shipment_id: carrierOrderId }],
      });
      const url = res.labels?.[0]?.url;
      if (!url) throw new CourierError("unavailable", "Australia Post has not produced the label yet.");
      const pdf = await fetchWithTimeout(url, {}, options.timeoutMs, "Australia Post");
      if (!pdf.ok) throw new CourierError("unavailable", `The label download answered ${pdf.status}.`);
      return Buffer.from(await pdf.arrayBuffer());
    },
    async cancel(carrierOrderId) {
      await call("DELETE", `/shipments/${encodeURIComponent(carrierOrderId)}`);
    },
    /**
     * "Create Order from Shipments" (`PUT /orders` with the booked shipments' ids), then the order
     * summary PDF. A repeat with the same reference first finds the order made before among the
     * account's latest orders (the API has no idempotency header, as for bookings).
     */
    async manifest(shipmentIds, reference) {
      const found = await call<{ orders?: { order_id: string; order_reference?: string }[] }>(
        "GET",
        "/orders?offset=0&number_of_orders=50",
      );
      let orderId = found.orders?.find((o) => o.order_reference === reference)?.order_id;
      if (!orderId) {
        const res = await call<{ order: { order_id: string } }>("PUT", "/orders", {
          order_reference: reference,
          payment_method: "CHARGE_TO_ACCOUNT",
          shipments: shipmentIds.map((shipment_id) => ({ shipment_id })),
        });
        orderId = res.order.order_id;
      }
      const summary = await fetchWithTimeout(
        `${base}/accounts/${encodeURIComponent(options.accountNumber)}/orders/${encodeURIComponent(orderId)}/summary`,
        { headers: { ...headers, accept: "application/pdf" } },
        options.timeoutMs,
        "Australia Post",
      );
      if (!summary.ok) throw new CourierError("unavailable", `The order summary answered ${summary.status}.`);
      return { carrierOrderId: orderId, summaryPdf: Buffer.from(await summary.arrayBuffer()) };
    },
    async track(ids): Promise<TrackingResult[]> {
      if (!ids.length) return [];
      const res = await call<{
        tracking_results: {
          tracking_id: string;
          status?: string;
          trackable_items?: { events?: { description: string; date: string }[] }[];
          errors?: unknown[];
        }[];
      }>("GET", `/track?tracking_ids=${ids.map(encodeURIComponent).join(",")}`);
      return (res.tracking_results ?? [])
        .filter((t) => !t.errors?.length)
        .map((t) => ({
          trackingNumber: t.tracking_id,
          status: trackingStatus(t.status),
          events: (t.trackable_items?.[0]?.events ?? []).map((e) => ({
            description: e.description,
            occurredAt: e.date,
          })),
        }));
    },
  };
}

function trackingStatus(status: string | undefined): TrackingResult["status"] {
  const s = (status ?? "").toLowerCase();
  if (s === "delivered") return "delivered";
  if (["", "created", "initiated", "sealed", "awaiting collection"].includes(s)) return "created";
  return "in_transit";
}
