import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { sessionOptions } from "../src/platform/db/client";
import { openBenchDatabase } from "../src/seed/bench-database";
import { benchEyes } from "./bench-eyes";
import { type CapturedStatement, inlined, startCaptureProxy } from "./sql-capture-proxy";
import { percentiles } from "./stats";

/**
 * `npm run bench:http` (after `npm run build`, on a seeded bench database): what a client sees.
 * The built server runs as its own process (`node apps/server/dist/main.js`, on the Node that runs
 * the bench: run it on the deployed runtime, Node 24 LTS, docs/deploy.md); a keep-alive HTTP
 * client calls each endpoint one at a time (c=1). A capture proxy between the server and
 * PostgreSQL records the statements one call runs, with their parameters; `pgbench` then runs
 * exactly those statements, one client, in its own loop. The ratio of the two medians is the
 * server's own share; the server's CPU time per call comes from /proc of its process. The same
 * statements through `pgbench -M prepared` (planned once) are beside them: the server runs some
 * as named statements, and the share over those is what its own work costs in full. Beside them,
 * a bare server (bare-server.ts: Node's HTTP and `pg`, nothing else) runs the same statements named
 * and answers their rows: the floor no endpoint on this stack can go under, on this machine.
 * Environment: DATABASE_URL (default the local `loupe_bench`), BENCH_RUNS (default 3),
 * BENCH_CALLS (timed calls per loop, default 300), BENCH_WARMUP (untimed calls before a case's first
 * loop, default 200: a fresh process compiles an endpoint's code on its first calls, on threads
 * whose CPU counts in the process's), BENCH_ONLY (comma-separated case names),
 * BENCH_CLIENTS=N (N > 1: instead, N clients at once over N connections, CALLS calls each, beside
 * `pgbench -c N`; p50 and p95 of both, as a busy chain sees them),
 * BENCH_SQL=1 (print the start of each call's captured statements; BENCH_SQL=full: each in full,
 * parameters written in, ready for EXPLAIN).
 */
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const CALLS = Number(process.env.BENCH_CALLS ?? 300);
const ONLY = process.env.BENCH_ONLY?.split(",").map((s) => s.trim());
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 1);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 200);
const root = path.resolve(import.meta.dirname, "../../..");
const serverMain = path.join(root, "apps/server/dist/main.js");

