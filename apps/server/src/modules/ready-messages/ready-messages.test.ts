import { READY_MESSAGE_DEFAULTS, readyMessageSendAt } from "@loupe/domain";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSmsSender } from "../../integrations/sms";
import { startTwilioStandIn, type TwilioStandIn } from "../../integrations/sms/stand-in";
import type { Db } from "../../platform/db/client";
import { createTestApp, type TestApp } from "../../test/test-app";
import { createOutboxService } from "../outbox";
import { jobForCustomer, setStatus } from "./ready-messages.fixtures";
import { createReadyMessagesService } from "./ready-messages.service";
import { createStatusTokens } from "./status-link-token";

const log = pino({ level: "silent" });
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

let t: TestApp;
let admin: string;
let twilio: TwilioStandIn;

beforeAll(async () => {
  twilio = await startTwilioStandIn();
  // The app has no SMS adapter: its own worker never sends, so each test drives delivery itself.
  t = await createTestApp({
    env: { TWILIO_AUTH_TOKEN: twilio.authToken, READY_REMINDER_SWEEP_SECONDS: "0" },
  });
  admin = await t.login();
});
afterAll(async () => {
  await t?.close();
  await twilio?.close();
});

const q = <T>(sql: string, params: unknown[] = []) => t.database.query<T>(sql, params);
const messagesOf = (orderId: number) =>
  q<{
    id: number;
    status: string;
    kind: string;
    channel: string | null;
    send_at: Date;
    outbox_message_id: number | null;
  }>("select * from job_messages where order_id = $1 order by id", [orderId]);
const timeline = async (orderId: number) =>
  (
    await q<{ to_value: string }>(
      "select to_value from job_events where order_id = $1 and kind = 'customer_message' order by id",
      [orderId],
    )
  ).map((r) => r.to_value);

/** An outbox and a ready-messages service on the test database, sending through the Twilio stand-in. */
function worker(now: () => Date) {
  const sms = createSmsSender({
    TWILIO_ACCOUNT_SID: twilio.accountSid,
    TWILIO_AUTH_TOKEN: twilio.authToken,
    TWILIO_FROM: twilio.from,
    TWILIO_API_URL: twilio.url,
    publicUrl: t.config.publicUrl,
  });
  const outbox = createOutboxService({ db: t.database.db, email: null, sms, log });
  const service = createReadyMessagesService({
    db: t.database.db,
    outbox,
    tokens: createStatusTokens(t.config),
    log,
    now,
  });
  service.listen();
  return { outbox, service };
}

