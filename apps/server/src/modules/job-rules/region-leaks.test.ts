import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app";
import { jobForCustomer, setStatus } from "../ready-messages/ready-messages.fixtures";

/**
 * Issue 52, item 2, as it was reported: what staff of another region could still do to an AU job
 * or read of an AU outlet. Each is refused with 403 and writes nothing (no change, no timeline row);
 * the same call by the job's (or outlet's) region goes through, so the refusal is about who.
 * Aroha is NZ staff and Tane an NZ manager; Sam is AU staff and Mia an AU manager (demo logins).
 */
let t: TestApp;
let admin: string;
let aroha: string;
let tane: string;
let sam: string;
let mia: string;

beforeAll(async () => {
  t = await createTestApp({ env: { READY_REMINDER_SWEEP_SECONDS: "0" } });
  [admin, aroha, tane, sam, mia] = await Promise.all([
    t.login(),
    t.login("aroha@loupe.test"),
    t.login("tane@loupe.test"),
    t.login("sam@loupe.test"),
    t.login("mia@loupe.test"),
  ]);
});
afterAll(() => t?.close());

const q = <T = Record<string, unknown>>(sql: string, params: unknown[] = []) =>
  t.database.query<T>(sql, params) as Promise<T[]>;
const events = (orderId: number) => q("select * from job_events where order_id = $1 order by id", [orderId]);
const outletId = async (abbreviation: string) =>
  (await q<{ id: number }>("select id from outlets where abbreviation = $1", [abbreviation]))[0].id;
const today = (zone: string) => new Intl.DateTimeFormat("en-CA", { timeZone: zone }).format(new Date());

/** An AU job at Newtown that reached ready: its SMS is queued (cancellable) and its status link issued. */
async function readyAuJob() {
  const job = await jobForCustomer(t, admin, { mobile: "0412 345 678" });
  expect((await setStatus(t, admin, job.orderId, job.readyStatusId)).statusCode).toBe(200);
  const [message] = await q<{ id: number; status: string }>(
    "select id, status from job_messages where order_id = $1",
    [job.orderId],
  );
  expect(message.status).toBe("queued");
  return { ...job, messageId: message.id };
}

/** Runs a call by another region's staff and checks: 403, the rulebook's sentence, nothing written. */
async function refusedAndUnchanged(token: string, orderId: number, call: Parameters<TestApp["call"]>[1]) {
  const before = {
    order: await q("select * from orders where id = $1", [orderId]),
    events: await events(orderId),
    messages: await q("select * from job_messages where order_id = $1 order by id", [orderId]),
    links: await q("select * from job_status_links where order_id = $1", [orderId]),
    related: await q("select * from related_orders where order_id = $1 or related_order_id = $1", [orderId]),
  };
  const res = await t.call(token, call);
  expect(res.statusCode, res.body).toBe(403);
  expect(res.json().code).toBe("forbidden");
  expect(res.json().message).toBe(
    "This job belongs to another region: only that region's staff or an administrator can do this.",
  );
  expect({
    order: await q("select * from orders where id = $1", [orderId]),
    events: await events(orderId),
    messages: await q("select * from job_messages where order_id = $1 order by id", [orderId]),
    links: await q("select * from job_status_links where order_id = $1", [orderId]),
    related: await q("select * from related_orders where order_id = $1 or related_order_id = $1", [orderId]),
  }).toEqual(before);
}

