import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import type { FullConfig } from "@playwright/test";
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

/** The point of sale's and the web shop's stand-ins' ports (issue 45) of one worker's server. */
interface StandInPorts {
  lightspeed: number;
  shopify: number;
}

/** The server's environment for one data folder, port, SMTP port and stand-in ports. */
function serverEnv(
  port: number,
  dataDir: string,
  smtpPort: number,
  external: string,
  standIns: StandInPorts,
): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    DATABASE_URL: external,
    NODE_ENV: "development",
    ...(external ? { SEED_DEMO: "false", LAB_SIMULATOR: "false", OUTBOX_POLL_SECONDS: "86400" } : {}),
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: "warn",
    // The local lab simulator moves a lens order one state per step: 6 s lets a journey see a
    // Hoya cancel window open (24 s) and a Shamir order reach delivered (54 s).
    LAB_SIMULATOR_STEP_SECONDS: process.env.LAB_SIMULATOR_STEP_SECONDS ?? "6",
    // The journeys run manifests from the button; the end-of-day timer would make them depend on the hour.
    MANIFEST_TIMES: "off",
    // Likewise the recall run: journeys press "Run today's recalls now"; a timed run would e-mail
    // demo customers into other journeys' inboxes at an hour nobody chose.
    RECALL_RUN_SECONDS: "0",
    // The stand-ins on ports the journeys know, so a journey sells through their control API as a
    // shop assistant would at the till; they sell only when a journey does (a sale of their own
    // would add jobs to lists other journeys count).
    LIGHTSPEED_STAND_IN_PORT: String(standIns.lightspeed),
    SHOPIFY_STAND_IN_PORT: String(standIns.shopify),
    INTAKE_STAND_IN_SELL_SECONDS: "0",
  };
}

/** The built server (`npm start`'s bundle) in its own process group, answering /healthz. */
async function startServer(env: NodeJS.ProcessEnv): Promise<ChildProcess> {
  const server = spawn(process.execPath, ["--enable-source-maps", "apps/server/dist/main.js"], {
    cwd: root,
    env,
    stdio: ["ignore", "inherit", "inherit"],
    detached: true,
  });
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    try {
      const res = await fetch(`${env.PUBLIC_URL}/healthz`);
      if (res.ok) return server;
    } catch {}
    if (Date.now() > deadline) {
      await stopServer(server);
      throw new Error("server did not start in time");
    }
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** SIGTERM to the server's process group; resolves when the server has exited. */
function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || !server.pid) return Promise.resolve();
  const exited = new Promise<void>((resolve) => server.once("exit", () => resolve()));
  try {
    process.kill(-server.pid, "SIGTERM");
  } catch {}
  return exited;
}

/** A real SMTP server that writes each received mail to `mailDir` as JSON, oldest first by name. */
async function startSmtp(mailDir: string): Promise<{ port: number; close: () => Promise<void> }> {
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
  const port = await freePort();
  await new Promise<void>((resolve) => smtp.listen(port, "127.0.0.1", resolve));
  return { port, close: () => new Promise<void>((resolve) => smtp.close(() => resolve())) };
}

/**
 * Starts the real server (embedded database, demo seed, built web app) on a free port with a fresh
 * data folder, and a real SMTP server that writes each received mail to a folder the tests read —
 * one pair per Playwright worker, so journeys in parallel workers never share a database or an
 * inbox. The demo seed runs once: the first server seeds its folder and stops, each worker's
 * server starts on a copy (a restart, seconds, where a seed is about a minute of CPU). Worker n
 * finds its server in E2E_BASE_URL_n and E2E_MAIL_DIR_n (playwright.config.ts points
 * E2E_BASE_URL and E2E_MAIL_DIR at them in the worker).
 *
 * `E2E_DATABASE_URL` points the server at an existing PostgreSQL database instead, e.g. the bench
 * database for `web-budget.spec.ts` on 1M customers and 2M jobs (docs/performance.md):
 * `E2E_DATABASE_URL=postgres://postgres@127.0.0.1:5432/loupe_bench npx playwright test -c e2e/playwright.config.ts e2e/web-budget.spec.ts`.
 * That database must already hold the demo staff login (`npm run bench:jobs` seeds it). The
 * server neither seeds it nor runs the lab simulator or the outbox on it: it is shared, so the
 * journeys only read it (and sign in), and one server serves every worker. Journeys that create
 * data expect the demo seed: run those without it.
 */