describe("a job reaching ready", () => {
  it("queues one SMS with its send time, shows it on the job, and staff can cancel it", async () => {
    const job = await jobForCustomer(t, admin, { mobile: "0412 345 678", email: "grace@example.com" });
    const before = Date.now();
    expect((await setStatus(t, admin, job.orderId, job.readyStatusId)).statusCode).toBe(200);
    const after = Date.now();
    // Ready → ready again is not a new ready event.
    expect((await setStatus(t, admin, job.orderId, job.readyStatusId)).statusCode).toBe(200);

    const rows = await messagesOf(job.orderId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: "queued", kind: "ready", channel: "sms" });
    const rule = { ...READY_MESSAGE_DEFAULTS };
    const earliest = readyMessageSendAt(new Date(before), rule, "Australia/Sydney").getTime();
    const latest = readyMessageSendAt(new Date(after), rule, "Australia/Sydney").getTime();
    const sendAt = new Date(rows[0].send_at).getTime();
    expect(sendAt).toBeGreaterThanOrEqual(earliest);
    expect(sendAt).toBeLessThanOrEqual(latest);
    const [outboxRow] = await q<{ status: string; recipient: string; body: string; next_attempt_at: Date }>(
      "select * from outbox_messages where id = $1",
      [rows[0].outbox_message_id],
    );
    expect(outboxRow).toMatchObject({ status: "queued", recipient: "+61412345678" });
    expect(new Date(outboxRow.next_attempt_at).getTime()).toBe(sendAt);
    expect(outboxRow.body).toContain("ready to collect at Newtown");
    expect(outboxRow.body).toMatch(/http:\/\/loupe\.test\/shop-api\/status\/\d+\/[0-9a-z]{16}/);

    const shown = await t.call(admin, {
      method: "GET",
      url: `/api/staff/orders/${job.orderId}/customer-messages`,
    });
    expect(shown.statusCode).toBe(200);
    expect(shown.json().data.messages[0]).toMatchObject({ status: "queued", label: "Ready to collect" });
    expect(shown.json().data.time_zone).toBe("Australia/Sydney");

    const cancel = () =>
      t.call(admin, {
        method: "POST",
        url: `/api/staff/orders/${job.orderId}/customer-messages/${rows[0].id}/cancel`,
      });
    const first = await cancel();
    expect(first.statusCode).toBe(200);
    expect(first.json().data.status).toBe("cancelled");
    expect((await cancel()).statusCode).toBe(409);
    const [cancelledOutbox] = await q<{ status: string }>(
      "select status from outbox_messages where id = $1",
      [rows[0].outbox_message_id],
    );
    expect(cancelledOutbox.status).toBe("cancelled");
    const events = await timeline(job.orderId);
    expect(events[0]).toMatch(/^queued by SMS, to be sent .* unless cancelled$/);
    expect(events[1]).toMatch(/^cancelled before it was sent/);
  });

  it("e-mails a customer who switched SMS off, and lists one with no channel on the call list", async () => {
    const byEmail = await jobForCustomer(t, admin, {
      mobile: "0412 345 678",
      email: "g@example.com",
      channel_sms: false,
    });
    await setStatus(t, admin, byEmail.orderId, byEmail.readyStatusId);
    expect((await messagesOf(byEmail.orderId))[0]).toMatchObject({ channel: "email", status: "queued" });

    const none = await jobForCustomer(t, admin, { mobile: null, email: null });
    await setStatus(t, admin, none.orderId, none.readyStatusId);
    expect((await messagesOf(none.orderId))[0]).toMatchObject({ channel: null, status: "failed" });
    const list = await t.call(admin, { method: "GET", url: `/api/staff/outlets/${none.outletId}/call-list` });
    expect(list.json().data.map((r: { order_id: number }) => r.order_id)).toContain(none.orderId);
  });

  it("queues a second message when the job comes back to ready after leaving it", async () => {
    const job = await jobForCustomer(t, admin, { mobile: "0412 345 679" });
    await setStatus(t, admin, job.orderId, job.readyStatusId);
    await setStatus(t, admin, job.orderId, job.inProgressStatusId);
    await setStatus(t, admin, job.orderId, job.readyStatusId);
    expect((await messagesOf(job.orderId)).map((m) => m.kind)).toEqual(["ready", "ready"]);
  });
});

describe("the send time with a fake clock", () => {
  it("holds the message through the cancel window and the quiet hours, then sends it once", async () => {
    const job = await jobForCustomer(t, admin, { mobile: "0412 345 670" });
    // 16:45 in Sydney (AEDT): the window ends at 17:15, inside quiet hours → 08:00 the next morning.
    let clock = new Date("2026-12-01T05:45:00Z");
    const { outbox, service } = worker(() => clock);
    await t.database.db.transaction((tx) =>
      service.onDispenseStatusChanged(tx as unknown as Db, {
        orderId: job.orderId,
        fromSlug: "in-progress",
        toSlug: "ready-to-go",
        staffUserId: null,
      }),
    );
    const [m] = await messagesOf(job.orderId);
    expect(new Date(m.send_at).toISOString()).toBe("2026-12-01T21:00:00.000Z");
    const sent = () => twilio.messages.filter((x) => x.to === "+61412345670").length;
    // Past the cancel window but inside quiet hours: nothing goes. (Other tests' messages may.)
    await outbox.deliverDue(50, new Date("2026-12-01T06:20:00Z"));
    await outbox.deliverDue(50, new Date("2026-12-01T20:59:00Z"));
    expect(sent()).toBe(0);
    clock = new Date("2026-12-01T21:00:00Z");
    await outbox.deliverDue(50, clock);
    await outbox.deliverDue(50, clock);
    expect(sent()).toBe(1);
    expect((await messagesOf(job.orderId))[0].status).toBe("sent");
    expect((await timeline(job.orderId)).at(-1)).toBe("sent by SMS");
  });

  it("sends the uncollected reminders after 7 and 21 days, each once", async () => {
    const job = await jobForCustomer(t, admin, { mobile: "0412 345 671" });
    let clock = new Date("2026-12-01T01:00:00Z");
    const { service } = worker(() => clock);
    await t.database.db.transaction((tx) =>
      service.onDispenseStatusChanged(tx as unknown as Db, {
        orderId: job.orderId,
        fromSlug: "in-progress",
        toSlug: "ready-to-go",
        staffUserId: null,
      }),
    );
    // The job's own status must be ready for a reminder.
    await q("update orders set dispense_status_id = $1 where id = $2", [job.readyStatusId, job.orderId]);
    clock = new Date("2026-12-06T01:00:00Z");
    await service.remindUncollected();
    expect(await messagesOf(job.orderId)).toHaveLength(1);
    clock = new Date("2026-12-08T02:00:00Z");
    await service.remindUncollected();
    await service.remindUncollected();
    const reminders = (await messagesOf(job.orderId)).filter((m) => m.kind === "reminder");
    expect(reminders).toHaveLength(1);
    clock = new Date("2026-12-23T02:00:00Z");
    await Promise.all([service.remindUncollected(), service.remindUncollected()]);
    expect((await messagesOf(job.orderId)).filter((m) => m.kind === "reminder")).toHaveLength(2);
    // 13:00 in Sydney: sent after the cancel window, outside quiet hours.
    expect(new Date((await messagesOf(job.orderId))[2].send_at).toISOString()).toBe(
      "2026-12-23T02:30:00.000Z",
    );
  });
});

