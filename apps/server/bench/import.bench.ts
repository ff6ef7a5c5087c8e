import { once } from "node:events";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import pg from "pg";
import { startServerProcess } from "./server-process";

/**
 * `npm run bench:import`: issue 46's scale. A chain's files (1M customers, 2M prescriptions, 1M
 * PDs at BENCH_SCALE=1) are written as CSV, then the server (its own process, from source through
 * tsx, on a fresh PostgreSQL database with the demo seed) takes each through the real engine over
 * HTTP: streamed upload, mapping, dry run, run. Prints per file the dry run's and the run's rows/s
 * and time, the total, and the server's peak resident memory (VmHWM) — it must not grow with the
 * file. Kinds the server cannot import yet are skipped and said so.
 *
 * Environment: BENCH_SCALE (default 1: the full million; 0.05 is 50k customers), DATABASE_URL (a
 * database to use as it is) or BENCH_PG_URL (the server to make a fresh database on; default
 * postgres://postgres@127.0.0.1:5432/postgres), BENCH_KEEP_DB=1, BENCH_SKIP_DRY_RUN=1.
 */
const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const PG_URL = process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const CUSTOMERS = Math.round(1_000_000 * SCALE);
const PRESCRIPTIONS = Math.round(2_000_000 * SCALE);
const PDS = Math.round(1_000_000 * SCALE);
const root = path.resolve(import.meta.dirname, "../../..");
const MB = 1024 * 1024;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const OUTLETS = ["CHA", "PAR", "FIT", "SYA", "FVA", "PAD", "FRE", "NOR"];
const FIRST = [
  "Olivia",
  "Jack",
  "Charlotte",
  "William",
  "Amelia",
  "Noah",
  "Isla",
  "Oliver",
  "Mia",
  "Leo",
  "José",
  "Zoë",
];
const LAST = [
  "Smith",
  "Jones",
  "Williams",
  "Brown",
  "Wilson",
  "Taylor",
  "Nguyen",
  "Martin",
  "Lee",
  "O'Brien",
];
const pad = (n: number) => String(n).padStart(2, "0");
const day = (i: number, from: number, span: number) => {
  const d = new Date(Date.UTC(from, 0, 1) + ((i * 7919) % (span * 365)) * 86_400_000);
  return `${pad(d.getUTCDate())}/${pad(d.getUTCMonth() + 1)}/${d.getUTCFullYear()}`;
};
const quarter = (i: number, lo: number, hi: number) => (lo + ((i * 37) % ((hi - lo) * 4 + 1)) / 4).toFixed(2);

/** Writes a CSV line by line (the bench's own memory stays small too). */
async function writeCsv(
  file: string,
  header: string[],
  rows: number,
  line: (i: number) => string[],
  sep = ",",
) {
  const out = fs.createWriteStream(file);
  const write = (s: string) => (out.write(s) ? null : once(out, "drain"));
  await write(`${header.join(sep)}\n`);
  let buf = "";
  for (let i = 1; i <= rows; i++) {
    buf += `${line(i).join(sep)}\n`;
    if (buf.length > 1 << 16) {
      await write(buf);
      buf = "";
    }
  }
  out.end(buf);
  await once(out, "finish");
}

interface Job {
  kind: string;
  file: string;
  rows: number;
  mapping: Record<string, string>;
  valueMaps?: Record<string, Record<string, string>>;
}

