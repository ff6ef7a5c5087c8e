import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { DEMO_LOGIN } from "../src/seed/demo-staff";

/**
 * `npm run bench:scale` (docs/deploy.md "Scaling out"): one server process against two on the same
 * DATABASE_URL, each a separate `node apps/server/dist/main.js` as `npm run serve` runs it (build
 * first: `npm run build -w apps/server`), driven from this process by keep-alive HTTP clients (one
 * connection each, spread evenly over the processes) for the jobs page 1 and the customers list.
 * Each cell: a warm-up, then `--seconds` of load; answers per second, p50 and p99, the servers' CPU
 * per call and the PostgreSQL backends' (from /proc) and how busy the machine was. `--runs` repeats
 * everything (min/median/max), every other run with the process counts in the opposite order.
 *
 *   DATABASE_URL (default loupe_scale on the local server: seed it with `npm run seed:customers --
 *   100000` and `npm run seed:jobs -- 200000 500000 --no-selections`)
 *   --runs=3 --seconds=8 --warmup=2 --clients=8,16 --processes=1,2
 */
const arg = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1] ?? fallback;
const RUNS = Number(arg("runs", "3"));
const SECONDS = Number(arg("seconds", "8"));
const WARMUP = Number(arg("warmup", "2"));
const CLIENTS = arg("clients", "8,16").split(",").map(Number);
const PROCESSES = arg("processes", "1,2").split(",").map(Number);
const DATABASE_URL = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/loupe_scale";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const mainJs = path.join(root, "apps/server/dist/main.js");
const ENDPOINTS = [
  { name: "jobs page 1", path: "/api/staff/orders?action=list&order_item_append=next_scheduled_date" },
  { name: "customers list", path: "/api/v4/users?customer=1&page=1&per_page=15" },
];

interface Cell {
  perSecond: number;
  p50: number;
  p99: number;
  cpuMsPerCall: number;
  /** CPU of the PostgreSQL backends serving the bench database, per call. */
  dbCpuMsPerCall: number;
  busy: number;
  errors: number;
}

/** Busy and total jiffies of the whole machine (/proc/stat's first line). */
function machineTicks() {
  const [, ...v] = fs.readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).map(Number);
  const idle = v[3] + v[4];
  const total = v.reduce((a, b) => a + b, 0);
  return { busy: total - idle, total };
}

/** A process's user + system CPU in milliseconds (/proc/<pid>/stat, clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** The bench database's backends (the servers' pools) and their CPU so far, by pid. */
async function backendCpu(admin: pg.Client): Promise<Map<number, number>> {
  const { rows } = await admin.query<{ pid: number }>(
    "select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
  );
  const cpu = new Map<number, number>();
  for (const { pid } of rows) {
    try {
      cpu.set(pid, cpuMs(pid));
    } catch {
      // gone meanwhile
    }
  }
  return cpu;
}

/** CPU the backends used between two readings; one that appeared meanwhile counts from 0. */
function cpuBetween(before: Map<number, number>, after: Map<number, number>): number {
  let sum = 0;
  for (const [pid, ms] of after) sum += ms - (before.get(pid) ?? 0);
  return sum;
}

function request(agent: http.Agent, port: number, reqPath: string, token: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      { host: "127.0.0.1", port, path: reqPath, agent, headers: { authorization: `Bearer ${token}` } },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      },
    );
    req.on("error", reject);
  });
}

async function drive(ports: number[], clients: number, reqPath: string, token: string, ms: number) {
  const latencies: number[] = [];
  let errors = 0;
  const end = performance.now() + ms;
  await Promise.all(
    Array.from({ length: clients }, async (_, i) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      const port = ports[i % ports.length];
      while (performance.now() < end) {
        const t0 = performance.now();
        const status = await request(agent, port, reqPath, token);
        if (status === 200) latencies.push(performance.now() - t0);
        else errors++;
      }
      agent.destroy();
    }),
  );
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { calls: latencies.length, errors, p50: at(0.5), p99: at(0.99) };
}