async function main() {
  if (!fs.existsSync(serverMain)) throw new Error("Build first: npm run build");
  const { database, url } = await openBenchDatabase();
  await database.close();
  const target = new URL(url);
  const proxy = await startCaptureProxy({ host: target.hostname, port: Number(target.port || 5432) });
  const viaProxy = Object.assign(new URL(url), { host: `127.0.0.1:${proxy.port}` }).toString();
  // Two servers in turn: one behind the capture proxy to learn each call's statements, then one
  // on the database directly for the timings (the proxy's own hop stays out of them).
  let port = 3900 + Math.floor(Math.random() * 90);
  let server = await startServer(viaProxy, port);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const raw = new pg.Pool({ connectionString: url, max: 1 });
  const one = async <T>(sql: string, params: unknown[] = []) => (await raw.query(sql, params)).rows[0] as T;

  const call = (method: string, pathname: string, token?: string, body?: unknown, via = agent, to = port) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const req = http.request(
        {
          agent: via,
          host: "127.0.0.1",
          port: to,
          method,
          path: pathname,
          headers: {
            ...(token ? { authorization: `Bearer ${token}` } : {}),
            ...(payload ? { "content-type": "application/json" } : {}),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c) => chunks.push(c));
          res.on("end", () =>
            resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }),
          );
        },
      );
      req.on("error", reject);
      req.end(payload);
    });

  const login = await call("POST", "/api/user/login", undefined, {
    email: "admin@loupe.test",
    password: "LoupeDemo1",
  });
  const token: string = JSON.parse(login.body).data.token;
  const get = async (pathname: string, via = agent) => {
    const res = await call("GET", pathname, token, undefined, via);
    if (res.status !== 200) throw new Error(`${pathname}: ${res.status} ${res.body.slice(0, 200)}`);
    return res.body;
  };
  const post = async (pathname: string, body: unknown) => {
    const res = await call("POST", pathname, token, body);
    if (res.status >= 300) throw new Error(`${pathname}: ${res.status} ${res.body.slice(0, 200)}`);
    return JSON.parse(res.body).data as { id: number };
  };

  const job = await one<{ id: number; last_name: string }>(
    "select id, billing_last_name as last_name from orders order by id desc limit 1 offset 5000",
  );
  if (!job) throw new Error("The bench database holds no jobs: npm run seed:jobs -- 200000 --no-selections");
  const outlet = await one<{ id: number }>(
    "select outlet_id as id from order_items group by outlet_id order by count(*) desc limit 1",
  );
  const inProgress = await one<{ id: number }>(
    "select id from statuses where kind = 'dispense' and slug = 'in-progress'",
  );
  const since = new Date(Date.now() - 90 * 86_400_000).toISOString().slice(0, 10);
  const lensOptions = await lensOptionsPath(one, post);

  const cases: { name: string; path: string }[] = [
    // The HTTP floor: the API's base answer, no statement; what any call costs before its SQL.
    { name: "floor: GET /api (no SQL)", path: "/api" },
    { name: "jobs page 1", path: "/api/staff/orders?action=list&order_item_append=next_scheduled_date" },
    { name: "customers default list", path: "/api/v4/users?customer=1&page=1&per_page=15" },
    { name: "job detail", path: `/api/staff/orders/${job.id}` },
    { name: "job timeline", path: `/api/staff/orders/${job.id}/events` },
    { name: "lens options (job edit)", path: lensOptions },
    {
      name: "jobs filtered: outlet + status + 90 days",
      path: `/api/staff/orders?action=list&outlet_id=${outlet.id}&dispense_status_id=${inProgress.id}&created_start_at=${since}`,
    },
    {
      name: "jobs search: surname",
      path: `/api/staff/orders?action=list&q=${encodeURIComponent(job.last_name)}`,
    },
    { name: "tab counts", path: "/api/staff/total-orders" },
    // Reports: the busiest outlet's day on one screen, and its till yesterday.
    { name: "report: outlet day", path: `/api/staff/outlet-day?outlet_id=${outlet.id}` },
    {
      name: "report: till summary",
      path: `/api/staff/outlets/${outlet.id}/till-summary?date=${new Date(Date.now() - 86_400_000).toISOString().slice(0, 10)}`,
    },
  ].filter((c) => !ONLY || ONLY.includes(c.name));

  const cpu = (pid = server.pid) => {
    const f = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    // utime and stime (fields 14 and 15 of the whole line) in clock ticks of 10 ms.
    return (Number(f[11]) + Number(f[12])) * 10;
  };

  const captured = new Map<string, CapturedStatement[]>();
  for (const c of cases) {
    for (let i = 0; i < 5; i++) await get(c.path);
    // Twice, keeping what both calls ran: a background job of the server is not the endpoint's.
    const first = await proxy.capture(() => get(c.path));
    const second = await proxy.capture(() => get(c.path));
    const texts = new Set(first.map((s) => s.text));
    captured.set(
      c.name,
      second.filter((s) => texts.has(s.text)),
    );
    if (process.env.BENCH_SQL)
      console.log(
        `${c.name}:\n${captured
          .get(c.name)!
          .map((s) => (process.env.BENCH_SQL === "full" ? `${inlined(s)};` : `  ${s.text.slice(0, 160)}`))
          .join("\n")}`,
      );
  }
  await stopServer(server);
  port += 1;
  server = await startServer(url, port);

  // The bare server (bare-server.ts) on the same statements: GET /<n> runs case n's.
  const casesFile = path.join(os.tmpdir(), `loupe-bench-bare-${process.pid}.json`);
  fs.writeFileSync(casesFile, JSON.stringify(cases.map((c) => captured.get(c.name) ?? [])));
  const barePort = port + 1;
  const bare = await startBareServer(url, barePort, casesFile);
  const bareAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const bareGet = async (n: number) => {
    const res = await call("GET", `/${n}`, undefined, undefined, bareAgent, barePort);
    if (res.status !== 200) throw new Error(`bare server, case ${n}: ${res.status}`);
  };

  const close = async () => {
    agent.destroy();
    bareAgent.destroy();
    await raw.end();
    await stopServer(server);
    await stopServer(bare);
    fs.rmSync(casesFile, { force: true });
    await proxy.close();
  };

  if (CLIENTS > 1) {
    const many = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });
    console.log(
      `\n${CLIENTS} clients at once, ${CALLS} calls each, keep-alive, the server on Node ${process.version}; pgbench -c ${CLIENTS} -j 2`,
    );
    console.log("| endpoint | HTTP p50 / p95 ms | pgbench p50 / p95 ms |");
    console.log("| --- | --- | --- |");
    for (const c of cases) {
      const statements = captured.get(c.name) ?? [];
      for (let i = 0; i < 20; i++) await get(c.path);
      const times: number[] = [];
      await Promise.all(
        Array.from({ length: CLIENTS }, async () => {
          for (let i = 0; i < CALLS; i++) {
            const t0 = performance.now();
            await get(c.path, many);
            times.push(performance.now() - t0);
          }
        }),
      );
      const h = percentiles(times);
      const q = statements.length ? pgbenchLatencies(url, pgbenchScript(statements), CLIENTS) : null;
      const ms = (v: { p50: number; p95: number }) => `${v.p50.toFixed(2)} / ${v.p95.toFixed(2)}`;
      console.log(`| ${c.name} | ${ms(h)} | ${q ? ms(q) : "—"} |`);
    }
    many.destroy();
    await close();
    return;
  }

  /** CALLS timed calls of `once`, after a few untimed; the p50 in ms and CPU ms per call of `pid`. */
  const loop = async (once: () => Promise<unknown>, pid: number | undefined) => {
    for (let i = 0; i < 20; i++) await once();
    const times: number[] = [];
    const cpu0 = cpu(pid);
    for (let i = 0; i < CALLS; i++) {
      const t0 = performance.now();
      await once();
      times.push(performance.now() - t0);
    }
    return { p50: percentiles(times).p50, cpu: (cpu(pid) - cpu0) / CALLS };
  };

  const rows: string[] = [];
  for (const [n, c] of cases.entries()) {
    const statements = captured.get(c.name) ?? [];
    const script = pgbenchScript(statements);
    const preparedScript = pgbenchScript(statements, "prepared");
    const http50: number[] = [];
    const sql50: number[] = [];
    const prepared50: number[] = [];
    const cpuPerCall: number[] = [];
    const bare50: number[] = [];
    const bareCpu: number[] = [];
    for (let i = 0; i < WARMUP; i++) {
      await get(c.path);
      await bareGet(n);
    }
    for (let run = 0; run < RUNS; run++) {
      const endpoint = await loop(() => get(c.path), server.pid);
      http50.push(endpoint.p50);
      cpuPerCall.push(endpoint.cpu);
      const floor = await loop(() => bareGet(n), bare.pid);
      bare50.push(floor.p50);
      bareCpu.push(floor.cpu);
      sql50.push(statements.length ? pgbench(url, script) : 0);
      prepared50.push(statements.length ? pgbench(url, preparedScript, "prepared") : 0);
    }
    const [h, s, sp, u] = [summary(http50), summary(sql50), summary(prepared50), summary(cpuPerCall)];
    const ratio = (sql: number[]) =>
      statements.length ? `${(median(http50) / median(sql)).toFixed(2)}×` : "—";
    rows.push(
      `| ${c.name} | ${statements.length} | ${h} | ${s} | ${ratio(sql50)} | ${sp} | ${ratio(prepared50)} | ${u} | ${summary(bare50)} | ${summary(bareCpu)} |`,
    );
    console.log(rows.at(-1));
  }

  console.log(
    `\n${RUNS} runs of ${CALLS} calls each, c=1, keep-alive, the server on Node ${process.version}; pgbench -c 1 on the captured statements; load ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")}\n`,
  );
  console.log(
    "| endpoint | statements | HTTP p50 ms (min / median / max) | pgbench p50 ms | ratio | pgbench -M prepared p50 ms | ratio | server CPU ms per call | bare server p50 ms | bare server CPU ms per call |",
  );
  console.log("| --- | ---: | --- | --- | ---: | --- | ---: | --- | --- | --- |");
  for (const r of rows) console.log(r);
  await close();
}

