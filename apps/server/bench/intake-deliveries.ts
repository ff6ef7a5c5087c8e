import { createHmac, randomUUID } from "node:crypto";

/**
 * The deliveries of `npm run bench:intake`, as Shopify sends them: an order (the REST Admin API's
 * Order resource, as its `orders/create`, `orders/updated` and `orders/cancelled` webhooks carry it),
 * signed with the app's secret (X-Shopify-Hmac-Sha256: base64 HMAC-SHA256 of the raw body), each
 * delivery with its own X-Shopify-Webhook-Id. The plan mixes, per `rate` deliveries:
 * - 10% duplicates: a delivery already sent, sent again byte for byte (Shopify's retry);
 * - 5% out of order: an older version of an order, sent after a newer one (its own delivery id);
 * - the rest: new orders (60%), updates of an order already sent (37%: a note, fulfilment), and
 *   cancellations (3%, with the refund of the order's total).
 */

export interface BenchSku {
  sku: string;
  name: string;
  priceMinor: number;
}

export interface BenchCustomer {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  phone: string | null;
}

export interface Delivery {
  /** The order's id at Shopify: with the source, the job's key. */
  orderId: number;
  invoice: string;
  version: number;
  topic: "orders/create" | "orders/updated" | "orders/cancelled";
  kind: "new" | "update" | "cancel" | "duplicate" | "out_of_order";
  webhookId: string;
  body: string;
}

/** What the newest version of each order says, to check the jobs against at the end. */
export interface OrderTruth {
  orderId: number;
  invoice: string;
  version: number;
  totalMinor: number;
  cancelled: boolean;
}

const money = (minor: number) => (minor / 100).toFixed(2);

/** Shopify's webhook signature: base64 HMAC-SHA256 of the raw body with the app's secret. */
export const shopifyHmac = (secret: string, body: string) =>
  createHmac("sha256", secret).update(body, "utf8").digest("base64");

export function shopifyHeaders(d: Delivery, secret: string, shop: string): Record<string, string> {
  return {
    "content-type": "application/json",
    "x-shopify-topic": d.topic,
    "x-shopify-hmac-sha256": shopifyHmac(secret, d.body),
    "x-shopify-shop-domain": shop,
    "x-shopify-api-version": "2025-10",
    "x-shopify-webhook-id": d.webhookId,
    "x-shopify-triggered-at": new Date().toISOString(),
  };
}

/** A small seeded generator, so two runs with the same seed send the same orders. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface OrderState {
  orderId: number;
  invoice: string;
  number: number;
  createdAt: number;
  location: number;
  customer: BenchCustomer | null;
  lines: { id: number; sku: BenchSku; quantity: number }[];
  note: string;
  fulfilled: boolean;
  cancelled: boolean;
  /** Every version sent so far, oldest first: the body of each, for the out-of-order sends. */
  versions: { version: number; body: string }[];
}

/**
 * Makes the deliveries one at a time (the bench asks for the next as its clock says), keeping what
 * the newest version of each order says.
 */