async function startServer(port: number): Promise<ChildProcess> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "loupe-scale-"));
  const child = spawn(process.execPath, [mainJs], {
    env: {
      ...process.env,
      DATABASE_URL,
      PORT: String(port),
      DATA_DIR: dataDir,
      SEED_DEMO: "false",
      LOG_LEVEL: "warn",
      // Only the calls under test: no background loop wakes up during a cell.
      READY_REMINDER_SWEEP_SECONDS: "0",
      LENS_STATUS_POLL_SECONDS: "0",
      TRACKING_POLL_SECONDS: "0",
      MANIFEST_CHECK_SECONDS: "0",
      ANCHOR_INTERVAL_MINUTES: "0",
      ANCHOR_EVERY_ROWS: "0",
      OUTBOX_POLL_SECONDS: "60",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  for (let waited = 0; waited < 120_000; waited += 200) {
    const ok = await new Promise<boolean>((resolve) => {
      http
        .get({ host: "127.0.0.1", port, path: "/readyz" }, (res) => {
          res.resume();
          resolve(res.statusCode === 200);
        })
        .on("error", () => resolve(false));
    });
    if (ok) return child;
    if (child.exitCode !== null) throw new Error(`server on ${port} exited with ${child.exitCode}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server on ${port} not ready after 120 s`);
}

async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const gone = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await gone;
}

async function login(port: number): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${port}/api/user/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(DEMO_LOGIN),
  });
  if (res.status !== 200) throw new Error(`login: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: { token: string } }).data.token;
}

const admin = new pg.Client({ connectionString: DATABASE_URL });
await admin.connect();
const results = new Map<string, Cell[]>();
const loads: string[] = [];
if (!fs.existsSync(mainJs)) throw new Error(`${mainJs} is missing: npm run build -w apps/server first.`);
console.log(
  `bench:scale on ${os.cpus().length} cores, ${RUNS} runs × ${SECONDS} s cells, database ${new URL(DATABASE_URL).pathname.slice(1)}`,
);

for (let run = 1; run <= RUNS; run++) {
  loads.push(os.loadavg()[0].toFixed(2));
  // Every other run in the opposite order: the machine's other work drifts during a run, and neither
  // side should always get its later part.
  for (const n of run % 2 === 1 ? PROCESSES : [...PROCESSES].reverse()) {
    const ports = Array.from({ length: n }, (_, i) => 3300 + i);
    const servers = await Promise.all(ports.map(startServer));
    try {
      const token = await login(ports[0]);
      for (const endpoint of ENDPOINTS) {
        for (const clients of CLIENTS) {
          await drive(ports, clients, endpoint.path, token, WARMUP * 1000);
          const cpu0 = servers.reduce((s, c) => s + cpuMs(c.pid as number), 0);
          const m0 = machineTicks();
          const db0 = await backendCpu(admin);
          const t0 = performance.now();
          const r = await drive(ports, clients, endpoint.path, token, SECONDS * 1000);
          const seconds = (performance.now() - t0) / 1000;
          const cpu1 = servers.reduce((s, c) => s + cpuMs(c.pid as number), 0);
          const m1 = machineTicks();
          const db1 = await backendCpu(admin);
          const cell: Cell = {
            perSecond: r.calls / seconds,
            p50: r.p50,
            p99: r.p99,
            cpuMsPerCall: (cpu1 - cpu0) / Math.max(1, r.calls),
            dbCpuMsPerCall: cpuBetween(db0, db1) / Math.max(1, r.calls),
            busy: (m1.busy - m0.busy) / Math.max(1, m1.total - m0.total),
            errors: r.errors,
          };
          const key = `${endpoint.name}|${clients}|${n}`;
          results.set(key, [...(results.get(key) ?? []), cell]);
          console.log(
            `run ${run} ${endpoint.name}, ${clients} clients, ${n} process(es): ${cell.perSecond.toFixed(0)}/s ` +
              `p50 ${cell.p50.toFixed(1)} ms p99 ${cell.p99.toFixed(1)} ms, server CPU ${cell.cpuMsPerCall.toFixed(2)} ms/call, ` +
              `PostgreSQL CPU ${cell.dbCpuMsPerCall.toFixed(2)} ms/call, ` +
              `machine ${(cell.busy * 100).toFixed(0)}% busy${cell.errors ? `, ${cell.errors} errors` : ""}`,
          );
        }
      }
    } finally {
      await Promise.all(servers.map(stopServer));
    }
  }
}
loads.push(os.loadavg()[0].toFixed(2));
await admin.end();

const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const mmm = (xs: number[], digits = 0) => {
  const s = sorted(xs);
  return `${s[0].toFixed(digits)} / ${s[Math.floor(s.length / 2)].toFixed(digits)} / ${s[s.length - 1].toFixed(digits)}`;
};
const median = (xs: number[]) => sorted(xs)[Math.floor(xs.length / 2)];
console.log(`\nload average (1 min) at each run's start and at the end: ${loads.join(", ")}`);
console.log("\nmin / median / max over the runs; ×: throughput against one process (medians)\n");
console.log(
  "| endpoint | clients | processes | calls/s | p50 ms | p99 ms | server CPU ms/call | PostgreSQL CPU ms/call | machine busy | × |",
);
console.log("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
for (const endpoint of ENDPOINTS)
  for (const clients of CLIENTS)
    for (const n of PROCESSES) {
      const cells = results.get(`${endpoint.name}|${clients}|${n}`) ?? [];
      const one = results.get(`${endpoint.name}|${clients}|${PROCESSES[0]}`) ?? [];
      const ratio = median(cells.map((c) => c.perSecond)) / median(one.map((c) => c.perSecond));
      console.log(
        `| ${endpoint.name} | ${clients} | ${n} | ${mmm(cells.map((c) => c.perSecond))} | ${mmm(
          cells.map((c) => c.p50),
          1,
        )} | ${mmm(
          cells.map((c) => c.p99),
          1,
        )} | ${median(cells.map((c) => c.cpuMsPerCall)).toFixed(2)} | ${median(
          cells.map((c) => c.dbCpuMsPerCall),
        ).toFixed(2)} | ${(median(cells.map((c) => c.busy)) * 100).toFixed(0)}% | ${ratio.toFixed(2)} |`,
      );
    }