describe("the customer's status link", () => {
  it("opens signed out with the stage and the outlet, no price, and counts its reads", async () => {
    const job = await jobForCustomer(t, admin, { mobile: "0412 345 672" });
    await t.call(admin, {
      method: "PUT",
      url: `/api/staff/outlets/${job.outletId}/opening-hours`,
      payload: { opening_hours: "Mon–Fri 9am–5:30pm, Sat 9am–1pm" },
    });
    const url = (
      await t.call(admin, { method: "GET", url: `/api/staff/orders/${job.orderId}/customer-messages` })
    ).json().data.status_link.url as string;
    const path = new URL(url).pathname;
    const page = await t.app.inject({ method: "GET", url: path });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("Your lenses are being made");
    expect(page.body).toContain("4th Dec 2026");
    expect(page.body).toContain("275 King Street");
    expect(page.body).toContain("Mon–Fri 9am–5:30pm");
    expect(page.body).not.toMatch(/\$|395|prescription|sphere/i);
    await setStatus(t, admin, job.orderId, job.readyStatusId);
    expect((await t.app.inject({ method: "GET", url: path })).body).toContain("Ready to collect at Newtown");
    const shown = await t.call(admin, {
      method: "GET",
      url: `/api/staff/orders/${job.orderId}/customer-messages`,
    });
    expect(shown.json().data.status_link.reads).toBe(2);

    const wrong = await t.app.inject({
      method: "GET",
      url: path.replace(/.$/, (c) => (c === "A" ? "B" : "A")),
    });
    expect(wrong.statusCode).toBe(404);
    await t.call(admin, { method: "POST", url: `/api/staff/orders/${job.orderId}/status-links/revoke` });
    expect((await t.app.inject({ method: "GET", url: path })).statusCode).toBe(404);
  });
});