/** The built server on the bench database, its background loops slowed so they stay out of the capture. */
async function startServer(databaseUrl: string, port: number) {
  const child = spawn(process.execPath, ["--enable-source-maps", serverMain], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      SEED_DEMO: "false",
      DATA_DIR: path.join(os.tmpdir(), "loupe-bench-http"),
      OUTBOX_POLL_SECONDS: "3600",
      READY_REMINDER_SWEEP_SECONDS: "0",
      TRACKING_POLL_SECONDS: "0",
      LENS_STATUS_POLL_SECONDS: "0",
      RECALL_RUN_SECONDS: "0",
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("the server did not start in 120 s")), 120_000);
    child.stdout.on("data", (d: Buffer) => {
      if (d.toString().includes("Loupe is running")) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once("exit", (code) => reject(new Error(`the server stopped (${code})`)));
  });
  child.stdout.resume();
  return child;
}

/** bare-server.ts as its own process, on the Node that runs the bench (through tsx, as the bench). */
async function startBareServer(databaseUrl: string, port: number, casesFile: string) {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", path.join(import.meta.dirname, "bare-server.ts")],
    {
      env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), BARE_CASES: casesFile },
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  await new Promise<void>((resolve, reject) => {
    child.stdout.on("data", (d: Buffer) => d.toString().includes("bare server listening") && resolve());
    child.once("exit", (code) => reject(new Error(`the bare server stopped (${code})`)));
  });
  child.stdout.resume();
  return child;
}

