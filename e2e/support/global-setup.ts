import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

const root = path.resolve(import.meta.dirname, "../..");

const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = net.createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });

/**
 * Starts the real server (embedded database, demo seed, built web app) on a free port with a fresh
 * data folder, and a real SMTP server that writes each received mail to a folder the tests read.
 *
 * `E2E_DATABASE_URL` points the server at an existing PostgreSQL database instead, e.g. the bench
 * database for `web-budget.spec.ts` on 1M customers and 2M jobs (docs/performance.md):
 * `E2E_DATABASE_URL=postgres://postgres@127.0.0.1:5432/loupe_bench npx playwright test -c e2e/playwright.config.ts e2e/web-budget.spec.ts`.
 * That database must already hold the demo staff login (`npm run bench:jobs` seeds it). The
 * server neither seeds it nor runs the lab simulator or the outbox on it: it is shared, so the
 * journeys only read it (and sign in). Journeys that create data expect the demo seed: run those
 * without it.
 */
export default async function globalSetup() {
  // The server serves apps/web/dist; `npm run test:e2e` rebuilds it, a bare `playwright test` may not have.
  if (!fs.existsSync(path.join(root, "apps/web/dist/index.html")) || process.env.E2E_BUILD === "1")
    execFileSync("npm", ["run", "build", "-w", "apps/web"], { cwd: root, stdio: "inherit" });
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "loupe-e2e-"));
  const mailDir = path.join(work, "mail");
  fs.mkdirSync(mailDir);
  let n = 0;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, session, callback) {
      simpleParser(stream).then((mail) => {
        const to = session.envelope.rcptTo.map((r) => r.address).join(",");
        fs.writeFileSync(
          path.join(mailDir, `${String(++n).padStart(4, "0")}.json`),
          JSON.stringify({ to, subject: mail.subject, text: mail.text }),
        );
        callback();
      }, callback);
    },
  });
  const smtpPort = await freePort();
  await new Promise<void>((resolve) => smtp.listen(smtpPort, "127.0.0.1", resolve));

  const external = process.env.E2E_DATABASE_URL?.trim() || "";
  const port = await freePort();
  // The point of sale's and the web shop's stand-ins (issue 45) on ports the journeys know, so that
  // a journey sells through their control API as a shop assistant would at the till.
  const lightspeedPort = await freePort();
  const shopifyPort = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  // The production bundle, as `npm start` runs it; rebuilt every time (about a second), so a bare
  // `playwright test` never runs a stale server.
  execFileSync("npm", ["run", "build", "-w", "apps/server"], { cwd: root, stdio: "inherit" });
  const server: ChildProcess = spawn(process.execPath, ["--enable-source-maps", "apps/server/dist/main.js"], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: path.join(work, "data"),
      DATABASE_URL: external,
      NODE_ENV: "development",
      ...(external ? { SEED_DEMO: "false", LAB_SIMULATOR: "false", OUTBOX_POLL_SECONDS: "86400" } : {}),
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      PUBLIC_URL: baseUrl,
      LOG_LEVEL: "warn",
      // The local lab simulator moves a lens order one state per step: 6 s lets a journey see a
      // Hoya cancel window open (24 s) and a Shamir order reach delivered (54 s).
      LAB_SIMULATOR_STEP_SECONDS: process.env.LAB_SIMULATOR_STEP_SECONDS ?? "6",
      // The journeys run manifests from the button; the end-of-day timer would make them depend on the hour.
      MANIFEST_TIMES: "off",
      // Likewise the recall run: journeys press "Run today's recalls now"; a timed run would e-mail
      // demo customers into other journeys' inboxes at an hour nobody chose.
      RECALL_RUN_SECONDS: "0",
      LIGHTSPEED_STAND_IN_PORT: String(lightspeedPort),
      SHOPIFY_STAND_IN_PORT: String(shopifyPort),
      // The stand-ins sell only when a journey does: a sale of their own would add jobs to lists
      // other journeys count. (Both names: the adapters read the first, the app the second.)
      INTAKE_STAND_IN_SELL_SECONDS: "0",
    },
    stdio: ["ignore", "inherit", "inherit"],
    detached: true,
  });
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    try {
      const res = await fetch(`${baseUrl}/healthz`);
      if (res.ok) break;
    } catch {}
    if (Date.now() > deadline) throw new Error("server did not start in time");
    await new Promise((r) => setTimeout(r, 500));
  }
  process.env.E2E_BASE_URL = baseUrl;
  process.env.E2E_MAIL_DIR = mailDir;
  process.env.E2E_LIGHTSPEED_URL = `http://127.0.0.1:${lightspeedPort}`;
  process.env.E2E_SHOPIFY_URL = `http://127.0.0.1:${shopifyPort}`;

  return async () => {
    if (server.pid) {
      try {
        process.kill(-server.pid, "SIGTERM");
      } catch {}
    }
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    fs.rmSync(work, { recursive: true, force: true });
  };
}
