// The intake port (issue 45): a sale from a point of sale (Lightspeed Retail X-Series) or a web
// shop (Shopify), in one shape, whatever the provider said. Adapters turn a provider's webhook
// delivery or a page of its change feed into these; the intake module turns them into jobs. An
// adapter knows the provider's wire and nothing of Loupe's tables; the intake module knows these
// types and nothing of the providers' wires.

export type SaleSource = "lightspeed" | "shopify";

/** The customer as the source knows them; every field as the source sent it (trimmed). */
export interface IncomingCustomer {
  /** The source's customer id (Lightspeed customer_id, Shopify customer.id), or null for a guest. */
  externalId: string | null;
  firstName: string;
  lastName: string;
  email: string | null;
  /** As the source sent it; the intake module turns it into E.164 for matching. */
  mobile: string | null;
  /** YYYY-MM-DD, or null when the source has none (Shopify keeps none). */
  dateOfBirth: string | null;
  /** Whether the customer agreed to marketing e-mail at the source (null: the source does not say). */
  acceptsMarketing: boolean | null;
}

export interface IncomingLine {
  /** The source's line id: a line is one job item. */
  externalId: string;
  /** Matched to the catalogue's region_products.sku; null or unknown keeps the sale waiting. */
  sku: string | null;
  /** The product's name at the source, shown while the sale waits on an unknown SKU. */
  name: string;
  /** Negative on a return's lines. */
  quantity: number;
  /** Per unit, tax included where the region's prices include it (AU, NZ), else before tax (CA). */
  unitPriceMinor: number;
  discountMinor: number;
  /** What the line charges, as `unitPriceMinor` counts tax. */
  totalMinor: number;
  taxMinor: number;
}

export interface IncomingPayment {
  /** The source's payment id: a payment is recorded once. */
  externalId: string;
  /** The source's tender name ("Cash", "EFTPOS", "shopify_payments"…); mapped to Loupe's tenders. */
  tender: string;
  /** Negative for money given back. */
  amountMinor: number;
  paidAt: string;
}

/** One sale at one version: a delivery or a sync page holds several. */
export interface IncomingSale {
  source: SaleSource;
  /** Which configured store (one per region per source) it came from. */
  storeKey: string;
  regionId: number;
  /** The source's sale id (Lightspeed sale id, Shopify order id). With `source`, the job's key. */
  externalId: string;
  /**
   * The source's version as a decimal integer string (Lightspeed's `version`; Shopify's
   * `updated_at` in epoch milliseconds). A version not above the one kept changes nothing.
   */
  version: string;
  /** Lightspeed invoice_number; Shopify order name without "#". Becomes vend_invoice_number. */
  invoiceNumber: string;
  channel: "pos" | "online";
  /** The source's outlet, register or location id: linked to a Loupe outlet once, by staff. */
  externalOutletId: string | null;
  /** `vend_base_url` for a Lightspeed sale (the store's URL); null for Shopify. */
  baseUrl: string | null;
  createdAt: string;
  /**
   * open: on account / laybys / unpaid; closed: completed; voided: Lightspeed VOIDED or a Shopify
   * cancellation. A voided sale's job is cancelled and its payments refunded as the source says.
   */
  state: "open" | "closed" | "voided";
  /**
   * A Lightspeed return is a sale of its own that names the sale it returns; its lines carry
   * negative quantities. The intake module records it on that sale's job (a refund), once.
   */
  returnFor: string | null;
  customer: IncomingCustomer | null;
  lines: IncomingLine[];
  payments: IncomingPayment[];
  /** Shopify refunds on the order, each once; Lightspeed sends returns as sales (`returnFor`). */
  refunds: { externalId: string; amountMinor: number; at: string; reason: string | null }[];
  totalMinor: number;
  taxMinor: number;
  currency: string;
}

/** The provider's delivery could not be read: a bad signature or a shape not the provider's. */
export class SaleDeliveryError extends Error {
  constructor(
    readonly kind: "signature" | "shape",
    message: string,
  ) {
    super(message);
  }
}

/** What one webhook delivery holds once checked and read. */
export interface SaleDelivery {
  /** The provider's delivery id (X-Shopify-Webhook-Id) when it has one: a repeat is acknowledged, not read again. */
  deliveryId: string | null;
  /** The provider's topic ("sale.update", "orders/create"…). */
  topic: string;
  sales: IncomingSale[];
  /**
   * The delivery is genuine but does not carry its sale whole (Lightspeed's sale.update payload, as
   * its docs and changelog show it, has no version and names products by id only): the sale comes
   * by this store's sync, which should run soon. Absent: false.
   */
  syncNeeded?: boolean;
}

export interface SyncPage {
  sales: IncomingSale[];
  /** The cursor to keep once this page's sales are stored (Lightspeed version; Shopify updated_at). */
  cursor: string | null;
  /** Another page waits after this one. */
  more: boolean;
}

/** One configured store of one source: a Lightspeed retailer or a Shopify shop, for one region. */
export interface SalesStore {
  source: SaleSource;
  /** Stable name of this store in Loupe ("lightspeed-au"); the cursor and the webhook route use it. */
  key: string;
  regionId: number;
  /** The provider's name for the store (Lightspeed domain prefix, Shopify shop domain). */
  label: string;
  /** Whether this store is Loupe's local stand-in rather than the provider. */
  standIn: boolean;
  /**
   * Checks the delivery's signature against the raw body as received (never re-serialised) and
   * reads it; throws SaleDeliveryError("signature") when forged, ("shape") when unreadable.
   */
  readWebhook(raw: Buffer, headers: Record<string, string | string[] | undefined>): SaleDelivery;
  /** Sales changed after the cursor (null: from the start of the store's window), one page. */
  fetchSince(cursor: string | null, signal?: AbortSignal): Promise<SyncPage>;
}

/** The configured stores, by source and region; the local stand-ins where none is configured. */
export interface SalesStores {
  list(): SalesStore[];
  byKey(key: string): SalesStore | undefined;
  /** Stops the local stand-ins' servers and timers. */
  close(): Promise<void>;
}

/** What the composition root hands the local stand-ins (one HTTP server per source, every region's store on it). */
export interface StandInOptions {
  /** Where a stand-in delivers its webhooks: Loupe's own webhook URL for a store key. */
  webhookUrl: (storeKey: string) => string;
  /** SKUs the stand-in's demo sales pick from (the region's catalogue), read when it sells. */
  skus: (regionId: number) => Promise<string[]>;
  /** Seconds between the stand-in's own demo sales; 0: it never sells by itself (tests sell by hand). */
  sellEverySeconds: number;
}

/** One source's stores (configured, or its stand-in's), and how to stop its stand-in. */
export interface SourceStores {
  stores: SalesStore[];
  close(): Promise<void>;
}
