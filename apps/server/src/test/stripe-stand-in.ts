import http from "node:http";
import type { AddressInfo } from "node:net";

export interface StripeSeen {
  method: string;
  path: string;
  /** The form body of a POST, or the query of a GET. */
  body: URLSearchParams;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
}

export interface StandInCharge {
  id: string;
  payment_intent: string;
  amount: number;
  currency: string;
  /** Unix seconds, as Stripe's `created`. */
  created: number;
}

export interface StandInRefund {
  id: string;
  payment_intent: string;
  amount: number;
  currency: string;
  status: "succeeded" | "pending" | "failed";
  created: number;
  metadata: Record<string, string>;
}

/**
 * A local stand-in of the part of Stripe's API Loupe uses: refunds and cancels (form-encoded
 * requests, JSON objects, idempotent replays of a key, error objects), and the list endpoints of
 * charges and refunds (`created[gte]`/`created[lt]`, `limit`, `starting_after`, newest first,
 * `has_more`) answered from what it holds. It records every request the SDK sent.
 *
 * `pi_refunded` is refused as already refunded; `pi_captured` cannot be cancelled.
 */
export function stripeStandIn() {
  const seen: StripeSeen[] = [];
  const replays = new Map<string, { status: number; body: unknown }>();
  const charges: StandInCharge[] = [];
  const refunds: StandInRefund[] = [];
  const now = () => Math.floor(Date.now() / 1000);
  /**
   * Intents whose refund answers are lost on the way back (a dropped connection), how many times:
   * the refund is made once, then each answer for it, replays included, is dropped until none are left.
   * (The SDK itself retries a closed connection once, with the same key.)
   */
  const dropAnswer = new Map<string, number>();
  const dropping = (pi: string | null) => {
    const left = pi ? (dropAnswer.get(pi) ?? 0) : 0;
    if (left > 0) dropAnswer.set(pi!, left - 1);
    return left > 0;
  };

  const list = <T extends { id: string; created: number }>(all: T[], url: string, q: URLSearchParams) => {
    const gte = q.get("created[gte]");
    const lt = q.get("created[lt]");
    const limit = Math.min(Math.max(Number(q.get("limit") ?? 10), 1), 100);
    // Newest first, as Stripe lists; ties by the order they were made.
    let rows = all
      .map((r, i) => ({ r, i }))
      .filter(
        ({ r }) => (gte === null || r.created >= Number(gte)) && (lt === null || r.created < Number(lt)),
      )
      .sort((a, b) => b.r.created - a.r.created || b.i - a.i)
      .map(({ r }) => r);
    const after = q.get("starting_after");
    if (after) rows = rows.slice(rows.findIndex((r) => r.id === after) + 1);
    return { object: "list", url, has_more: rows.length > limit, data: rows.slice(0, limit) };
  };

  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (c) => {
      raw += c;
    });
    req.on("end", () => {
      const url = new URL(req.url!, "http://stand-in");
      const body = req.method === "GET" ? url.searchParams : new URLSearchParams(raw);
      const key = req.headers["idempotency-key"] as string | undefined;
      seen.push({
        method: req.method!,
        path: req.method === "GET" ? url.pathname : req.url!,
        body,
        idempotencyKey: key,
        authorization: req.headers.authorization,
      });
      const send = (status: number, payload: unknown) => {
        if (key && req.method === "POST") replays.set(key, { status, body: payload });
        res.writeHead(status, { "content-type": "application/json", "request-id": "req_test" });
        res.end(JSON.stringify(payload));
      };
      if (key && req.method === "POST" && replays.has(key)) {
        if (url.pathname === "/v1/refunds" && dropping(body.get("payment_intent")))
          return req.socket.destroy();
        const r = replays.get(key)!;
        res.writeHead(r.status, { "content-type": "application/json", "idempotent-replayed": "true" });
        return res.end(JSON.stringify(r.body));
      }
      if (req.method === "GET" && url.pathname === "/v1/charges")
        return send(
          200,
          list(
            charges.map((c) => ({
              ...c,
              object: "charge",
              amount_captured: c.amount,
              captured: true,
              status: "succeeded",
            })),
            "/v1/charges",
            body,
          ),
        );
      if (req.method === "GET" && url.pathname === "/v1/refunds")
        return send(
          200,
          list(
            refunds.map((r) => ({ ...r, object: "refund" })),
            "/v1/refunds",
            body,
          ),
        );
      if (req.method === "POST" && url.pathname === "/v1/refunds") {
        const pi = body.get("payment_intent") ?? "";
        if (pi === "pi_refunded")
          return send(400, {
            error: {
              type: "invalid_request_error",
              code: "charge_already_refunded",
              message: "Charge ch_1 has already been refunded.",
            },
          });
        const metadata: Record<string, string> = {};
        for (const [k, v] of body) {
          const m = k.match(/^metadata\[(.+)\]$/);
          if (m) metadata[m[1]] = v;
        }
        const refund: StandInRefund = {
          id: `re_${refunds.length + 1}`,
          payment_intent: pi,
          amount: Number(body.get("amount")),
          currency: charges.find((c) => c.payment_intent === pi)?.currency ?? "aud",
          status: "succeeded",
          created: now(),
          metadata,
        };
        refunds.push(refund);
        if (dropping(pi)) {
          // Stripe refunded and kept its answer for the key, but the answer never reached us.
          if (key) replays.set(key, { status: 200, body: { ...refund, object: "refund" } });
          return req.socket.destroy();
        }
        return send(200, { ...refund, object: "refund" });
      }
      const cancel = url.pathname.match(/^\/v1\/payment_intents\/([^/]+)\/cancel$/);
      if (req.method === "POST" && cancel) {
        if (cancel[1] === "pi_captured")
          return send(400, {
            error: {
              type: "invalid_request_error",
              code: "payment_intent_unexpected_state",
              message: "You cannot cancel this PaymentIntent because it has a status of succeeded.",
            },
          });
        return send(200, {
          id: cancel[1],
          object: "payment_intent",
          status: "canceled",
          amount: 1000,
          currency: "aud",
        });
      }
      send(404, { error: { type: "invalid_request_error", message: "Unrecognized request URL" } });
    });
  });

  return {
    server,
    seen,
    charges,
    refunds,
    dropAnswer,
    /** A captured card payment, as if the browser had confirmed its intent. */
    addCharge(c: Omit<StandInCharge, "id" | "created"> & { created?: number }) {
      const charge = { id: `ch_${charges.length + 1}`, created: now(), ...c };
      charges.push(charge);
      return charge;
    },
    /** A refund made outside Loupe (Stripe's dashboard). */
    addRefund(r: Omit<StandInRefund, "id" | "created" | "status" | "metadata"> & { created?: number }) {
      const refund: StandInRefund = {
        id: `re_dash_${refunds.length + 1}`,
        status: "succeeded",
        created: now(),
        metadata: {},
        ...r,
      };
      refunds.push(refund);
      return refund;
    },
    async listen() {
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      return new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
