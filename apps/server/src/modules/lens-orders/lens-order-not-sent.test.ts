import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedLensCatalogue } from "../../seed/demo-lens-catalogue";
import { seedDemoSupplierContacts } from "../../seed/demo-suppliers";
import { confirmedJob } from "../../test/confirmed-job";
import { lensOrderBody, multifocal } from "../../test/lens-order-fixtures";
import { type SmtpSink, startSmtpSink } from "../../test/smtp-sink";
import { createTestApp, type TestApp } from "../../test/test-app";

/**
 * Issue 33 item 4: an e-mailed lens order the outbox gives up on becomes "Not sent" on the item
 * (not open, the item out of lenses-ordered, the timeline says why), Send again re-drives the same
 * order once however often it is pressed, and the outlet's failed-sends list shows it. The e-mail
 * goes to a real SMTP server that refuses the supplier's address with a 550.
 */

const HOYA_MAIL = "rx-orders@hoya.example";
let t: TestApp;
let admin: string;
let sam: string;
let sink: SmtpSink;
const q = <T>(sql: string, params: unknown[] = []) => t.database.query<T>(sql, params);

type Job = Awaited<ReturnType<typeof confirmedJob>>;
const detail = async (job: Job) =>
  (await t.call(sam, { method: "GET", url: `/api/staff/orders/${job.orderId}` })).json().data;
const timeline = async (job: Job) =>
  (await t.call(sam, { method: "GET", url: `/api/staff/orders/${job.orderId}/events` })).json().data
    .events as { kind: string; description: string }[];
const itemRow = async (id: number) =>
  (
    await q<{ hoya_status: number | null; slug: string }>(
      "select i.hoya_status, s.slug from order_items i join statuses s on s.id = i.dispense_status_id where i.id = $1",
      [id],
    )
  )[0];
const messagesOf = (key: string) =>
  q<{ id: number; status: string; attempts: number; error: string | null }>(
    "select id, status, attempts, error from outbox_messages where meta->>'kind' = 'lens_order' and meta->>'idempotency_key' = $1 order by id",
    [key],
  );
const keyOf = async (id: number) =>
  (await q<{ key: string }>("select idempotency_key as key from lens_orders where id = $1", [id]))[0].key;
const outletId = async (abbreviation: string) =>
  (await q<{ id: number }>("select id from outlets where abbreviation = $1", [abbreviation]))[0].id;

/** Delivers the outbox until the item's lens order reads `state` (the worker may be at it already). */
async function deliverUntil(job: Job, state: string) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    await t.app.outbox.deliverDue();
    const lensOrder = (await detail(job)).items[0].lens_order;
    if (lensOrder?.state === state || Date.now() > deadline) return lensOrder;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Delivers the outbox until the SMTP server has the order's e-mail. */