describe("SMS replies and delivery reports through Twilio's webhooks", () => {
  const post = (hook: { url: string; payload: string; headers: Record<string, string> }) =>
    t.app.inject({
      method: "POST",
      url: new URL(hook.url).pathname,
      payload: hook.payload,
      headers: hook.headers,
    });

  it("STOP switches the customer's SMS off, UNSTOP on again, versioned and on the access log", async () => {
    const job = await jobForCustomer(t, admin, { mobile: "0412 345 673", email: "stop@example.com" });
    const inbound = `${t.config.publicUrl}/api/sms/twilio/inbound`;
    const customer = async () =>
      (
        await q<{ channel_sms: boolean; version: number }>(
          "select channel_sms, version from customers where id = $1",
          [job.customerId],
        )
      )[0];
    const v0 = (await customer()).version;

    const forged = twilio.incoming(inbound, "+61412345673", "STOP");
    expect(
      (await post({ ...forged, headers: { ...forged.headers, "x-twilio-signature": "bm9wZQ==" } }))
        .statusCode,
    ).toBe(403);
    expect((await customer()).channel_sms).toBe(true);

    const stop = await post(twilio.incoming(inbound, "+61412345673", "Stop"));
    expect(stop.statusCode).toBe(200);
    expect(stop.body).toContain("<Response>");
    expect(await customer()).toEqual({ channel_sms: false, version: v0 + 1 });
    const logged = await q<{ reason: string; changed_fields: string[] }>(
      "select reason, changed_fields from access_log where customer_id = $1 and screen = 'SMS reply' order by seq",
      [job.customerId],
    );
    expect(logged.map((l) => l.reason)).toEqual(["Customer replied STOP"]);

    // While stopped, the ready message goes by e-mail.
    await setStatus(t, admin, job.orderId, job.readyStatusId);
    expect((await messagesOf(job.orderId))[0].channel).toBe("email");

    await post(twilio.incoming(inbound, "+61412345673", "UNSTOP"));
    expect(await customer()).toEqual({ channel_sms: true, version: v0 + 2 });
  });

  it("a failed delivery report puts the customer on the outlet's call list and the timeline", async () => {
    const job = await jobForCustomer(t, admin, { mobile: "0412 345 674" });
    let clock = new Date("2026-12-01T23:00:00Z");
    const { outbox, service } = worker(() => clock);
    await t.database.db.transaction((tx) =>
      service.onDispenseStatusChanged(tx as unknown as Db, {
        orderId: job.orderId,
        fromSlug: "in-progress",
        toSlug: "ready-to-go",
        staffUserId: null,
      }),
    );
    clock = new Date("2026-12-01T23:31:00Z");
    await outbox.deliverDue(10, clock);
    const sms = twilio.messages.find((m) => m.to === "+61412345674");
    expect(sms?.statusCallback).toBe(`${t.config.publicUrl}/api/sms/twilio/status`);
    // The app's own outbox instance takes the report (the listeners of this test's service too).
    const res = await post(twilio.statusCallback(sms!.sid, "undelivered", "30003"));
    expect(res.statusCode).toBe(204);
    const [m] = await messagesOf(job.orderId);
    expect(m.status).toBe("failed");
    const list = await t.call(admin, { method: "GET", url: `/api/staff/outlets/${job.outletId}/call-list` });
    const row = list.json().data.find((r: { order_id: number }) => r.order_id === job.orderId);
    expect(row).toMatchObject({
      mobile: "0412 345 674",
      failure: "The SMS was undelivered (provider error 30003).",
    });
    expect((await timeline(job.orderId)).at(-1)).toMatch(/^not delivered by SMS .*on the call list$/);
  });
});