describe("issue 52: another region's staff cannot act on an AU job", () => {
  it("cannot cancel its queued ready message; the job's own region can", async () => {
    const job = await readyAuJob();
    const cancel = {
      method: "POST" as const,
      url: `/api/staff/orders/${job.orderId}/customer-messages/${job.messageId}/cancel`,
    };
    await refusedAndUnchanged(aroha, job.orderId, cancel);
    expect((await t.call(sam, cancel)).statusCode).toBe(200);
  });

  it("cannot revoke its status link; the job's own region can", async () => {
    const job = await readyAuJob();
    const revoke = { method: "POST" as const, url: `/api/staff/orders/${job.orderId}/status-links/revoke` };
    await refusedAndUnchanged(aroha, job.orderId, revoke);
    expect((await t.call(sam, revoke)).statusCode).toBe(200);
  });

  it("cannot change its promised date (it answered 200 and the timeline showed the NZ name)", async () => {
    const job = await jobForCustomer(t, admin, { mobile: "0412 345 678" });
    const change = {
      method: "PUT" as const,
      url: `/api/staff/orders/${job.orderId}/promised-date`,
      payload: { due_date: "2027-01-12", reason: "Lab delay", version: 1 },
    };
    await refusedAndUnchanged(aroha, job.orderId, change);
    expect((await t.call(sam, change)).statusCode).toBe(200);
  });

  it("cannot link jobs of two regions from either side; an administrator can", async () => {
    const au = await jobForCustomer(t, admin, { mobile: "0412 345 678" });
    const nz = await jobForCustomer(t, admin, { mobile: "021 123 4567" }, "PON");
    const link = (from: number, to: number) => ({
      method: "POST" as const,
      url: `/legacy-api/orders/${from}/relate_order`,
      payload: { related_order_id: to },
    });
    // Sam may act on the AU job, not on the NZ one it would be tied to; Aroha the other way round.
    await refusedAndUnchanged(sam, au.orderId, link(au.orderId, nz.orderId));
    await refusedAndUnchanged(aroha, nz.orderId, link(nz.orderId, au.orderId));
    expect(await q("select * from related_orders where order_id = $1", [nz.orderId])).toEqual([]);
    expect((await t.call(admin, link(au.orderId, nz.orderId))).statusCode).toBe(200);
  });
});

describe("issue 52: another region's staff cannot read an AU outlet's day", () => {
  const refused = async (token: string, url: string) => {
    const res = await t.call(token, { method: "GET", url });
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().message).toBe(
      "This outlet belongs to another region: only that region's staff or an administrator can do this.",
    );
    // Nothing of the outlet's day in the refusal: no names, no mobiles.
    expect(res.body).not.toMatch(/Grace|Hopper|\+614/);
  };

  it("the call list (customers' names and mobiles) is refused to NZ staff, open to AU staff", async () => {
    const job = await readyAuJob();
    await q(
      "update job_messages set status = 'failed', failure = 'The provider refused the number.' where id = $1",
      [job.messageId],
    );
    const url = `/api/staff/outlets/${job.outletId}/call-list`;
    await refused(aroha, url);
    const own = await t.call(sam, { method: "GET", url });
    expect(own.statusCode).toBe(200);
    expect(own.json().data.map((r: { order_id: number }) => r.order_id)).toContain(job.orderId);
    // Ticking an AU job's entry off is the AU region's too.
    const done = { method: "POST" as const, url: `/api/staff/call-list/${job.messageId}/done` };
    await refusedAndUnchanged(aroha, job.orderId, done);
    expect((await t.call(sam, done)).statusCode).toBe(200);
  });

  it("the outlet's day is refused to NZ staff, open to AU staff and administrators", async () => {
    const url = `/api/staff/outlet-day?outlet_id=${await outletId("NTN")}`;
    await refused(aroha, url);
    expect((await t.call(sam, { method: "GET", url })).statusCode).toBe(200);
    expect((await t.call(admin, { method: "GET", url })).statusCode).toBe(200);
  });

  it("the till summary is refused to an NZ manager, open to an AU manager", async () => {
    const url = `/api/staff/outlets/${await outletId("NTN")}/till-summary?date=${today("Australia/Sydney")}`;
    await refused(tane, url);
    expect((await t.call(mia, { method: "GET", url })).statusCode).toBe(200);
  });

  it("its workshop settings stay readable, but only its region changes them", async () => {
    const ntn = await outletId("NTN");
    expect(
      (await t.call(aroha, { method: "GET", url: `/api/staff/outlets/${ntn}/workshop-settings` })).statusCode,
    ).toBe(200);
    const res = await t.call(tane, {
      method: "POST",
      url: `/api/staff/outlets/${ntn}/public-holidays`,
      payload: { day: "2027-01-27", name: "Not ours", scope: "outlet" },
    });
    expect(res.statusCode).toBe(403);
    expect(await q("select * from public_holidays where name = 'Not ours'")).toEqual([]);
  });
});
