/**
 * How much the server grows while it takes ten parallel uploads of ten 9.8 MB files.
 *
 *   npx tsx apps/server/bench/upload-memory.ts            # PDFs (stored as they stream)
 *   npx tsx apps/server/bench/upload-memory.ts --png      # PNGs (stored, then thumbnailed)
 *   DATABASE_URL=postgres://… npx tsx apps/server/bench/upload-memory.ts   # on PostgreSQL
 *
 * The server runs in a child process (the client's own buffers are not counted) and samples its
 * resident set size every 10 ms; the figure is the peak during the uploads minus the resident
 * size just before them, after a warm-up upload.
 */
import { type ChildProcess, fork } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";

const FILE_BYTES = 9_800_000;
const PARALLEL = 10;
const MB = 1024 * 1024;

type Message = { ready: number } | { baseline: number } | { peak: number; now: number };

async function server() {
  const { buildApp } = await import("../src/app");
  const { loadConfig } = await import("../src/config");
  const { openPglite, openPostgres } = await import("../src/platform/db/client");
  const { runMigrations } = await import("../src/platform/db/migrate");
  const { ensureReferenceData } = await import("../src/seed/reference-data");
  const { seedDemoStaff } = await import("../src/seed/demo-staff");
  const config = loadConfig({ ...process.env, LOG_LEVEL: "silent", PORT: "0" } as Record<string, string>);
  const database = config.DATABASE_URL ? openPostgres(config.DATABASE_URL) : await openPglite();
  await runMigrations(database, config.migrationsDir);
  await ensureReferenceData(database.db);
  await seedDemoStaff(database.db);
  const app = await buildApp({ config, database, logger: false, adapters: { email: null, sms: null } });
  await app.listen({ port: 0, host: "127.0.0.1" });
  let peak = 0;
  setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 10).unref();
  process.on("message", async (m: string) => {
    if (m === "baseline") {
      global.gc?.();
      await new Promise((r) => setTimeout(r, 200));
      peak = process.memoryUsage.rss();
      process.send?.({ baseline: peak } satisfies Message);
    } else if (m === "peak") {
      process.send?.({ peak, now: process.memoryUsage.rss() } satisfies Message);
    } else if (m === "stop") {
      await app.close();
      await database.close();
      process.exit(0);
    }
  });
  process.send?.({ ready: (app.server.address() as { port: number }).port } satisfies Message);
}

/** A multipart upload streamed from disk, as a browser sends it. */
function upload(port: number, token: string, file: string, name: string): Promise<number> {
  const boundary = `----loupe-${crypto.randomUUID()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="files[0]"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const length = head.length + fs.statSync(file).size + tail.length;
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        port,
        host: "127.0.0.1",
        method: "POST",
        path: "/api/staff/files",
        headers: {
          authorization: `Bearer ${token}`,
          "content-type": `multipart/form-data; boundary=${boundary}`,
          "content-length": length,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c) => chunks.push(c));
        res.on("end", () => {
          if (res.statusCode !== 201) reject(new Error(`${res.statusCode} ${Buffer.concat(chunks)}`));
          else resolve(res.statusCode);
        });
      },
    );
    req.on("error", reject);
    req.write(head);
    const body = fs.createReadStream(file);
    body.on("end", () => req.end(tail));
    body.pipe(req, { end: false });
  });
}

async function makeFile(dir: string, i: number, png: boolean): Promise<string> {
  const file = path.join(dir, `upload-${i}.${png ? "png" : "pdf"}`);
  if (png) {
    // Noise does not compress: about 1800 × 1800 RGB pixels make a PNG of just under 9.8 MB.
    const side = 1800;
    const raw = crypto.randomBytes(side * side * 3);
    const bytes = await sharp(raw, { raw: { width: side, height: side, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    fs.writeFileSync(file, bytes.subarray(0, Math.min(bytes.length, FILE_BYTES)));
    // A cut PNG still sniffs as PNG, but sharp would refuse it: keep the whole image if it fits.
    if (bytes.length > FILE_BYTES) {
      const small = await sharp(raw, { raw: { width: side, height: side, channels: 3 } })
        .resize(1780, 1780)
        .png({ compressionLevel: 0 })
        .toBuffer();
      fs.writeFileSync(file, small);
    }
  } else {
    const header = Buffer.from("%PDF-1.4\n");
    fs.writeFileSync(file, Buffer.concat([header, crypto.randomBytes(FILE_BYTES - header.length)]));
  }
  return file;
}

async function main() {
  const png = process.argv.includes("--png");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "loupe-upload-memory-"));
  const files = await Promise.all(Array.from({ length: PARALLEL }, (_, i) => makeFile(dir, i, png)));
  const child: ChildProcess = fork(new URL(import.meta.url).pathname, ["--server"], {
    execArgv: ["--import", "tsx", "--expose-gc"],
    env: { ...process.env, DATA_DIR: path.join(dir, "data"), SEED_DEMO: "false" },
  });
  const next = <T extends Message>(key: string) =>
    new Promise<T>((resolve) => {
      const on = (m: Message) => {
        if (key in m) {
          child.off("message", on);
          resolve(m as T);
        }
      };
      child.on("message", on);
    });
  try {
    const { ready: port } = await next<{ ready: number }>("ready");
    const login = await fetch(`http://127.0.0.1:${port}/api/user/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "admin@loupe.test", password: "LoupeDemo1" }),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    await upload(port, token, files[0], path.basename(files[0])); // warm-up: code paths, pools
    child.send("baseline");
    const { baseline } = await next<{ baseline: number }>("baseline");
    const started = Date.now();
    await Promise.all(files.map((f) => upload(port, token, f, path.basename(f))));
    const took = Date.now() - started;
    child.send("peak");
    const { peak } = await next<{ peak: number; now: number }>("peak");
    const sizes = files.reduce((n, f) => n + fs.statSync(f).size, 0);
    console.log(
      `${PARALLEL} parallel uploads of ${png ? "PNG" : "PDF"} files (${(sizes / MB).toFixed(1)} MB in all) in ${took} ms: ` +
        `server RSS ${(baseline / MB).toFixed(0)} MB before, peak ${(peak / MB).toFixed(0)} MB, ` +
        `growth ${((peak - baseline) / MB).toFixed(0)} MB`,
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