describe("webhooks exactly once (issue 43 §5)", () => {
  const post = (hook: { url: string; payload: string; headers: Record<string, string> }) =>
    t.app.inject({
      method: "POST",
      url: new URL(hook.url).pathname,
      payload: hook.payload,
      headers: hook.headers,
    });

  /** A ready SMS handed to the Twilio stand-in for a new customer with this mobile. */
  async function sentReadySms(mobile: string, e164: string) {
    const job = await jobForCustomer(t, admin, { mobile });
    let clock = new Date("2026-12-01T23:00:00Z");
    const { outbox, service } = worker(() => clock);
    await t.database.db.transaction((tx) =>
      service.onDispenseStatusChanged(tx as unknown as Db, {
        orderId: job.orderId,
        fromSlug: "in-progress",
        toSlug: "ready-to-go",
        staffUserId: null,
      }),
    );
    clock = new Date("2026-12-01T23:31:00Z");
    await outbox.deliverDue(10, clock);
    const sms = twilio.messages.find((m) => m.to === e164);
    if (!sms) throw new Error(`no SMS to ${e164}`);
    const state = async () => ({
      outbox: (
        await q<{ status: string }>("select status from outbox_messages where provider_message_id = $1", [
          sms.sid,
        ])
      )[0]?.status,
      message: (await messagesOf(job.orderId))[0]?.status,
      kept: (
        await q<{ status: string }>("select status from sms_delivery_reports where message_sid = $1", [
          sms.sid,
        ])
      )[0]?.status,
      callList: (await t.call(admin, { method: "GET", url: `/api/staff/outlets/${job.outletId}/call-list` }))
        .json()
        .data.filter((r: { order_id: number }) => r.order_id === job.orderId).length,
      notDelivered: (await timeline(job.orderId)).filter((e) => e.startsWith("not delivered")).length,
    });
    return { job, sid: sms.sid, state };
  }

  it("a replayed signed START after the customer's STOP changes nothing, nor a replayed STOP after UNSTOP", async () => {
    const job = await jobForCustomer(t, admin, { mobile: "0412 345 680" });
    const inbound = `${t.config.publicUrl}/api/sms/twilio/inbound`;
    const customer = async () =>
      (
        await q<{ channel_sms: boolean; version: number }>(
          "select channel_sms, version from customers where id = $1",
          [job.customerId],
        )
      )[0];
    const start = twilio.incoming(inbound, "+61412345680", "START");
    const stop = twilio.incoming(inbound, "+61412345680", "STOP");
    expect((await post(start)).statusCode).toBe(200);
    expect((await post(stop)).statusCode).toBe(200);
    const stopped = await customer();
    expect(stopped.channel_sms).toBe(false);

    // The captured START, signature and all, sent again: a valid post, and no change.
    const replay = await post(start);
    expect(replay.statusCode).toBe(200);
    expect(replay.body).toContain("<Response>");
    expect(await customer()).toEqual(stopped);

    const unstop = twilio.incoming(inbound, "+61412345680", "UNSTOP");
    await post(unstop);
    const started = await customer();
    expect(started).toEqual({ channel_sms: true, version: stopped.version + 1 });
    expect((await post(stop)).statusCode).toBe(200);
    expect(await customer()).toEqual(started);
    const logged = await q<{ reason: string }>(
      "select reason from access_log where customer_id = $1 and screen = 'SMS reply' order by seq",
      [job.customerId],
    );
    expect(logged.map((l) => l.reason)).toEqual(["Customer replied STOP", "Customer replied UNSTOP"]);
  });

  it("a repeated delivery report changes nothing the second time", async () => {
    const { sid, state } = await sentReadySms("0412 345 681", "+61412345681");
    const report = twilio.statusCallback(sid, "undelivered", "30003");
    expect((await post(report)).statusCode).toBe(204);
    const once = await state();
    expect(once).toEqual({
      outbox: "failed",
      message: "failed",
      kept: "undelivered",
      callList: 1,
      notDelivered: 1,
    });
    expect((await post(report)).statusCode).toBe(204);
    expect((await post(twilio.statusCallback(sid, "undelivered", "30003"))).statusCode).toBe(204);
    expect(await state()).toEqual(once);
  });

  it("a delivery report overtaken on the way never takes the message backwards", async () => {
    const { sid, state } = await sentReadySms("0412 345 682", "+61412345682");
    await post(twilio.statusCallback(sid, "delivered", undefined, "2612012331"));
    const delivered = await state();
    expect(delivered).toMatchObject({ outbox: "sent", message: "sent", kept: "delivered", callList: 0 });

    // Older by its stage (sent comes before delivered) or by the carrier's time: nothing changes.
    await post(twilio.statusCallback(sid, "sent"));
    await post(twilio.statusCallback(sid, "undelivered", "30003", "2612012330"));
    expect(await state()).toEqual(delivered);

    // A later carrier time for the same stage is news.
    await post(twilio.statusCallback(sid, "undelivered", "30003", "2612012335"));
    expect(await state()).toMatchObject({ outbox: "failed", kept: "undelivered", callList: 1 });
  });
});

