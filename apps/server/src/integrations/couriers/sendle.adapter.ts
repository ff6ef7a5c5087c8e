import { FIRST_MILE_OPTION } from "@loupe/domain";
import {
  type Courier,
  type CourierAddress,
  CourierError,
  type CourierQuote,
  fetchWithTimeout,
  readJson,
  type TrackingResult,
} from "./couriers.port";

export interface SendleOptions {
  sendleId: string;
  apiKey: string;
  baseUrl: string;
  timeoutMs: number;
}

interface SendleErrorBody {
  error?: string;
  error_description?: string;
  messages?: Record<string, string[] | string>;
}

/**
 * Sendle's REST API (quotes, orders with an Idempotency-Key header, labels, cancel, tracking).
 * Sendle stopped taking bookings on 11 January 2026: this adapter is off unless configured.
 */
export function createSendleCourier(options: SendleOptions): Courier {
  const base = options.baseUrl.replace(/\/$/, "");
  const auth = `Basic ${Buffer.from(`${options.sendleId}:${options.apiKey}`).toString("base64")}`;
  async function send(method: string, path: string, body?: unknown, extra: Record<string, string> = {}) {
    const res = await fetchWithTimeout(
      `${base}${path}`,
      {
        method,
        headers: {
          authorization: auth,
          accept: "application/json",
          "content-type": "application/json",
          ...extra,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      },
      options.timeoutMs,
      "Sendle",
    );
    if (res.ok) return res;
    const json = (await readJson(res)) as SendleErrorBody | null;
    const errors = Object.entries(json?.messages ?? {}).flatMap(([k, v]) =>
      (Array.isArray(v) ? v : [v]).map((m) => `${k}: ${m}`),
    );
    throw new CourierError(
      res.status >= 500 || res.status === 429 ? "unavailable" : "rejected",
      json?.error_description ?? json?.error ?? `Sendle answered ${res.status}.`,
      errors,
      res.status,
    );
  }
  const call = async <T>(method: string, path: string, body?: unknown, extra?: Record<string, string>) =>
    (await readJson(await send(method, path, body, extra))) as T;
  const party = (a: CourierAddress, instructions?: string) => ({
    contact: { name: a.name, ...(a.phone ? { phone: a.phone } : {}), ...(a.email ? { email: a.email } : {}) },
    address: {
      address_line1: a.lines[0] ?? "",
      ...(a.lines[1] ? { address_line2: a.lines[1] } : {}),
      suburb: a.suburb,
      state_name: a.state,
      postcode: a.postcode,
      country: a.country,
    },
    ...(instructions ? { instructions } : {}),
  });
  type SendleOrder = {
    order_id: string;
    sendle_reference?: string;
    tracking_url?: string;
    price?: { gross?: { amount?: number } };
    product?: { name?: string };
  };

  return {
    name: "sendle",
    company: "SENDLE",
    productType: "sendle",
    tracks: true,
    async quote(r): Promise<CourierQuote[]> {
      const q = new URLSearchParams({
        pickup_suburb: r.sender.suburb,
        pickup_postcode: r.sender.postcode,
        pickup_country: r.sender.country,
        delivery_suburb: r.receiver.suburb,
        delivery_postcode: r.receiver.postcode,
        delivery_country: r.receiver.country,
        weight_value: String(r.parcel.weight * r.parcel.quantity),
        weight_units: "kg",
        volume_value: String(r.parcel.volume * r.parcel.quantity),
        volume_units: "m3",
      });
      const res = await call<
        {
          quote: { gross: { amount: number } };
          eta?: { days_range?: [number, number]; date_range?: [string, string] };
          product: { code: string; name: string; first_mile_option?: string };
        }[]
      >("GET", `/api/quote?${q}`);
      return res
        .filter((o) => (o.product.first_mile_option ?? FIRST_MILE_OPTION) === FIRST_MILE_OPTION)
        .map((o) => ({
          productId: o.product.code,
          productName: o.product.name,
          price: o.quote.gross.amount,
          message: o.eta?.days_range
            ? `Pickup; ${o.eta.days_range[0]}–${o.eta.days_range[1]} business days`
            : "Pickup from the outlet",
          errors: [],
          deliveryEstimate: o.eta?.date_range ?? null,
          deliveryInstructions: ["authority_to_leave", "signature_on_delivery"],
        }));
    },
    async createOrder(r, idempotencyKey) {
      const o = await call<SendleOrder>(
        "POST",
        "/api/orders",
        {
          ...(r.pickupDate ? { pickup_date: r.pickupDate } : {}),
          first_mile_option: FIRST_MILE_OPTION,
          product_code: r.productId,
          description: r.description,
          customer_reference: r.reference,
          weight: { value: String(r.parcel.weight * r.parcel.quantity), units: "kg" },
          volume: { value: String(r.parcel.volume * r.parcel.quantity), units: "m3" },
          dimensions: {
            length: r.parcel.length,
            width: r.parcel.width,
            height: r.parcel.height,
            units: "cm",
          },
          sender: party(r.sender),
          receiver: party(
            r.receiver,
            r.deliveryInstruction === "signature_on_delivery" ? "Signature required" : "Authority to leave",
          ),
          ...(r.receiver.country !== "AU"
            ? {
                parcel_contents: [
                  {
                    description: r.description,
                    value: String(r.value),
                    currency: "AUD",
                    country_of_origin: r.countryOfOrigin,
                    quantity: r.parcel.quantity,
                  },
                ],
              }
            : {}),
        },
        { "idempotency-key": idempotencyKey },
      );
      return {
        carrierOrderId: o.order_id,
        trackingNumber: o.sendle_reference ?? o.order_id,
        trackingUrl: o.tracking_url ?? null,
        carrierReference: o.sendle_reference ?? null,
        productName: o.product?.name ?? r.productId,
        price: o.price?.gross?.amount ?? null,
      };
    },
    async label({ carrierOrderId }) {
      const res = await send("GET", `/api/orders/${encodeURIComponent(carrierOrderId)}/labels/cropped.pdf`);
      return Buffer.from(await res.arrayBuffer());
    },
    async cancel(carrierOrderId) {
      await call("DELETE", `/api/orders/${encodeURIComponent(carrierOrderId)}`);
    },
    async track(refs): Promise<TrackingResult[]> {
      const out: TrackingResult[] = [];
      for (const ref of refs) {
        const t = await call<{
          state?: string;
          tracking_events?: { description: string; scan_time: string }[];
        }>("GET", `/api/tracking/${encodeURIComponent(ref)}`);
        const s = (t.state ?? "").toLowerCase();
        out.push({
          trackingNumber: ref,
          status:
            s === "delivered"
              ? "delivered"
              : ["in transit", "transit"].includes(s)
                ? "in_transit"
                : "created",
          events: (t.tracking_events ?? []).map((e) => ({
            description: e.description,
            occurredAt: e.scan_time,
          })),
        });
      }
      return out;
    },
  };
}
