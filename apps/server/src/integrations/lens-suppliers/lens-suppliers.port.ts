import type { ContactChannel, SupplierKind } from "@loupe/domain";

/** What every transport is handed: the order as the supplier reads it. */
export interface LensOrderRequest {
  /** Our reference: the DCS record's JOB, the file name, the e-mail subject. */
  reference: string;
  kind: SupplierKind;
  supplier: { name: string; abbreviation: string };
  contact: {
    name: string;
    mail: string | null;
    dropFolder: string | null;
    accountNumber: string | null;
  };
  /** The DCS (VCA) record, CRLF lines. */
  record: string;
  /** The order sheet (PDF) a person reads: rendered only by the transports that send it. */
  sheet: () => Promise<Buffer>;
  /** Plain-text lines for an e-mail body: who, what, where to deliver. */
  summary: string[];
  notes: string | null;
}

/** The supplier's answer to an order: its reference (if it keeps one) and the state code it is at. */
export interface PlacedLensOrder {
  supplierReference: string | null;
  statusCode: number;
  eta: string | null;
}

export interface LensOrderRef {
  reference: string;
  kind: SupplierKind;
  idempotencyKey: string;
  supplierReference: string | null;
  contact: LensOrderRequest["contact"];
  supplier: LensOrderRequest["supplier"];
}

/** A state report from the lab: the code, when to expect the lenses, the parcel's tracking number. */
export interface LabReport {
  idempotencyKey: string;
  statusCode: number;
  eta: string | null;
  trackingNumber: string | null;
  message: string | null;
}

/**
 * rejected: the supplier said no (final for this order; its messages are passed on).
 * unavailable: no answer, a 5xx or a timeout — the supplier may have taken it, so the order stays
 * retryable with the same idempotency key.
 */
export class LensSupplierError extends Error {
  constructor(
    readonly kind: "rejected" | "unavailable",
    message: string,
    readonly errors: string[] = [],
  ) {
    super(message);
    this.name = "LensSupplierError";
  }
}

/** One way of reaching suppliers. Every call is idempotent by the order's key. */
export interface LensTransport {
  readonly name: "email" | "file_drop" | "api" | "simulator";
  /** Whether it can be asked for states (the status check and the background poller ask it). */
  readonly reports: boolean;
  place(request: LensOrderRequest, idempotencyKey: string): Promise<PlacedLensOrder>;
  /** Cancels, or throws `rejected` when the supplier can no longer stop it. Answers the code it is at now. */
  cancel(order: LensOrderRef, cancelledCode: number): Promise<{ statusCode: number }>;
  status(orders: LensOrderRef[]): Promise<LabReport[]>;
}

/** Picks the transport for a supplier kind and contact channel. */
export interface LensSuppliers {
  transportFor(kind: SupplierKind, channel: ContactChannel): LensTransport;
  byName(name: LensTransport["name"], kind: SupplierKind): LensTransport | null;
}