async function deliverMail(reference: string) {
  const deadline = Date.now() + 15_000;
  while (!sink.mails.some((m) => m.subject.includes(reference)) && Date.now() < deadline) {
    await t.app.outbox.deliverDue();
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function orderByEmail(job: Job) {
  const res = await t.call(sam, {
    method: "POST",
    url: "/api/order_lens",
    payload: await lensOrderBody(t, job, "HOYA", "email"),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number; reference: string };
}

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({
    env: { SMTP_URL: sink.url, LENS_STATUS_POLL_SECONDS: "0", OUTBOX_POLL_SECONDS: "3600" },
    adapters: { email: undefined },
  });
  await seedLensCatalogue(t.database.db);
  await seedDemoSupplierContacts(t.database.db);
  admin = await t.login();
  sam = await t.login("sam@loupe.test");
}, 120_000);
afterAll(async () => {
  await t?.close();
  await sink?.close();
});

describe("an e-mailed lens order the mail server refuses", () => {
  let job: Job;
  let placed: { id: number; reference: string };

  it("is given up at once on a 550 and reads Not sent on the job: not open, the item back from lenses-ordered, the timeline says why", async () => {
    sink.refuseAddresses.add(HOYA_MAIL);
    job = await confirmedJob(t, admin, { ...multifocal, lensSupplier: "Hoya" });
    placed = await orderByEmail(job);
    const lensOrder = await deliverUntil(job, "not_sent");
    expect(lensOrder).toMatchObject({
      id: placed.id,
      state: "not_sent",
      status_label: "Not sent",
      open: false,
      can_cancel: false,
    });
    // A permanent refusal is not retried for hours: one attempt, then failed.
    const [message] = await messagesOf(await keyOf(placed.id));
    expect(message).toMatchObject({ status: "failed", attempts: 1 });
    expect(message.error).toContain("550");
    expect(await itemRow(job.itemId)).toEqual({ hoya_status: -1, slug: "pending" });
    const lines = (await timeline(job)).filter((e) => e.kind === "lens_not_sent");
    expect(lines).toHaveLength(1);
    expect(lines[0].description).toMatch(
      new RegExp(
        `^Item 1: lens order ${placed.reference} not sent — the supplier's mail server refused it: .*550`,
      ),
    );
    expect(lines[0].description).not.toMatch(/Lovelace|Ada/);
    const full = (
      await t.call(sam, { method: "GET", url: `/api/staff/order-items/${job.itemId}/lens-orders` })
    ).json().data[0];
    expect(full.last_error).toContain("550");
    expect(full.events.at(-1)).toMatchObject({ label: "Not sent", source: "system" });
    // It no longer blocks ordering the item again, nor counts as an order the supplier took.
    const count = (
      await t.call(sam, { method: "GET", url: `/api/order_lens/count?order_item_id=${job.itemId}` })
    ).json().data;
    expect(count).toMatchObject({ count: 0, open_order: null });
  });

  it("a repeated notice (the sweep after the listener) changes nothing", async () => {
    await t.app.lensStatusPoller.pollOnce();
    expect((await timeline(job)).filter((e) => e.kind === "lens_not_sent")).toHaveLength(1);
    expect((await detail(job)).items[0].lens_order.state).toBe("not_sent");
  });

  it("is on the outlet's failed-sends list with the job's invoice and supplier, and on no other outlet's", async () => {
    const list = await t.call(sam, {
      method: "GET",
      url: `/api/staff/lens-orders/not-sent?outlet_id=${await outletId("NTN")}`,
    });
    expect(list.statusCode, list.body).toBe(200);
    const [invoice] = await q<{ v: string }>("select vend_invoice_number as v from orders where id = $1", [
      job.orderId,
    ]);
    expect(list.json().data).toContainEqual(
      expect.objectContaining({
        id: placed.id,
        reference: placed.reference,
        order_id: job.orderId,
        invoice: invoice.v,
        supplier_name: "Hoya",
        reason: expect.stringContaining("550"),
      }),
    );
    const other = await t.call(sam, {
      method: "GET",
      url: `/api/staff/lens-orders/not-sent?outlet_id=${await outletId("CHA")}`,
    });
    expect(other.json().data.map((r: { id: number }) => r.id)).not.toContain(placed.id);
    // Another region's outlet is not Sam's to read (issue 52).
    const away = await t.call(sam, {
      method: "GET",
      url: `/api/staff/lens-orders/not-sent?outlet_id=${await outletId("PON")}`,
    });
    expect(away.statusCode).toBe(403);
    const bad = await t.call(sam, { method: "GET", url: "/api/staff/lens-orders/not-sent?outlet_id=abc" });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(["outlet_id"]);
  });

  it("Send again, pressed 5 times at once, queues one new e-mail and the order reads Sent again", async () => {
    sink.refuseAddresses.delete(HOYA_MAIL);
    const key = await keyOf(placed.id);
    const presses = await Promise.all(
      Array.from({ length: 5 }, () =>
        t.call(sam, { method: "POST", url: `/api/staff/lens-orders/${placed.id}/resend` }),
      ),
    );
    for (const res of presses) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        message: "Lens order sent again",
        data: { id: placed.id, state: "placed", status_label: "Order sent", open: true },
      });
    }
    const messages = await messagesOf(key);
    expect(messages).toHaveLength(2);
    expect(messages[0].status).toBe("failed");
    expect((await detail(job)).items[0].lens_order).toMatchObject({ id: placed.id, state: "placed" });
    expect(await itemRow(job.itemId)).toEqual({ hoya_status: 0, slug: "lenses-ordered" });
    const full = (
      await t.call(sam, { method: "GET", url: `/api/staff/order-items/${job.itemId}/lens-orders` })
    ).json().data[0];
    expect(full.events.filter((e: { label: string }) => e.label === "Sending again")).toHaveLength(1);
    // The old message's give-up no longer speaks for the re-sent order.
    await deliverMail(placed.reference);
    await t.app.lensStatusPoller.pollOnce();
    expect((await detail(job)).items[0].lens_order.state).toBe("placed");
    expect(sink.mails.filter((m) => m.subject.includes(placed.reference))).toHaveLength(1);
    // Gone from the failed-sends list.
    const list = await t.call(sam, {
      method: "GET",
      url: `/api/staff/lens-orders/not-sent?outlet_id=${await outletId("NTN")}`,
    });
    expect(list.json().data.map((r: { id: number }) => r.id)).not.toContain(placed.id);
    // A later press answers the same order and queues nothing.
    const again = await t.call(sam, { method: "POST", url: `/api/staff/lens-orders/${placed.id}/resend` });
    expect(again.statusCode).toBe(200);
    expect(await messagesOf(key)).toHaveLength(2);
  });

  it("refuses Send again of an unknown order (404), a bad id (422 naming id) and a cancelled order (409)", async () => {
    const missing = await t.call(sam, { method: "POST", url: "/api/staff/lens-orders/999999/resend" });
    expect(missing.statusCode).toBe(404);
    const bad = await t.call(sam, { method: "POST", url: "/api/staff/lens-orders/abc/resend" });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(["id"]);
    const cancel = await t.call(sam, { method: "POST", url: `/api/staff/lens-orders/${placed.id}/cancel` });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const res = await t.call(sam, { method: "POST", url: `/api/staff/lens-orders/${placed.id}/resend` });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/^Only a lens order that was not sent can be sent again/);
  });
});

