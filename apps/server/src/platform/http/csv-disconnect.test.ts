import http from "node:http";
import * as contract from "@loupe/contract";
import { type Endpoint, endpointUrl, isEndpoint } from "@loupe/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoCustomers } from "../../seed/demo-customers";
import { seedDemoJobs } from "../../seed/demo-jobs";
import { uploadSmallImport } from "../../test/multipart";
import { createTestApp, type TestApp } from "../../test/test-app";

/**
 * Issue 52, item 1: a client that goes away mid-download leaves no unhandled error and the server
 * answering. Every CSV the contract lists (`files` with text/csv) is fetched over a real socket
 * and the socket is destroyed at three moments: before the answer starts (the first batch still
 * being read), at the first bytes, and after reading stops long enough for the server to be held
 * by back-pressure. After each, the process has raised nothing uncaught, the server logged no
 * error, and `/healthz` answers over HTTP.
 */

const csvEndpoints = (Object.entries(contract) as [string, unknown][]).filter(
  (e): e is [string, Endpoint] => isEndpoint(e[1]) && !!e[1].files?.mediaTypes.includes("text/csv"),
);

type Moment = "before the answer" | "at the first bytes" | "held by back-pressure";
const MOMENTS: Moment[] = ["before the answer", "at the first bytes", "held by back-pressure"];

let t: TestApp;
let admin: string;
let base: URL;
let urls: Record<string, string>;
const logLines: string[] = [];
const uncaught: unknown[] = [];
const onUncaught = (err: unknown) => void uncaught.push(err);

/** Fetches `path` and destroys the socket at `moment`; resolves once the socket is gone. */
function abandon(path: string, moment: Moment): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const req = http.get(
      { host: base.hostname, port: base.port, path, headers: { authorization: `Bearer ${admin}` } },
      (res) => {
        if (res.statusCode !== 200) {
          reject(new Error(`${path}: ${res.statusCode}`));
          return;
        }
        res.once("data", () => {
          if (moment === "at the first bytes") {
            req.destroy();
            return;
          }
          res.pause();
          setTimeout(() => req.destroy(), 300);
        });
      },
    );
    req.on("close", () => resolve());
    req.on("error", () => {});
    if (moment === "before the answer")
      req.on("socket", (s) => s.on("connect", () => setTimeout(() => req.destroy(), 5)));
  });
}

beforeAll(async () => {
  process.on("uncaughtException", onUncaught);
  process.on("unhandledRejection", onUncaught);
  t = await createTestApp({ logLines, env: { LOG_LEVEL: "warn" } });
  await seedDemoCustomers(t.database.db, { customers: 10, jobs: 0 });
  await seedDemoJobs(t.database.db, { customers: 10, jobs: 30 });
  // ~12 MB of sent messages (few rows, long bodies: cheap to insert): more than the sockets between
  // server and client buffer, so a client that stops reading holds the outbox export mid-way.
  await t.database.query(
    `insert into outbox_messages (channel, recipient, subject, body, status, sent_at)
     select 'email', 'bulk' || g || '@example.com', 'Bulk', repeat('y', 10000) || g, 'sent', now()
       from generate_series(1, 1200) g`,
  );
  admin = await t.login();
  base = new URL(await t.app.listen({ port: 0, host: "127.0.0.1" }));
  const customer = (await t.database.query<{ id: number }>("select id from customers order by id limit 1"))[0]
    .id;
  const staff = (await t.call(admin, { method: "GET", url: "/api/me" })).json().data.id;
  const outlet = (await t.database.query<{ id: number }>("select id from outlets order by id limit 1"))[0].id;
  const today = new Date().toISOString().slice(0, 10);
  const importBatch = await uploadSmallImport((opts) => t.call(admin, opts));
  const path = (name: string, params: Record<string, number> = {}) =>
    endpointUrl(new Map(csvEndpoints).get(name)!, params);
  urls = {
    exportCustomers: path("exportCustomers"),
    exportJobs: path("exportJobs"),
    exportOutbox: path("exportOutbox"),
    exportRecalls: path("exportRecalls"),
    exportSubscribers: path("exportSubscribers"),
    customerAccessReport: `${path("customerAccessReport", { id: customer })}?format=csv`,
    staffAccessReport: `${path("staffAccessReport", { id: staff })}?format=csv`,
    outletTillSummary: `${path("outletTillSummary", { id: outlet })}?date=${today}`,
    downloadImportRejects: path("downloadImportRejects", { id: importBatch }),
  };
}, 180_000);
afterAll(async () => {
  await t?.close();
  process.off("uncaughtException", onUncaught);
  process.off("unhandledRejection", onUncaught);
});

describe("a client that goes away mid-download", () => {
  it("finds the contract's CSV downloads, and a way to reach each", () => {
    expect(csvEndpoints.length).toBeGreaterThanOrEqual(8);
    expect(csvEndpoints.map(([name]) => name).filter((name) => !urls[name])).toEqual([]);
  });

  it.each(csvEndpoints)(
    "%s: the server stays up and logs no error",
    async (name) => {
      for (const moment of MOMENTS) {
        const raised = uncaught.length;
        const logged = logLines.length;
        await abandon(urls[name], moment);
        // What the server does once the socket is gone runs on later ticks: let it.
        await new Promise((r) => setTimeout(r, 200));
        expect(uncaught.slice(raised), `${name} ${moment}`).toEqual([]);
        const errors = logLines
          .slice(logged)
          .map((line) => JSON.parse(line) as { level: number; msg: string })
          .filter((line) => line.level >= 50);
        expect(errors, `${name} ${moment}`).toEqual([]);
        const health = await fetch(new URL("/healthz", base));
        expect(health.status, `${name} ${moment}`).toBe(200);
      }
    },
    60_000,
  );
});