describe.runIf(onPostgres)("exactly once on PostgreSQL", () => {
  it("10 copies of one signed STOP posted at once change the customer once", async () => {
    const job = await jobForCustomer(t, admin, { mobile: "0412 345 683" });
    const stop = twilio.incoming(`${t.config.publicUrl}/api/sms/twilio/inbound`, "+61412345683", "STOP");
    const [before] = await q<{ version: number }>("select version from customers where id = $1", [
      job.customerId,
    ]);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.app.inject({
          method: "POST",
          url: new URL(stop.url).pathname,
          payload: stop.payload,
          headers: stop.headers,
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    expect(await q("select channel_sms, version from customers where id = $1", [job.customerId])).toEqual([
      { channel_sms: false, version: before.version + 1 },
    ]);
    const logged = await q("select 1 from access_log where customer_id = $1 and screen = 'SMS reply'", [
      job.customerId,
    ]);
    expect(logged).toHaveLength(1);
  });

  it("10 parallel requests moving a job to ready queue one message", async () => {
    const job = await jobForCustomer(t, admin, { mobile: "0412 345 675" });
    const results = await Promise.all(
      Array.from({ length: 10 }, () => setStatus(t, admin, job.orderId, job.readyStatusId)),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(await messagesOf(job.orderId)).toHaveLength(1);
    const [{ n }] = await q<{ n: number }>(
      "select count(*)::int as n from outbox_messages where meta->>'order_id' = $1",
      [String(job.orderId)],
    );
    expect(n).toBe(1);
  });

  it("a worker that claimed a message and died: the next worker sends it once", async () => {
    const job = await jobForCustomer(t, admin, { mobile: "0412 345 676" });
    const clock = new Date("2026-12-01T23:00:00Z");
    const a = worker(() => clock);
    await t.database.db.transaction((tx) =>
      a.service.onDispenseStatusChanged(tx as unknown as Db, {
        orderId: job.orderId,
        fromSlug: "in-progress",
        toSlug: "ready-to-go",
        staffUserId: null,
      }),
    );
    const [m] = await messagesOf(job.orderId);
    // Worker A claims it (as deliverDue does) and dies before sending: the claim is never finished.
    await q("update outbox_messages set status = 'sending', locked_until = $2 where id = $1", [
      m.outbox_message_id,
      new Date(clock.getTime() + 31 * 60_000 + 5 * 60_000),
    ]);
    const sent = () => twilio.messages.filter((x) => x.to === "+61412345676").length;
    const b = worker(() => clock);
    const c = worker(() => clock);
    // While the claim holds, no one else takes it.
    await b.outbox.deliverDue(50, new Date(clock.getTime() + 32 * 60_000));
    expect(sent()).toBe(0);
    // The claim has lapsed: two workers race for it, one sends.
    const later = new Date(clock.getTime() + 40 * 60_000);
    await Promise.all([b.outbox.deliverDue(10, later), c.outbox.deliverDue(10, later)]);
    await b.outbox.deliverDue(10, later);
    expect(sent()).toBe(1);
    expect((await messagesOf(job.orderId))[0].status).toBe("sent");
  });

  it("staff cancelling while a worker claims: one of them wins, never both", async () => {
    const job = await jobForCustomer(t, admin, { mobile: "0412 345 677" });
    const clock = new Date("2026-12-01T23:00:00Z");
    const w = worker(() => clock);
    await t.database.db.transaction((tx) =>
      w.service.onDispenseStatusChanged(tx as unknown as Db, {
        orderId: job.orderId,
        fromSlug: "in-progress",
        toSlug: "ready-to-go",
        staffUserId: null,
      }),
    );
    const [m] = await messagesOf(job.orderId);
    const [cancelled, claimed] = await Promise.allSettled([
      w.service.cancel(1, job.orderId, m.id),
      w.outbox.deliverDue(10, new Date(clock.getTime() + 31 * 60_000)),
    ]);
    const sent = twilio.messages.filter((x) => x.to === "+61412345677").length;
    expect(cancelled.status === "fulfilled" ? 0 : 1).toBe(sent);
    expect(claimed.status).toBe("fulfilled");
  });
});

describe("the status link's balance (issue 44)", () => {
  it("shows what is left to pay, the amount alone: no total, no items, no prices", async () => {
    const job = await jobForCustomer(t, admin, { mobile: "0412 345 679" });
    await q("update orders set total_payment_minor = 15000 where id = $1", [job.orderId]);
    const url = (
      await t.call(admin, { method: "GET", url: `/api/staff/orders/${job.orderId}/customer-messages` })
    ).json().data.status_link.url as string;
    const page = await t.app.inject({ method: "GET", url: new URL(url).pathname });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(
      '<p data-testid="balance">Balance to pay when you collect: <strong>$245.00</strong></p>',
    );
    expect(page.body).not.toMatch(/395|150\.00|prescription|sphere|frame/i);
    // Paid in full: no balance line at all.
    await q("update orders set total_payment_minor = 39500 where id = $1", [job.orderId]);
    expect((await t.app.inject({ method: "GET", url: new URL(url).pathname })).body).not.toContain("balance");
  });
});
