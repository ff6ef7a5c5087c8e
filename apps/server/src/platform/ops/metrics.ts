import { createHash, timingSafeEqual } from "node:crypto";
import { BlockList, isIP } from "node:net";
import type { FastifyInstance } from "fastify";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { Database } from "../db/client";
import type { ReadClientState } from "../db/read-client";
import { AppError } from "../http/app-error";
import type { Queue } from "../queue/queue";

const digest = (s: string) => createHash("sha256").update(s).digest();

export interface MetricsOptions {
  /** When set, `/metrics` answers to `Authorization: Bearer <token>`. */
  token?: string;
  /** Addresses or CIDR ranges (TRUSTED_PROXIES) whose own connections may scrape without the token. */
  allowFrom?: string[];
  /** The read replica's state (ADR 0040): where long reads went, and its lag at the last check. */
  reads?: () => ReadClientState;
  /** The background queue (ADR 0054): its depth, dead letter and run outcomes by kind. */
  queue?: Pick<Queue, "counts" | "outcomes">;
}

/** A BlockList of the listed addresses and ranges (IPv4 and IPv6; an IPv4 peer may arrive as `::ffff:a.b.c.d`). */
function addressList(entries: string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [address, bits] = entry.split("/");
    const family = isIP(address) === 6 ? "ipv6" : "ipv4";
    if (!isIP(address)) continue;
    if (bits !== undefined) list.addSubnet(address, Number(bits), family);
    else list.addAddress(address, family);
  }
  return list;
}

function peerAllowed(list: BlockList, peer: string | undefined): boolean {
  if (!peer) return false;
  const v4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(peer)?.[1];
  if (v4) return list.check(v4, "ipv4");
  return list.check(peer, isIP(peer) === 6 ? "ipv6" : "ipv4");
}

/**
 * Prometheus metrics at `/metrics`: request rate and latency per route, the outbox backlog, database
 * pool use, and Node's process metrics. One registry per app, so tests can build many apps in one
 * process. Routes are labelled by their pattern (`/api/customers/:id`), never by the raw URL, and
 * unmatched requests share one label, so a scan of random paths cannot blow up the series count.
 */
export function registerMetrics(
  app: FastifyInstance,
  database: Database,
  options: MetricsOptions = {},
): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const labelNames = ["method", "route", "status_code"] as const;
  const requests = new Counter({
    name: "http_requests_total",
    help: "HTTP requests answered, by method, route pattern and status code.",
    labelNames,
    registers: [registry],
  });
  const duration = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time to answer an HTTP request, by method, route pattern and status code.",
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  new Gauge({
    name: "loupe_outbox_backlog",
    help: "Outbox messages not yet delivered (queued) or given up on (failed), by status.",
    labelNames: ["status"],
    registers: [registry],
    async collect() {
      const rows = await database.query<{ status: string; n: string | number }>(
        "select status, count(*) as n from outbox_messages where status in ('queued', 'failed') group by status",
      );
      const counts = new Map(rows.map((r) => [r.status, Number(r.n)]));
      for (const status of ["queued", "failed"]) this.set({ status }, counts.get(status) ?? 0);
    },
  });
  const queue = options.queue;
  if (queue) {
    new Gauge({
      name: "loupe_queue_tasks",
      help: "Background tasks by kind and state: due (waiting for a worker: the depth), running, later (a retry's wait or a schedule's next slot), dead (in the dead letter).",
      labelNames: ["kind", "state"],
      registers: [registry],
      async collect() {
        this.reset();
        for (const c of await queue.counts())
          for (const state of ["due", "running", "later", "dead"] as const)
            this.set({ kind: c.kind, state }, c[state]);
      },
    });
    new Counter({
      name: "loupe_queue_runs_total",
      help: "Background task runs this process ended since it started, by kind and outcome: ok, failed (to be tried again), dead.",
      labelNames: ["kind", "outcome"],
      registers: [registry],
      collect() {
        // The queue keeps the counts; the series are rebuilt from them at each scrape.
        this.reset();
        for (const [kind, c] of queue.outcomes())
          for (const outcome of ["ok", "failed", "dead"] as const) this.inc({ kind, outcome }, c[outcome]);
      },
    });
  }
  const pool = (
    name: string,
    help: string,
    pick: (s: NonNullable<ReturnType<Database["poolStats"]>>) => number,
  ) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        const stats = database.poolStats();
        if (stats) this.set(pick(stats));
      },
    });
  // PGlite has no pool to report (one connection inside the process), so the pool series exist only on Postgres.
  if (database.poolStats() !== null) {
    pool("loupe_db_pool_max", "Most database connections the pool may open.", (s) => s.max);
    pool("loupe_db_pool_connections", "Database connections open (in use and idle).", (s) => s.total);
    pool("loupe_db_pool_idle", "Open database connections not in use.", (s) => s.idle);
    pool("loupe_db_pool_waiting", "Queries waiting for a free database connection.", (s) => s.waiting);
  }

  const reads = options.reads;
  if (reads?.().configured) {
    new Gauge({
      name: "loupe_db_replica_lag_seconds",
      help: "How far the read replica was behind at its last check (ADR 0040); -1 when it did not answer.",
      registers: [registry],
      collect() {
        this.set(reads().lagSeconds ?? -1);
      },
    });
    new Gauge({
      name: "loupe_db_long_reads",
      help: "Long reads (reports, exports) since start, by where they went: replica or primary (ADR 0040).",
      labelNames: ["target"],
      registers: [registry],
      collect() {
        const { replica, primary } = reads().reads;
        this.set({ target: "replica" }, replica);
        this.set({ target: "primary" }, primary);
      },
    });
  }

  app.addHook("onResponse", (req, reply, done) => {
    if (req.routeOptions.url !== "/metrics") {
      const labels = {
        method: req.method,
        route: req.routeOptions.url ?? "unmatched",
        status_code: String(reply.statusCode),
      };
      requests.inc(labels);
      duration.observe(labels, reply.elapsedTime / 1000);
    }
    done();
  });

  const allowed = addressList(options.allowFrom ?? []);
  // Only the token or the connection's own address counts: X-Forwarded-For names someone else.
  app.get("/metrics", { schema: { hide: true } }, async (req, reply) => {
    const tokenOk =
      options.token !== undefined &&
      timingSafeEqual(digest(req.headers.authorization ?? ""), digest(`Bearer ${options.token}`));
    if (!tokenOk && !peerAllowed(allowed, req.socket.remoteAddress))
      throw new AppError(
        "unauthenticated",
        "The metrics need the metrics token (METRICS_TOKEN) or a scraper at an address in TRUSTED_PROXIES.",
      );
    reply.header("cache-control", "no-store").type(registry.contentType);
    return registry.metrics();
  });
  return registry;
}