async function makeFiles(dir: string): Promise<Job[]> {
  const t0 = performance.now();
  const customers = path.join(dir, "customers.csv");
  // As Optomate exports them: ';', day-first dates, codes of its own.
  await writeCsv(
    customers,
    [
      "PatientID",
      "FirstName",
      "Surname",
      "DOB",
      "Sex",
      "Email",
      "Mobile",
      "Address1",
      "Suburb",
      "State",
      "Postcode",
      "Branch",
      "Consent",
      "Created",
    ],
    CUSTOMERS,
    (i) => [
      `P${i}`,
      FIRST[i % FIRST.length],
      `${LAST[i % LAST.length]}${i % 1000}`,
      day(i, 1940, 70),
      i % 2 ? "M" : "F",
      i % 5 === 0 ? "" : `patient${i}@example.com`,
      i % 3 === 0 ? "" : `04${String(10_000_000 + i).slice(-8)}`,
      `${i % 200} High St`,
      "Chatswood",
      "NSW",
      "2067",
      OUTLETS[i % OUTLETS.length],
      ["ALL", "HEALTH", "NONE"][i % 3],
      day(i, 2005, 18),
    ],
    ";",
  );
  const prescriptions = path.join(dir, "prescriptions.csv");
  await writeCsv(
    prescriptions,
    [
      "RxID",
      "PatientID",
      "Type",
      "Date",
      "R Sph",
      "R Cyl",
      "R Axis",
      "R Add",
      "L Sph",
      "L Cyl",
      "L Axis",
      "L Add",
      "Optom",
    ],
    PRESCRIPTIONS,
    (i) => [
      `RX${i}`,
      `P${((i - 1) % CUSTOMERS) + 1}`,
      "S",
      day(i, 2010, 14),
      quarter(i, -6, 4),
      quarter(i + 1, -3, 0),
      String((i * 13) % 180 || 180),
      quarter(i, 0, 3),
      quarter(i + 2, -6, 4),
      quarter(i + 3, -3, 0),
      String((i * 17) % 180 || 180),
      quarter(i, 0, 3),
      "Dr Lee",
    ],
  );
  const pds = path.join(dir, "pds.csv");
  await writeCsv(pds, ["PdID", "PatientID", "Measured", "R PD", "L PD", "R Ht", "L Ht"], PDS, (i) => [
    `PD${i}`,
    `P${((i - 1) % CUSTOMERS) + 1}`,
    day(i, 2010, 14),
    (29 + (i % 8) / 2).toFixed(1),
    (29 + ((i + 3) % 8) / 2).toFixed(1),
    String(18 + (i % 6)),
    String(18 + (i % 6)),
  ]);
  console.log(`files written in ${((performance.now() - t0) / 1000).toFixed(1)} s: ${dir}`);
  return [
    {
      kind: "customers",
      file: customers,
      rows: CUSTOMERS,
      mapping: {
        source_id: "PatientID",
        first_name: "FirstName",
        last_name: "Surname",
        dob: "DOB",
        gender: "Sex",
        email: "Email",
        mobile: "Mobile",
        address_line1: "Address1",
        suburb: "Suburb",
        state: "State",
        postcode: "Postcode",
        outlet: "Branch",
        opt_in: "Consent",
        created_on: "Created",
      },
      valueMaps: { gender: { M: "Male", F: "Female" } },
    },
    {
      kind: "prescriptions",
      file: prescriptions,
      rows: PRESCRIPTIONS,
      mapping: {
        source_id: "RxID",
        customer_source_id: "PatientID",
        type: "Type",
        prescribed_on: "Date",
        right_sphere: "R Sph",
        right_cylinder: "R Cyl",
        right_axis: "R Axis",
        right_add: "R Add",
        left_sphere: "L Sph",
        left_cylinder: "L Cyl",
        left_axis: "L Axis",
        left_add: "L Add",
        optometrist: "Optom",
      },
      valueMaps: { type: { S: "spectacle", C: "contact_lens" } },
    },
    {
      kind: "pds",
      file: pds,
      rows: PDS,
      mapping: {
        source_id: "PdID",
        customer_source_id: "PatientID",
        measured_on: "Measured",
        right_pd: "R PD",
        left_pd: "L PD",
        right_height: "R Ht",
        left_height: "L Ht",
      },
    },
  ];
}

