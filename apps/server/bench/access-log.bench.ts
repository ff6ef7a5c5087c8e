import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import { chainHash } from "../src/modules/access-log/access-log.verify";
import { startBenchApp } from "./bench-app";
import { measure, ms } from "./stats";

/**
 * `npm run bench:access-log -- [rows]` (default 10,000,000): seeds the access log of the bench
 * database with `rows` chained rows spread over 3 years, 50,000 customers and 200 staff (COPY, with
 * the chain computed here and the triggers switched off for the load only), then times the privacy
 * officer's two reports through the real endpoints. Re-running tops the log up to `rows`.
 */
const target = Number(process.argv[2] ?? 10_000_000);
const CUSTOMERS = 50_000;
const STAFF = 200;
const ACTIONS = ["view", "list", "view", "list", "update", "create", "download", "view", "print", "email"];
const RESOURCES = ["customer", "prescription", "pd", "file", "prescription", "contact_lens"];
const SPAN_US = 3 * 365 * 86_400_000_000;

function copyText(v: string | number | null): string {
  if (v === null) return "\\N";
  return String(v).replace(/\\/g, "\\\\").replace(/\t/g, "\\t").replace(/\n/g, "\\n").replace(/\r/g, "\\r");
}

async function seed(raw: pg.Client) {
  const [head] = (await raw.query("SELECT seq::text, hash FROM access_log_head WHERE id = 1")).rows;
  let seq = Number(head.seq);
  if (seq >= target) return;
  let prev: string = head.hash;
  const startUs = BigInt(Date.now() - 3 * 365 * 86_400_000) * 1000n;
  const stepUs = BigInt(Math.floor(SPAN_US / target));
  const toAdd = target - seq;
  console.log(`seeding ${toAdd.toLocaleString()} access-log rows…`);
  const t0 = performance.now();
  await raw.query("SET session_replication_role = replica");
  let rand = 42;
  const next = () => {
    rand = (rand * 1103515245 + 12345) & 0x7fffffff;
    return rand;
  };
  function* lines() {
    const batch: string[] = [];
    while (seq < target) {
      seq++;
      const micros = startUs + BigInt(seq) * stepUs;
      const staff = (next() % STAFF) + 1;
      const customer = (next() % CUSTOMERS) + 1;
      const action = ACTIONS[next() % ACTIONS.length];
      const resource = RESOURCES[next() % RESOURCES.length];
      const r = {
        seq: String(seq),
        micros: micros.toString(),
        staff_id: staff,
        staff_role_id: staff === 1 ? 1 : 2,
        staff_outlet_id: (staff % 36) + 1,
        staff_region_id: (staff % 3) + 1,
        action,
        resource,
        resource_id: action === "list" ? null : next() % 1_000_000,
        customer_id: customer,
        screen: "/customers",
        route: "GET /api/staff/customers/:id",
        request_id: `bench-${seq}`,
        address: "10.0.0.1",
        outcome: next() % 100 === 0 ? "refused" : "allowed",
        reason: null,
        changed_fields: action === "update" ? ["note"] : null,
      };
      const canonical = `[${[
        r.seq,
        r.micros,
        r.staff_id,
        r.staff_role_id,
        r.staff_outlet_id,
        r.staff_region_id,
        JSON.stringify(r.action),
        JSON.stringify(r.resource),
        r.resource_id === null ? "null" : r.resource_id,
        r.customer_id,
        JSON.stringify(r.screen),
        JSON.stringify(r.route),
        JSON.stringify(r.request_id),
        JSON.stringify(r.address),
        JSON.stringify(r.outcome),
        "null",
        r.changed_fields ? JSON.stringify(r.changed_fields.join(",")) : "null",
      ].join(", ")}]`;
      const hash = chainHash(prev, canonical);
      const at = new Date(Number(micros / 1000n))
        .toISOString()
        .replace("Z", `${String(micros % 1000n).padStart(3, "0")}Z`);
      batch.push(
        [
          r.seq,
          at,
          r.staff_id,
          r.staff_role_id,
          r.staff_outlet_id,
          r.staff_region_id,
          r.action,
          r.resource,
          r.resource_id,
          r.customer_id,
          r.screen,
          r.route,
          r.request_id,
          r.address,
          r.outcome,
          null,
          r.changed_fields ? `{${r.changed_fields.join(",")}}` : null,
          prev,
          hash,
        ]
          .map(copyText)
          .join("\t"),
      );
      prev = hash;
      if (batch.length === 10_000) {
        yield `${batch.join("\n")}\n`;
        batch.length = 0;
        if (seq % 1_000_000 === 0)
          console.log(`  ${seq.toLocaleString()} rows, ${((performance.now() - t0) / 1000).toFixed(0)} s`);
      }
    }
    if (batch.length) yield `${batch.join("\n")}\n`;
  }
  await pipeline(
    Readable.from(lines()),
    raw.query(
      copyFrom(
        "COPY access_log (seq, occurred_at, staff_id, staff_role_id, staff_outlet_id, staff_region_id, action, resource, resource_id, customer_id, screen, route, request_id, address, outcome, reason, changed_fields, prev_hash, hash) FROM STDIN",
      ),
    ),
  );
  await raw.query("UPDATE access_log_head SET seq = $1, hash = $2 WHERE id = 1", [seq, prev]);
  await raw.query("SET session_replication_role = origin");
  // VACUUM sets the visibility map, so counts are index-only scans (autovacuum does this in service).
  await raw.query("VACUUM ANALYZE access_log");
  console.log(`seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}

async function main() {
  const { app, url, token, close } = await startBenchApp();
  const raw = new pg.Client({ connectionString: url });
  await raw.connect();
  await seed(raw);
  const [{ n }] = (await raw.query("SELECT count(*)::int AS n FROM access_log")).rows;
  console.log(
    `access_log: ${n.toLocaleString()} rows, PostgreSQL ${(await raw.query("show server_version")).rows[0].server_version}`,
  );
  let i = 0;
  const customer = () => ((i++ * 7919) % CUSTOMERS) + 1;
  const staff = () => ((i++ * 31) % (STAFF - 1)) + 2;
  const month = () => {
    const to = new Date(Date.now() - (i % 30) * 30 * 86_400_000);
    return `from=${new Date(to.getTime() - 30 * 86_400_000).toISOString().slice(0, 10)}&to=${to.toISOString().slice(0, 10)}`;
  };
  const cases: [string, () => string][] = [
    ["who accessed customer X (all time, page 1)", () => `/api/staff/access-log/customers/${customer()}`],
    [
      "customer X, one month, action=view",
      () => `/api/staff/access-log/customers/${customer()}?${month()}&action=view`,
    ],
    ["what did staff Y access (one month)", () => `/api/staff/access-log/staff/${staff()}?${month()}`],
    [
      "staff Y, one month, action=update",
      () => `/api/staff/access-log/staff/${staff()}?${month()}&action=update`,
    ],
    ["staff Y, one month, page 10", () => `/api/staff/access-log/staff/${staff()}?${month()}&page=10`],
    ["staff Y, all time (total over ~50k rows)", () => `/api/staff/access-log/staff/${staff()}`],
  ];
  console.log("case                                          endpoint p50  endpoint p95");
  for (const [name, url] of cases) {
    const r = await measure(async () => {
      const res = await app.inject({
        method: "GET",
        url: url(),
        headers: { authorization: `Bearer ${token}` },
      });
      if (res.statusCode !== 200) throw new Error(`${name}: ${res.statusCode} ${res.body}`);
    }, 200);
    console.log(`${name.padEnd(45)} ${ms(r.p50)}      ${ms(r.p95)}`);
  }
  const plan = await raw.query(
    "EXPLAIN SELECT * FROM access_log l WHERE l.staff_id = 5 AND l.occurred_at >= now() - interval '60 days' AND l.occurred_at < now() - interval '30 days' ORDER BY l.occurred_at DESC, l.seq DESC LIMIT 50",
  );
  console.log(plan.rows.map((r) => r["QUERY PLAN"]).join("\n"));
  await raw.end();
  await close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