export function createDeliveryPlan(opts: {
  seed: number;
  skus: BenchSku[];
  /** Shopify location ids, each linked to a Loupe outlet before the load. */
  locations: number[];
  /** Customers already in Loupe, each matched by their e-mail to exactly one. */
  known: BenchCustomer[];
  currency: string;
  /** A prefix of the invoice numbers, so a run's orders are told apart from the demo's jobs. */
  prefix: string;
}) {
  const random = rng(opts.seed);
  const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)];
  const orders: OrderState[] = [];
  const sent: Delivery[] = [];
  // Returning web-shop customers: the first order creates them in Loupe, later ones find them by
  // the Shopify customer id that order linked.
  const returning: BenchCustomer[] = Array.from({ length: 200 }, (_, i) => ({
    id: 7_000_000_000 + i,
    email: `${opts.prefix.toLowerCase()}-returning-${i}@example.com`,
    firstName: "Rae",
    lastName: `Returning${i}`,
    phone: null,
  }));
  let nextOrder = 1;
  let nextLine = 1;
  const t0 = Date.UTC(2026, 10, 29, 0, 0, 0);

  function customerFor(n: number): BenchCustomer | null {
    const r = random();
    if (r < 0.05) return null; // a guest checkout
    if (r < 0.25 && opts.known.length) return pick(opts.known);
    if (r < 0.5) return pick(returning);
    return {
      id: 8_000_000_000 + n,
      email: `${opts.prefix.toLowerCase()}-${n}@example.com`,
      firstName: "Nell",
      lastName: `New${n}`,
      phone: null,
    };
  }

  function render(o: OrderState, version: number): string {
    const lineTotals = o.lines.map((l) => l.sku.priceMinor * l.quantity);
    const totalMinor = lineTotals.reduce((a, b) => a + b, 0);
    // Prices include GST in AU: the tax is 1/11 of what each line charges.
    const taxes = lineTotals.map((t) => Math.round(t / 11));
    const at = new Date(version).toISOString();
    const c = o.customer;
    return JSON.stringify({
      id: o.orderId,
      admin_graphql_api_id: `gid://shopify/Order/${o.orderId}`,
      name: `#${o.invoice}`,
      order_number: o.number,
      number: o.number,
      email: c?.email ?? null,
      contact_email: c?.email ?? null,
      phone: c?.phone ?? null,
      created_at: new Date(o.createdAt).toISOString(),
      updated_at: at,
      processed_at: new Date(o.createdAt).toISOString(),
      cancelled_at: o.cancelled ? at : null,
      cancel_reason: o.cancelled ? "customer" : null,
      closed_at: null,
      currency: opts.currency,
      presentment_currency: opts.currency,
      financial_status: o.cancelled ? "refunded" : "paid",
      fulfillment_status: o.fulfilled ? "fulfilled" : null,
      tags: o.note ? "bench, noted" : "bench",
      taxes_included: true,
      total_price: money(totalMinor),
      subtotal_price: money(totalMinor),
      total_line_items_price: money(totalMinor),
      total_tax: money(taxes.reduce((a, b) => a + b, 0)),
      total_discounts: "0.00",
      location_id: o.location,
      source_name: "web",
      note: o.note,
      payment_gateway_names: ["shopify_payments"],
      customer: c
        ? {
            id: c.id,
            email: c.email,
            first_name: c.firstName,
            last_name: c.lastName,
            phone: c.phone,
            email_marketing_consent: { state: "not_subscribed", opt_in_level: "single_opt_in" },
          }
        : null,
      line_items: o.lines.map((l, i) => ({
        id: l.id,
        admin_graphql_api_id: `gid://shopify/LineItem/${l.id}`,
        sku: l.sku.sku,
        name: l.sku.name,
        title: l.sku.name,
        quantity: l.quantity,
        price: money(l.sku.priceMinor),
        total_discount: "0.00",
        discount_allocations: [],
        taxable: true,
        tax_lines: [{ title: "GST", rate: 0.1, price: money(taxes[i]) }],
      })),
      refunds: o.cancelled
        ? [
            {
              id: o.orderId + 1,
              created_at: at,
              note: "Cancelled",
              transactions: [
                {
                  id: o.orderId + 2,
                  kind: "refund",
                  status: "success",
                  amount: money(totalMinor),
                  gateway: "shopify_payments",
                  created_at: at,
                },
              ],
            },
          ]
        : [],
    });
  }

  function send(o: OrderState, topic: Delivery["topic"], kind: Delivery["kind"]): Delivery {
    const last = o.versions.at(-1)?.version ?? o.createdAt - 1;
    // Shopify's version is updated_at; a second apart keeps every version distinct in milliseconds too.
    const version = Math.max(last + 1000, o.createdAt);
    const body = render(o, version);
    o.versions.push({ version, body });
    return { orderId: o.orderId, invoice: o.invoice, version, topic, kind, webhookId: randomUUID(), body };
  }

  function fresh(): Delivery {
    const r = random();
    const open = orders.filter((o) => !o.cancelled);
    if (orders.length === 0 || r < 0.6 || open.length === 0) {
      const n = nextOrder++;
      const lines = Array.from({ length: 1 + Math.floor(random() * 3) }, () => ({
        id: 9_000_000_000 + nextLine++,
        sku: pick(opts.skus),
        quantity: 1,
      }));
      const o: OrderState = {
        orderId: 5_000_000_000 + n,
        invoice: `${opts.prefix}${n}`,
        number: n,
        createdAt: t0 + n * 1000,
        location: pick(opts.locations),
        customer: customerFor(n),
        lines,
        note: "",
        fulfilled: false,
        cancelled: false,
        versions: [],
      };
      orders.push(o);
      return send(o, "orders/create", "new");
    }
    const o = pick(open);
    if (r < 0.97) {
      // An update as the shop makes most: a note or a tag written, the order fulfilled. Its lines and
      // money stay, so the job's total is the order's whatever version the job was made from.
      if (random() < 0.5) o.note = `note ${o.versions.length}`;
      else o.fulfilled = true;
      return send(o, "orders/updated", "update");
    }
    o.cancelled = true;
    return send(o, "orders/cancelled", "cancel");
  }

  return {
    next(): Delivery {
      const r = random();
      if (r < 0.1 && sent.length) {
        const again = pick(sent);
        const d = { ...again, kind: "duplicate" as const };
        return d;
      }
      if (r < 0.15) {
        const older = orders.filter((o) => o.versions.length >= 2);
        if (older.length) {
          const o = pick(older);
          const v = o.versions[Math.floor(random() * (o.versions.length - 1))];
          return {
            orderId: o.orderId,
            invoice: o.invoice,
            version: v.version,
            topic: "orders/updated",
            kind: "out_of_order",
            webhookId: randomUUID(),
            body: v.body,
          };
        }
      }
      const d = fresh();
      sent.push(d);
      return d;
    },
    /** The newest version of each order sent so far. */
    truth(): OrderTruth[] {
      return orders.map((o) => {
        const total = o.lines.reduce((a, l) => a + l.sku.priceMinor * l.quantity, 0);
        return {
          orderId: o.orderId,
          invoice: o.invoice,
          version: o.versions.at(-1)!.version,
          totalMinor: total,
          cancelled: o.cancelled,
        };
      });
    },
  };
}