export default async function globalSetup(config: FullConfig) {
  // The server serves apps/web/dist; `npm run test:e2e` rebuilds it, a bare `playwright test` may not have.
  if (!fs.existsSync(path.join(root, "apps/web/dist/index.html")) || process.env.E2E_BUILD === "1")
    execFileSync("npm", ["run", "build", "-w", "apps/web"], { cwd: root, stdio: "inherit" });
  // The production bundle, as `npm start` runs it; rebuilt every time (about a second), so a bare
  // `playwright test` never runs a stale server.
  execFileSync("npm", ["run", "build", "-w", "apps/server"], { cwd: root, stdio: "inherit" });
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "loupe-e2e-"));
  const external = process.env.E2E_DATABASE_URL?.trim() || "";
  const workers = external ? 1 : Math.max(1, config.workers);

  const smtps: Awaited<ReturnType<typeof startSmtp>>[] = [];
  const servers: ChildProcess[] = [];
  const stopAll = async () => {
    await Promise.all(servers.map(stopServer));
    await Promise.all(smtps.map((s) => s.close()));
    fs.rmSync(work, { recursive: true, force: true });
  };
  try {
    for (let i = 0; i < workers; i++) smtps.push(await startSmtp(path.join(work, `mail-${i}`)));
    const ports: number[] = [];
    const standIns: StandInPorts[] = [];
    for (let i = 0; i < workers; i++) {
      ports.push(await freePort());
      standIns.push({ lightspeed: await freePort(), shopify: await freePort() });
    }
    const dataDir = (i: number) => path.join(work, `data-${i}`);
    if (workers > 1) {
      // Seeded once; each worker's server opens a copy of the stopped server's folder.
      const seeding = await startServer(
        serverEnv(ports[0], dataDir(0), smtps[0].port, external, standIns[0]),
      );
      await stopServer(seeding);
      for (let i = 1; i < workers; i++) fs.cpSync(dataDir(0), dataDir(i), { recursive: true });
    }
    const started = await Promise.allSettled(
      ports.map((port, i) => startServer(serverEnv(port, dataDir(i), smtps[i].port, external, standIns[i]))),
    );
    for (const s of started) if (s.status === "fulfilled") servers.push(s.value);
    for (const s of started) if (s.status === "rejected") throw s.reason;
    for (let i = 0; i < workers; i++) {
      process.env[`E2E_BASE_URL_${i}`] = `http://127.0.0.1:${ports[i]}`;
      process.env[`E2E_MAIL_DIR_${i}`] = path.join(work, `mail-${i}`);
      process.env[`E2E_LIGHTSPEED_URL_${i}`] = `http://127.0.0.1:${standIns[i].lightspeed}`;
      process.env[`E2E_SHOPIFY_URL_${i}`] = `http://127.0.0.1:${standIns[i].shopify}`;
    }
    process.env.E2E_BASE_URL = process.env.E2E_BASE_URL_0;
    process.env.E2E_MAIL_DIR = process.env.E2E_MAIL_DIR_0;
    process.env.E2E_LIGHTSPEED_URL = process.env.E2E_LIGHTSPEED_URL_0;
    process.env.E2E_SHOPIFY_URL = process.env.E2E_SHOPIFY_URL_0;
  } catch (error) {
    await stopAll();
    throw error;
  }
  return stopAll;
}
