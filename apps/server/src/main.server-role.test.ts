import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_LOGIN } from "./seed/demo-staff";
import { freePort } from "./test/free-port";

// Least privilege that runs (issue 43): the migration command as the owner, then the server process
// given only the server role's DATABASE_URL, on a fresh PostgreSQL database with the demo seeded.
// tsx runs the same entry points the bundle is built from (the bundle is rebuilt by another test in
// the same run, so it is not read here).
const root = path.resolve(import.meta.dirname, "../../..");
const children: ChildProcess[] = [];

/** Runs one of the server's entry points under tsx, with exactly the given database settings. */
function run(entry: string, env: Record<string, string>) {
  const child = spawn(process.execPath, ["--import", "tsx", `apps/server/src/${entry}`], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "development",
      LOG_LEVEL: "warn",
      DATABASE_URL: "",
      DATABASE_OWNER_URL: "",
      DATABASE_ADMIN_URL: "",
      DATABASE_READ_URL: "",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  children.push(child);
  let output = "";
  child.stdout?.on("data", (d) => (output += d));
  child.stderr?.on("data", (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { child, exited, output: () => output };
}

describe.runIf(process.env.TEST_DATABASE_URL)("the server with only its own database role (issue 43)", () => {
  // The suite's body is collected on PGlite runs too (then skipped): a placeholder keeps it parseable.
  const adminUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const tag = `${process.pid}_${Date.now()}`;
  const dbName = `loupe_least_${tag}`;
  const ownerRole = `loupe_owner_${tag}`;
  const serverRole = `loupe_server_${tag}`;
  const retentionRole = `loupe_retention_${tag}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "loupe-least-"));
  const urlFor = (user: string, password: string) => {
    const u = new URL(adminUrl);
    u.username = user;
    u.password = password;
    u.pathname = `/${dbName}`;
    return u.toString();
  };
  const serverUrl = urlFor(serverRole, "server-pw");
  const retentionUrl = urlFor(retentionRole, "retention-pw");
  let admin: pg.Client;

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
  });

  afterAll(async () => {
    for (const c of children) if (c.exitCode === null && c.pid) process.kill(-c.pid, "SIGKILL");
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.query(`DROP ROLE IF EXISTS ${serverRole}`);
    await admin.query(`DROP ROLE IF EXISTS ${retentionRole}`);
    await admin.query(`DROP ROLE IF EXISTS ${ownerRole}`);
    await admin.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("migrates as the owner, then starts, seeds the demo, answers /healthz and signs in as the server's role alone", async () => {
    const migrate = run("db-migrate.ts", {
      DATABASE_ADMIN_URL: adminUrl,
      DATABASE_OWNER_URL: urlFor(ownerRole, "owner-pw"),
      DATABASE_URL: serverUrl,
      DATABASE_RETENTION_URL: retentionUrl,
    });
    expect(await migrate.exited, migrate.output()).toBe(0);

    const port = await freePort();
    const server = run("main.ts", {
      DATABASE_URL: serverUrl,
      DATABASE_RETENTION_URL: retentionUrl,
      PORT: String(port),
      DATA_DIR: dataDir,
    });
    const base = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 170_000;
    // Listening comes after the demo seed, so the first 200 means the seed went through.
    for (;;) {
      if (server.child.exitCode !== null)
        throw new Error(`server exited with ${server.child.exitCode}:\n${server.output()}`);
      try {
        if ((await fetch(`${base}/healthz`)).ok) break;
      } catch {}
      if (Date.now() > deadline) throw new Error(`server did not start in time:\n${server.output()}`);
      await new Promise((r) => setTimeout(r, 500));
    }
    expect(server.output()).not.toMatch(/permission denied/);
    expect((await fetch(`${base}/readyz`)).status).toBe(200);

    const signIn = await fetch(`${base}/api/user/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: DEMO_LOGIN.email, password: DEMO_LOGIN.password }),
    });
    expect(signIn.status).toBe(200);
    const token = ((await signIn.json()) as { data: { token: string } }).data.token;
    const customers = await fetch(`${base}/api/v4/users?limit=5`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(customers.status).toBe(200);

    // Every connection the server holds is the server's role: the owner's password never reached it.
    const { rows } = await admin.query<{ usename: string }>(
      "SELECT DISTINCT usename FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()",
      [dbName],
    );
    expect(rows.map((r) => r.usename)).toEqual([serverRole]);

    // A retention run reaches the log's purge through the retention role (nothing has expired yet).
    const destroyed = await fetch(`${base}/api/staff/retention/destroy`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ confirm: true }),
    });
    expect(destroyed.status, await destroyed.clone().text()).toBe(200);
    expect(((await destroyed.json()) as { data: { kind: string }[] }).data.map((d) => d.kind)).not.toContain(
      "access_log",
    );

    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
  }, 240_000);
});