async function stopServer(child: ReturnType<typeof spawn>) {
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await exited;
}

/** One pgbench transaction: the call's statements, parameters written in. */
function pgbenchScript(statements: CapturedStatement[], mode: "simple" | "prepared" = "simple"): string {
  const file = path.join(
    os.tmpdir(),
    `loupe-bench-${process.pid}-${Math.random().toString(36).slice(2)}.sql`,
  );
  let text = `${statements.map((s) => `${inlined(s)};`).join("\n")}\n`;
  // pgbench -M prepared reads `:name` as a variable even inside a quoted value (the access log's
  // route, `/api/staff/orders/:id`); the value's colon becomes another character there.
  if (mode === "prepared") text = text.replace(/(?<!:):(?=[A-Za-z_])/g, "%");
  fs.writeFileSync(file, text);
  return file;
}

/**
 * pgbench -c 1 on the script for CALLS transactions; the median latency in ms, from its log.
 * `simple` plans each statement every time, as a one-off statement costs; `prepared` plans each
 * once per connection, as the server's named statements (a first jobs page, reads by id) run.
 */
function pgbench(url: string, script: string, mode: "simple" | "prepared" = "simple"): number {
  return pgbenchLatencies(url, script, 1, mode).p50;
}

/** pgbench with `clients` clients, CALLS transactions each; p50 and p95 in ms, from its log. */
function pgbenchLatencies(
  url: string,
  script: string,
  clients: number,
  mode: "simple" | "prepared" = "simple",
): { p50: number; p95: number } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pgbench-"));
  const u = new URL(url);
  const r = spawnSync(
    "pgbench",
    [
      "-n",
      "-M",
      mode,
      "-c",
      String(clients),
      "-j",
      String(Math.min(clients, 2)),
      "-t",
      String(CALLS),
      "-f",
      script,
      "-l",
      "--log-prefix",
      path.join(dir, "log"),
      "-h",
      u.hostname,
      "-p",
      u.port || "5432",
      "-U",
      u.username || "postgres",
      u.pathname.slice(1),
    ],
    // The server's own session settings (ADR 0045), so both run the same plans the same way.
    { encoding: "utf8", env: { ...process.env, PGOPTIONS: sessionOptions(url) } },
  );
  if (r.status !== 0) throw new Error(`pgbench failed: ${r.stderr}`);
  const latencies = fs
    .readdirSync(dir)
    .flatMap((f) => fs.readFileSync(path.join(dir, f), "utf8").trim().split("\n"))
    .map((line) => Number(line.split(" ")[2]) / 1000);
  fs.rmSync(dir, { recursive: true });
  return percentiles(latencies);
}

const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)];
const summary = (v: number[]) => {
  const s = [...v].sort((a, b) => a - b);
  return `${s[0].toFixed(2)} / ${median(s).toFixed(2)} / ${s.at(-1)!.toFixed(2)}`;
};

/** The job edit's lens options for a multifocal product, on a prescription and PD made for the bench. */
async function lensOptionsPath(
  one: <T>(sql: string, params?: unknown[]) => Promise<T>,
  post: (pathname: string, body: unknown) => Promise<{ id: number }>,
) {
  const product = await one<{ id: number }>(
    `select rp.id from region_products rp join lens_addon_combinations c on c.region_product_id = rp.id
      where rp.region_id = 1 and rp.lenses_type = 'multifocal' group by rp.id order by count(*) desc limit 1`,
  );
  const { rx, pd } = await benchEyes(one, post);
  return `/api/staff/product-lens-addons?region_product_id=${product.id}&prescription_id=${rx.id}&pd_id=${pd.id}&frame_size=M`;
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
