import http from "node:http";

export interface LabStandIn {
  url: string;
  apiKey: string;
  /** Orders it took, by its id: their state code, ETA and tracking, settable by a test. */
  orders: Map<
    string,
    { reference: string; key: string; status: number; eta: string | null; tracking_number: string | null }
  >;
  /** The codes at which it accepts a cancel. */
  cancellableAt: number[];
  /** Refuse the next order with this error (a 422), as a lab that rejects a record would. */
  rejectNext: string | null;
  /** Stall every call this long (a lab interface that does not answer). */
  stallMs: number;
  calls: number;
  close(): Promise<void>;
}

/** A local lab interface speaking the protocol of ADR 0015, with a bearer key and idempotency. */
export async function startLabStandIn(
  options: { apiKey?: string; cancellableAt?: number[] } = {},
): Promise<LabStandIn> {
  const stand: LabStandIn = {
    url: "",
    apiKey: options.apiKey ?? "lab-test-key",
    orders: new Map(),
    cancellableAt: options.cancellableAt ?? [0, 1, 2, 3, 100, 103],
    rejectNext: null,
    stallMs: 0,
    calls: 0,
    close: async () => {},
  };
  const byKey = new Map<string, string>();
  let seq = 0;
  const server = http.createServer(async (req, res) => {
    stand.calls++;
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    if (stand.stallMs) await new Promise((r) => setTimeout(r, stand.stallMs));
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (req.headers.authorization !== `Bearer ${stand.apiKey}`)
      return send(401, { error: "Unauthenticated" });
    const url = new URL(req.url ?? "/", "http://lab");
    const body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString("utf8")) : {};
    if (req.method === "POST" && url.pathname === "/orders") {
      const key = String(req.headers["idempotency-key"] ?? "");
      if (!key) return send(400, { error: "Idempotency-Key is required" });
      const existing = byKey.get(key);
      if (existing) return send(200, { id: existing, ...stand.orders.get(existing) });
      if (stand.rejectNext) {
        const error = stand.rejectNext;
        stand.rejectNext = null;
        return send(422, { error, messages: [`${error} (record ${body.reference})`] });
      }
      if (!String(body.record ?? "").includes("JOB=")) return send(422, { error: "No DCS record" });
      const id = `LAB${++seq}`;
      stand.orders.set(id, {
        reference: body.reference,
        key,
        status: 0,
        eta: "2030-01-15",
        tracking_number: null,
      });
      byKey.set(key, id);
      return send(201, { id, status: 0, eta: "2030-01-15" });
    }
    if (req.method === "GET" && url.pathname === "/orders") {
      const ids = (url.searchParams.get("ids") ?? "").split(",").filter(Boolean);
      return send(200, {
        orders: ids.flatMap((id) => {
          const o = stand.orders.get(id);
          return o
            ? [{ id, status: o.status, eta: o.eta, tracking_number: o.tracking_number, message: null }]
            : [];
        }),
      });
    }
    const cancel = url.pathname.match(/^\/orders\/([^/]+)\/cancel$/);
    if (req.method === "POST" && cancel) {
      const o = stand.orders.get(decodeURIComponent(cancel[1]));
      if (!o) return send(404, { error: "No such order" });
      if (o.status === 13) return send(200, { status: 13 });
      if (!stand.cancellableAt.includes(o.status))
        return send(409, { error: "The order is in production and cannot be cancelled." });
      o.status = 13;
      return send(200, { status: 13 });
    }
    return send(404, { error: "Not found" });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  stand.url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  stand.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return stand;
}