describe("a give-up whose notice was missed", () => {
  it("is caught by the status poller's sweep: Not sent after the tries ran out", async () => {
    const job = await confirmedJob(t, admin, { ...multifocal, lensSupplier: "Hoya" });
    const placed = await orderByEmail(job);
    await deliverMail(placed.reference);
    expect((await detail(job)).items[0].lens_order.state).toBe("placed");
    // As if the process stopped between the outbox storing `failed` and telling the lens order.
    const key = await keyOf(placed.id);
    await q(
      "update outbox_messages set status = 'failed', tries = $2, error = 'Connection timeout' where meta->>'idempotency_key' = $1",
      [key, t.app.outbox.policy.maxTries],
    );
    expect(await t.app.lensStatusPoller.pollOnce()).toBeGreaterThanOrEqual(1);
    expect((await detail(job)).items[0].lens_order).toMatchObject({ state: "not_sent", open: false });
    const [line] = (await timeline(job)).filter((e) => e.kind === "lens_not_sent");
    expect(line.description).toBe(
      `Item 1: lens order ${placed.reference} not sent — the e-mail could not be delivered after ${t.app.outbox.policy.maxTries} tries: Connection timeout`,
    );
    // It blocks nothing: a new first order (not a repeat) goes to the lab; Send again then refuses a second open order.
    const fresh = await t.call(sam, {
      method: "POST",
      url: "/api/order_lens",
      payload: await lensOrderBody(t, job, "HOYA", "api"),
    });
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(fresh.json().data).toMatchObject({ is_repeat: false, state: "placed", open: true });
    const res = await t.call(sam, { method: "POST", url: `/api/staff/lens-orders/${placed.id}/resend` });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/^Lenses for this item are already on order/);
    expect((await messagesOf(key)).length).toBe(1);
  });
});