async function freshDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, drop: async () => {} };
  const name = `loupe_import_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = Object.assign(new URL(PG_URL), { pathname: `/${name}` }).toString();
  return {
    url,
    drop: async () => {
      if (process.env.BENCH_KEEP_DB) return console.log(`kept database ${name}`);
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

const startServer = (url: string, port: number, dataDir: string) =>
  startServerProcess(
    ["--import", "tsx", path.join(root, "apps/server/src/main.ts")],
    { DATABASE_URL: url, PORT: String(port), DATA_DIR: dataDir },
    { cwd: root },
  );

/** The server's peak resident set so far (Linux: VmHWM), in MB. */
const peakRss = (pid: number) => {
  const m = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
  return m ? Number(m[1]) / 1024 : Number.NaN;
};

function api(port: number) {
  let token = "";
  const base = `http://127.0.0.1:${port}/api`;
  const call = async (method: string, url: string, body?: unknown) => {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const json = (await res.json()) as { data?: any; message?: string };
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${json.message}`);
    return json;
  };
  return {
    async login() {
      const res = await fetch(`${base}/user/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: "admin@loupe.test", password: "LoupeDemo1" }),
      });
      token = ((await res.json()) as { data: { token: string } }).data.token;
    },
    call,
    /** A streamed multipart upload: the file is read from disk as it is sent. */
    async upload(kind: string, file: string) {
      const boundary = "----loupe-import-bench";
      async function* body() {
        yield Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="kind"\r\n\r\n${kind}\r\n` +
            `--${boundary}\r\nContent-Disposition: form-data; name="source_system"\r\n\r\noptomate\r\n` +
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${path.basename(file)}"\r\nContent-Type: text/csv\r\n\r\n`,
        );
        for await (const chunk of fs.createReadStream(file)) yield chunk as Buffer;
        yield Buffer.from(`\r\n--${boundary}--\r\n`);
      }
      const res = await fetch(`${base}/staff/imports`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${token}`,
          "content-type": `multipart/form-data; boundary=${boundary}`,
        },
        body: Readable.toWeb(Readable.from(body())) as ReadableStream,
        duplex: "half",
      } as RequestInit);
      const json = (await res.json()) as { data?: any; message?: string };
      return { status: res.status, json };
    },
  };
}

async function until(client: ReturnType<typeof api>, id: number, states: string[], label: string) {
  let last = 0;
  for (;;) {
    const b = (await client.call("GET", `/staff/imports/${id}`)).data;
    if (states.includes(b.state)) return b;
    if (b.state === "failed") throw new Error(`${label} failed: ${b.error}`);
    if (Date.now() - last > 15_000) {
      last = Date.now();
      const p = b.progress;
      console.log(
        `  ${label}: ${p.rows_done}/${p.rows_total ?? "?"} rows, ${p.rows_per_second ?? "?"} rows/s, ${p.seconds_left ?? "?"} s left`,
      );
    }
    await sleep(1000);
  }
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "loupe-import-bench-"));
  console.log(`scale ${SCALE}: ${CUSTOMERS} customers, ${PRESCRIPTIONS} prescriptions, ${PDS} PDs`);
  const jobs = await makeFiles(dir);
  const db = await freshDatabase();
  const port = 3900 + Math.floor(Math.random() * 90);
  const t0 = performance.now();
  const server = await startServer(db.url, port, path.join(dir, "data"));
  console.log(`server up (migrated and seeded) in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const pid = server.pid as number;
  const baseline = peakRss(pid);
  const client = api(port);
  const lines: string[] = [];
  let totalSeconds = 0;
  let totalRows = 0;
  try {
    await client.login();
    for (const job of jobs) {
      const started = performance.now();
      const up = await client.upload(job.kind, job.file);
      if (up.status === 422 && /cannot be imported yet/.test(JSON.stringify(up.json))) {
        lines.push(
          `${job.kind}: skipped — the server has no ${job.kind} kind yet (branch imp-kinds not merged)`,
        );
        continue;
      }
      if (up.status !== 201) throw new Error(`upload ${job.kind}: ${up.status} ${JSON.stringify(up.json)}`);
      const uploadS = (performance.now() - started) / 1000;
      let b = up.json.data;
      b = (
        await client.call("PUT", `/staff/imports/${b.id}/mapping`, {
          version: b.version,
          mapping: job.mapping,
          value_maps: job.valueMaps ?? {},
          date_format: "DD/MM/YYYY",
        })
      ).data;
      let dryS = 0;
      if (!process.env.BENCH_SKIP_DRY_RUN) {
        const d0 = performance.now();
        b = (await client.call("POST", `/staff/imports/${b.id}/dry-run`, { version: b.version })).data;
        b = await until(client, b.id, ["checked"], `${job.kind} dry run`);
        dryS = (performance.now() - d0) / 1000;
      } else {
        // The run takes only a checked batch: mark it so by hand when the dry run is skipped.
        const c = new pg.Client({ connectionString: db.url });
        await c.connect();
        await c.query("update import_batches set state = 'checked', version = version + 1 where id = $1", [
          b.id,
        ]);
        await c.end();
        b = (await client.call("GET", `/staff/imports/${b.id}`)).data;
      }
      const r0 = performance.now();
      b = (await client.call("POST", `/staff/imports/${b.id}/run`, { version: b.version })).data;
      b = await until(client, b.id, ["imported"], `${job.kind} run`);
      const runS = (performance.now() - r0) / 1000;
      const all = (performance.now() - started) / 1000;
      totalSeconds += all;
      totalRows += job.rows;
      const c = b.counts;
      lines.push(
        `${job.kind}: ${job.rows} rows (${(fs.statSync(job.file).size / MB).toFixed(0)} MB) — upload ${uploadS.toFixed(1)} s, ` +
          `dry run ${dryS.toFixed(1)} s (${dryS ? Math.round(job.rows / dryS) : "-"} rows/s), ` +
          `run ${runS.toFixed(1)} s (${Math.round(job.rows / runS)} rows/s); created ${c.created}, merged ${c.merged}, ` +
          `rejected ${c.rows_rejected}, already ${c.already_imported}; server peak RSS so far ${peakRss(pid).toFixed(0)} MB`,
      );
      console.log(lines[lines.length - 1]);
    }
  } finally {
    const peak = peakRss(pid);
    server.kill("SIGTERM");
    await once(server, "exit").catch(() => {});
    await db.drop();
    fs.rmSync(dir, { recursive: true, force: true });
    console.log("\n== bench:import ==");
    for (const l of lines) console.log(l);
    console.log(
      `total ${totalRows} rows in ${totalSeconds.toFixed(1)} s (${Math.round(totalRows / Math.max(totalSeconds, 0.001))} rows/s, dry runs included); ` +
        `server peak RSS ${peak.toFixed(0)} MB (${baseline.toFixed(0)} MB after start)`,
    );
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
