/**
 * `npm run bench:export -- [customers]` (default 1,000,000): exports every customer as CSV over
 * HTTP from a server in its own process, on PostgreSQL, and reports the time and how much the
 * server's memory grew (issue 29: 1M customers in under 60 s, the server ≤ 100 MB growth).
 *
 *   npm run bench:export                      # the bench database (DATABASE_URL or loupe_bench)
 *   npm run bench:export -- 200000            # a smaller database
 *
 * The database is topped up to `customers` with `npm run seed:customers` when it has fewer. The
 * server is started as a child process; its peak resident set (`VmHWM` in /proc/<pid>/status) is
 * reset just before the export (`clear_refs`), so the growth is the export's, not start-up's. The
 * client reads the answer as it comes and keeps only counts.
 */
import { execFileSync, fork } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { openBenchDatabase } from "../src/seed/bench-database";

const target = Number(process.argv[2] ?? 1_000_000);
const MB = 1024 * 1024;

async function server() {
  const { buildApp } = await import("../src/app");
  const { loadConfig } = await import("../src/config");
  const { openPostgres } = await import("../src/platform/db/client");
  const config = loadConfig({ ...process.env, LOG_LEVEL: "silent", PORT: "0" } as Record<string, string>);
  const database = openPostgres(config.DATABASE_URL as string);
  const app = await buildApp({ config, database, logger: false, adapters: { email: null, sms: null } });
  await app.listen({ port: 0, host: "127.0.0.1" });
  // Where the memory is (V8's heap, buffers outside it): sampled, the peak of each answered on "peaks".
  const peaks = { heapUsed: 0, heapTotal: 0, external: 0, arrayBuffers: 0 };
  setInterval(() => {
    const m = process.memoryUsage();
    for (const k of Object.keys(peaks) as (keyof typeof peaks)[]) peaks[k] = Math.max(peaks[k], m[k]);
  }, 20).unref();
  process.on("message", async (m: string) => {
    if (m === "reset") {
      peaks.heapUsed = process.memoryUsage().heapUsed;
      process.send?.({ reset: process.memoryUsage().heapUsed });
      for (const k of Object.keys(peaks) as (keyof typeof peaks)[]) peaks[k] = 0;
    }
    if (m === "peaks") {
      const beforeGc = process.memoryUsage().heapUsed;
      global.gc?.();
      process.send?.({ peaks, beforeGc, afterGc: process.memoryUsage().heapUsed });
    }
    if (m === "stop") {
      await app.close();
      await database.close();
      process.exit(0);
    }
  });
  process.send?.({ ready: (app.server.address() as { port: number }).port });
}

/** The kernel's figures for a process, in bytes: its resident set now and its peak since the last reset. */
function memoryOf(pid: number) {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) * 1024;
  return { rss: kb("VmRSS"), hwm: kb("VmHWM") };
}

/** GETs the export, counting bytes and records without keeping them. */
function download(port: number, token: string, url: string) {
  return new Promise<{ status: number; bytes: number; lines: number; firstByteMs: number }>(
    (resolve, reject) => {
      const started = performance.now();
      let firstByteMs = 0;
      const req = http.get(
        { port, host: "127.0.0.1", path: url, headers: { authorization: `Bearer ${token}` } },
        (res) => {
          let bytes = 0;
          let lines = 0;
          res.on("data", (chunk: Buffer) => {
            if (!bytes) firstByteMs = performance.now() - started;
            bytes += chunk.length;
            for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
          });
          res.on("end", () => resolve({ status: res.statusCode ?? 0, bytes, lines, firstByteMs }));
          res.on("error", reject);
        },
      );
      req.on("error", reject);
    },
  );
}

async function main() {
  const { database, url } = await openBenchDatabase();
  const [{ n }] = await database.query<{ n: number }>("select count(*)::int as n from customers");
  await database.close();
  if (n < target) {
    console.log(
      `topping the bench database up from ${n.toLocaleString()} to ${target.toLocaleString()} customers…`,
    );
    execFileSync("npx", ["tsx", "apps/server/src/seed/seed-customers-bulk.ts", String(target - n)], {
      stdio: "inherit",
      env: { ...process.env, DATABASE_URL: url },
    });
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "loupe-export-bench-"));
  const child = fork(new URL(import.meta.url).pathname, ["--server"], {
    execArgv: [
      "--import",
      "tsx",
      "--expose-gc",
      ...(process.env.BENCH_NODE_FLAGS?.split(" ").filter(Boolean) ?? []),
    ],
    env: { ...process.env, DATABASE_URL: url, DATA_DIR: dir, SEED_DEMO: "false" },
  });
  try {
    const port = await new Promise<number>((resolve) =>
      child.once("message", (m: { ready: number }) => resolve(m.ready)),
    );
    const login = await fetch(`http://127.0.0.1:${port}/api/user/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "admin@loupe.test", password: "LoupeDemo1" }),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    // Warm-up: the code paths, the pool, the reference data (a search with few matches).
    await download(port, token, "/api/staff/exports/customers?q=zzzqqq");
    const pid = child.pid as number;
    const before = memoryOf(pid);
    // "5" resets the peak to the current resident set (Linux ≥ 4.0), so VmHWM is the export's own peak.
    fs.writeFileSync(`/proc/${pid}/clear_refs`, "5");
    child.send("reset");
    const heapBefore = await new Promise<number>((r) =>
      child.once("message", (m: { reset: number }) => r(m.reset)),
    );
    const started = performance.now();
    const result = await download(port, token, "/api/staff/exports/customers");
    const seconds = (performance.now() - started) / 1000;
    const after = memoryOf(pid);
    child.send("peaks");
    const { peaks, beforeGc, afterGc } = await new Promise<{
      peaks: Record<string, number>;
      beforeGc: number;
      afterGc: number;
    }>((r) =>
      child.once("message", (m: { peaks: Record<string, number>; beforeGc: number; afterGc: number }) =>
        r(m),
      ),
    );
    console.log(
      `heap used: ${(heapBefore / MB).toFixed(0)} MB before, after ${(beforeGc / MB).toFixed(0)} MB, after a full GC ${(afterGc / MB).toFixed(0)} MB`,
    );
    const rows = result.lines - 1;
    console.log(
      [
        `exported ${rows.toLocaleString()} customers (${(result.bytes / MB).toFixed(1)} MB of CSV, HTTP ${result.status}) ` +
          `in ${seconds.toFixed(1)} s (${Math.round(rows / seconds).toLocaleString()} rows/s, first byte after ${result.firstByteMs.toFixed(0)} ms)`,
        `server RSS ${(before.rss / MB).toFixed(0)} MB before, peak (VmHWM) ${(after.hwm / MB).toFixed(0)} MB during, ` +
          `growth ${((after.hwm - before.rss) / MB).toFixed(0)} MB (peaks: V8 heap used ${(peaks.heapUsed / MB).toFixed(0)} MB of ` +
          `${(peaks.heapTotal / MB).toFixed(0)} MB, external ${(peaks.external / MB).toFixed(0)} MB)`,
        rows >= 1_000_000
          ? `target: 1M < 60 s ${seconds < 60 ? "met" : "MISSED"}, growth ≤ 100 MB ${after.hwm - before.rss <= 100 * MB ? "met" : "MISSED"}`
          : `at this size: ${(seconds * (1_000_000 / rows)).toFixed(1)} s per million rows if it scales linearly`,
      ].join("\n"),
    );
  } finally {
    child.send("stop");
    await new Promise((r) => child.once("exit", r));
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv.includes("--server")) void server();
else
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
