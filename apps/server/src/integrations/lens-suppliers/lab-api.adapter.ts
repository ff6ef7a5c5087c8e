import { type LabReport, LensSupplierError, type LensTransport } from "./lens-suppliers.port";

/**
 * An automatic order interface (Hoya-type or Shamir-type suppliers, `order_type` api). No lens
 * maker publishes an ordering API, so this speaks the small JSON protocol of ADR 0015 that a
 * partner gateway or lab system exposes: `POST /orders` (Idempotency-Key), `GET /orders?ids=`,
 * `POST /orders/{id}/cancel`, states as the kind's codes. Every call has a deadline; a timeout,
 * 5xx or 429 is `unavailable` (the order may have been taken: retry with the same key).
 */
export function createLabApiTransport(options: {
  baseUrl: string;
  apiKey: string;
  timeoutMs: number;
}): LensTransport {
  const base = options.baseUrl.replace(/\/$/, "");
  async function call(method: string, path: string, body?: unknown, key?: string) {
    let res: Response;
    try {
      res = await fetch(`${base}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${options.apiKey}`,
          accept: "application/json",
          ...(body ? { "content-type": "application/json" } : {}),
          ...(key ? { "idempotency-key": key } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch (err) {
      throw new LensSupplierError(
        "unavailable",
        `The lab interface did not answer: ${(err as Error).message}`,
      );
    }
    const text = await res.text();
    let json: Record<string, unknown> = {};
    try {
      json = text ? JSON.parse(text) : {};
    } catch {
      json = {};
    }
    if (res.status >= 500 || res.status === 429)
      throw new LensSupplierError("unavailable", `The lab interface answered ${res.status}.`);
    if (!res.ok) {
      const messages = Array.isArray(json.messages) ? json.messages.map(String) : [];
      throw new LensSupplierError(
        "rejected",
        String(json.error ?? `The lab refused the order (${res.status}).`),
        messages,
      );
    }
    return json;
  }
  const str = (v: unknown) => (typeof v === "string" && v ? v : null);
  return {
    name: "api",
    reports: true,
    async place(request, idempotencyKey) {
      const json = await call(
        "POST",
        "/orders",
        {
          reference: request.reference,
          account: request.contact.accountNumber,
          record: request.record,
          notes: request.notes,
        },
        idempotencyKey,
      );
      if (typeof json.id !== "string" || typeof json.status !== "number")
        throw new LensSupplierError(
          "unavailable",
          "The lab interface answered without an order id and status.",
        );
      return { supplierReference: json.id, statusCode: json.status, eta: str(json.eta) };
    },
    async cancel(order) {
      if (!order.supplierReference)
        throw new LensSupplierError("rejected", "The lab never confirmed this order.");
      const json = await call(
        "POST",
        `/orders/${encodeURIComponent(order.supplierReference)}/cancel`,
        {},
        `${order.idempotencyKey}:cancel`,
      );
      if (typeof json.status !== "number")
        throw new LensSupplierError("unavailable", "The lab interface answered without a status.");
      return { statusCode: json.status };
    },
    async status(orders) {
      const known = orders.filter((o) => o.supplierReference);
      if (!known.length) return [];
      const json = await call(
        "GET",
        `/orders?ids=${known.map((o) => encodeURIComponent(o.supplierReference!)).join(",")}`,
      );
      const list = Array.isArray(json.orders) ? (json.orders as Record<string, unknown>[]) : [];
      return list.flatMap((o): LabReport[] => {
        const mine = known.find((k) => k.supplierReference === o.id);
        if (!mine || typeof o.status !== "number") return [];
        return [
          {
            idempotencyKey: mine.idempotencyKey,
            statusCode: o.status,
            eta: str(o.eta),
            trackingNumber: str(o.tracking_number),
            message: str(o.message),
          },
        ];
      });
    },
  };
}
