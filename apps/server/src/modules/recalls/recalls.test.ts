import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pdfText } from "../../test/pdf-text";
import { createTestApp, type TestApp } from "../../test/test-app";
import { jobForCustomer, setStatus } from "../ready-messages/ready-messages.fixtures";
import { EYE_TEST_STEPS, q, recallCustomer, recallsAt } from "./recalls.fixtures";

let t: TestApp;
let admin: string;
let staff: string;
let manager: string;
let typeId: number;
let handTypeId: number;

const type = (over: Record<string, unknown> = {}) => ({
  name: "Eye test (test)",
  region_id: 1,
  interval_months: 24,
  triggers: ["spectacle_prescription"],
  use_expiry: false,
  min_age: 16,
  max_age: null,
  steps: EYE_TEST_STEPS,
  active: true,
  ...over,
});

beforeAll(async () => {
  t = await createTestApp({ env: { RECALL_RUN_SECONDS: "0" } });
  admin = await t.login();
  staff = await t.login("sam@loupe.test");
  manager = await t.login("mia@loupe.test");
  // The demo's own types would give these customers recalls too: the tests use their own.
  await q(t, "update recall_types set active = false");
  const made = await t.call(admin, { method: "POST", url: "/api/staff/recall-types", payload: type() });
  expect(made.statusCode).toBe(201);
  typeId = made.json().data.id;
  const hand = await t.call(admin, {
    method: "POST",
    url: "/api/staff/recall-types",
    payload: type({
      name: "Diabetic (test)",
      triggers: [],
      min_age: null,
      steps: [
        {
          offset_days: 0,
          channel: "email",
          substitute: true,
          subject: "Check due",
          template: "Your check is due.",
        },
      ],
    }),
  });
  handTypeId = hand.json().data.id;
});
afterAll(async () => {
  await t?.close();
});

const recallsOf = async (customerId: number) =>
  (await t.call(admin, { method: "GET", url: `/api/staff/customers/${customerId}/recalls` })).json().data;
const addByHand = (customerId: number, due: string, recallTypeId = typeId) =>
  t.call(admin, {
    method: "POST",
    url: `/api/staff/customers/${customerId}/recalls`,
    payload: { recall_type_id: recallTypeId, due_date: due, reason: "Asked at the counter" },
  });
const stepsOf = (customerId: number) =>
  q<{
    step_index: number;
    status: string;
    channel: string | null;
    reason: string | null;
    due_on: string;
    outbox_message_id: number | null;
  }>(
    t,
    "select step_index, status, channel, reason, due_on::text, outbox_message_id from recall_steps where customer_id = $1 order by id",
    [customerId],
  );

describe("recall types", () => {
  it("are administrators' to define: staff get 403, bad input 422 naming the field, a stale edit 409", async () => {
    expect(
      (await t.call(staff, { method: "POST", url: "/api/staff/recall-types", payload: type() })).statusCode,
    ).toBe(403);
    expect(
      (await t.call(manager, { method: "POST", url: "/api/staff/recall-types", payload: type() })).statusCode,
    ).toBe(403);
    const bad = await t.call(admin, {
      method: "POST",
      url: "/api/staff/recall-types",
      payload: type({ name: "", interval_months: 0 }),
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(expect.arrayContaining(["name", "interval_months"]));
    const noRegion = await t.call(admin, {
      method: "POST",
      url: "/api/staff/recall-types",
      payload: type({ region_id: 999 }),
    });
    expect(noRegion.statusCode).toBe(422);
    expect(noRegion.json().errors.region_id).toBeDefined();
    const put = (version: number) =>
      t.call(admin, {
        method: "PUT",
        url: `/api/staff/recall-types/${handTypeId}`,
        payload: { ...type({ name: "Diabetic (test)", triggers: [], min_age: null }), version },
      });
    expect((await put(1)).statusCode).toBe(200);
    expect((await put(1)).statusCode).toBe(409);
    const list = (await t.call(staff, { method: "GET", url: "/api/staff/recall-types?region_id=1" })).json()
      .data;
    expect(list.map((r: { id: number }) => r.id)).toEqual(expect.arrayContaining([typeId, handTypeId]));
  });
});

describe("a recall by hand", () => {
  it("takes only an active type of the customer's own region", async () => {
    const c = await recallCustomer(t, admin, { first_name: "Regina" });
    const nzType = await t.call(admin, {
      method: "POST",
      url: "/api/staff/recall-types",
      payload: type({ name: "NZ check (test)", region_id: 2 }),
    });
    expect(nzType.statusCode).toBe(201);
    const foreign = await addByHand(c.id, "2027-05-01", nzType.json().data.id);
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors.recall_type_id).toEqual([
      "The selected recall type is not one of the customer's region.",
    ]);
    const archived = await t.call(admin, {
      method: "POST",
      url: "/api/staff/recall-types",
      payload: type({ name: "Archived (test)", active: false }),
    });
    expect((await addByHand(c.id, "2027-05-01", archived.json().data.id)).statusCode).toBe(422);
    expect(await recallsOf(c.id)).toEqual([]);
    expect((await addByHand(c.id, "2027-05-01", handTypeId)).statusCode).toBe(201);
  });
});

describe("recompute on a record's change", () => {
  it("a saved spectacle prescription sets the recall and the customer's active recall; a child's does not", async () => {
    const adult = await recallCustomer(t, admin, { email: "adult@example.com" });
    const [{ id: sourceId }] = await q<{ id: number }>(
      t,
      "select id from prescription_sources where slug = 'in-store'",
    );
    const rx = (customerId: number) =>
      t.call(admin, {
        method: "POST",
        url: `/api/v4/users/${customerId}/prescriptions`,
        payload: { type_id: 1, right_sph: -1, left_sph: -1, source_id: sourceId },
      });
    expect((await rx(adult.id)).statusCode).toBe(201);
    const [recall] = await recallsOf(adult.id);
    const [{ today }] = await q<{ today: string }>(
      t,
      "select (now() at time zone 'Australia/Sydney')::date::text as today",
    );
    const [y, m, d] = today.split("-").map(Number);
    const due = `${y + 2}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
    expect(recall.recall_type.id).toBe(typeId);
    expect(recall.manual).toBe(false);
    expect(recall.basis).toMatch(/^Spectacle prescription of /);
    // Leap days aside, two years on.
    if (!(m === 2 && d === 29)) expect(recall.due_date).toBe(due);
    expect(recall.next_step).toMatchObject({ step_index: 0, channel: "email" });
    const [c] = await q<{ recall_due_date: string }>(
      t,
      "select recall_due_date::text from customers where id = $1",
      [adult.id],
    );
    expect(c.recall_due_date).toBe(recall.due_date);
    const profile = (await t.call(admin, { method: "GET", url: `/api/staff/customers/${adult.id}` })).json()
      .data;
    expect(profile.active_recall.data.due_date.date).toBe(recall.due_date);

    const child = await recallCustomer(t, admin, { dob: "2020-01-01" });
    expect((await rx(child.id)).statusCode).toBe(201);
    expect(await recallsOf(child.id)).toEqual([]);
  });
});

describe("recompute when a job is completed", () => {
  it("a completed multifocal job sets a recall of a type it triggers, in the status change", async () => {
    const made = await t.call(admin, {
      method: "POST",
      url: "/api/staff/recall-types",
      payload: type({
        name: "Multifocal check (test)",
        interval_months: 18,
        triggers: ["job_multifocal"],
        min_age: null,
      }),
    });
    const multifocalType = made.json().data.id;
    const job = await jobForCustomer(t, admin, { email: "job@example.com" });
    const [{ id: productId }] = await q<{ id: number }>(
      t,
      `insert into region_products (region_id, name, product_type_key, parent_type_key, lenses_type, requires_prescription, price_minor)
       values ($1, 'Test multifocal', 'glasses', 'glasses', 'multifocal', true, 39500) returning id`,
      [job.regionId],
    );
    await q(
      t,
      `insert into order_items (order_id, region_product_id, dispense_status_id, outlet_id, unit_price_minor, total_amount_minor)
       values ($1, $2, $3, $4, 39500, 39500)`,
      [job.orderId, productId, job.inProgressStatusId, job.outletId],
    );
    expect(await recallsOf(job.customerId)).toEqual([]);
    const [{ id: completed }] = await q<{ id: number }>(
      t,
      "select id from statuses where kind = 'dispense' and slug = 'completed'",
    );
    expect((await setStatus(t, admin, job.orderId, completed)).statusCode).toBe(200);
    const recalls = await recallsOf(job.customerId);
    expect(recalls).toHaveLength(1);
    expect(recalls[0]).toMatchObject({
      recall_type: { id: multifocalType },
      basis: expect.stringMatching(/^Completed job of /),
    });
    await t.call(admin, {
      method: "PUT",
      url: `/api/staff/recall-types/${multifocalType}`,
      payload: {
        ...type({
          name: "Multifocal check (test)",
          interval_months: 18,
          triggers: ["job_multifocal"],
          min_age: null,
          active: false,
        }),
        version: 1,
      },
    });
  });
});

describe("the run on a fixed clock", () => {
  it("does each step once, past quiet hours, and gives an opted-out customer nothing more", async () => {
    const c = await recallCustomer(t, admin, {
      email: "run@example.com",
      mobile: "0412 345 001",
      address: true,
    });
    expect((await addByHand(c.id, "2027-03-01")).statusCode).toBe(201);
    // 19:30 in Sydney (AEDT): inside the quiet hours.
    const clock = { now: new Date("2027-02-15T08:30:00Z") };
    const run = recallsAt(t, clock);
    const first = await run.runDue();
    expect(first.sent).toBeGreaterThanOrEqual(1);
    let steps = await stepsOf(c.id);
    expect(steps).toEqual([
      expect.objectContaining({ step_index: 0, status: "queued", channel: "email", due_on: "2027-02-15" }),
    ]);
    const [msg] = await q<{ channel: string; recipient: string; next_attempt_at: Date; body: string }>(
      t,
      "select channel, recipient, next_attempt_at, body from outbox_messages where id = $1",
      [steps[0].outbox_message_id],
    );
    expect(msg).toMatchObject({ channel: "email", recipient: "run@example.com" });
    expect(msg.body).toContain("Hi Ada, your Eye test (test) is due 1st Mar 2027.");
    // 09:00 the next morning in Sydney.
    expect(new Date(msg.next_attempt_at).toISOString()).toBe("2027-02-15T22:00:00.000Z");
    // The same run again: nothing new.
    await run.runDue();
    expect(await stepsOf(c.id)).toHaveLength(1);

    // The due day: the SMS (no substitute).
    clock.now = new Date("2027-03-01T01:00:00Z");
    await run.runDue();
    steps = await stepsOf(c.id);
    expect(steps[1]).toMatchObject({ step_index: 1, status: "queued", channel: "sms" });
    const [sms] = await q<{ recipient: string }>(t, "select recipient from outbox_messages where id = $1", [
      steps[1].outbox_message_id,
    ]);
    expect(sms.recipient).toBe("+61412345001");

    // The customer opts out: the letter and the call are skipped, nothing is queued.
    await q(t, "update customers set new_opt_in = 'NONE' where id = $1", [c.id]);
    const [{ n: before }] = await q<{ n: number }>(t, "select count(*)::int as n from outbox_messages");
    clock.now = new Date("2027-03-31T01:00:00Z");
    await run.runDue();
    clock.now = new Date("2027-04-30T01:00:00Z");
    await run.runDue();
    steps = await stepsOf(c.id);
    expect(steps.slice(2)).toEqual([
      expect.objectContaining({
        step_index: 2,
        status: "skipped",
        channel: null,
        reason: "No consent for health messages",
      }),
      expect.objectContaining({ step_index: 3, status: "skipped", reason: "No consent for health messages" }),
    ]);
    const [{ n: after }] = await q<{ n: number }>(t, "select count(*)::int as n from outbox_messages");
    expect(after).toBe(before);
    const [recall] = await recallsOf(c.id);
    expect(recall.next_step).toBeNull();
    expect(recall.steps).toHaveLength(4);
  });

  it("records a message the provider refused as failed, with its reason", async () => {
    const c = await recallCustomer(t, admin, { email: "refused@example.com" });
    expect((await addByHand(c.id, "2027-08-20")).statusCode).toBe(201);
    const refusing = {
      name: "refusing",
      send: async () => {
        throw Object.assign(new Error("550 No such mailbox"), { responseCode: 550 });
      },
    };
    const clock = { now: new Date("2027-08-06T01:00:00Z") };
    const run = recallsAt(t, clock, refusing as never);
    await run.runDue();
    expect((await stepsOf(c.id))[0]).toMatchObject({ status: "queued", channel: "email" });
    await run.outbox.deliverDue(50, new Date("2027-08-06T02:00:00Z"));
    expect((await stepsOf(c.id))[0]).toMatchObject({ status: "failed", reason: "550 No such mailbox" });
  });

  it("keeps 7 days between two recalls of one customer: the later waits", async () => {
    const c = await recallCustomer(t, admin, { email: "twice@example.com" });
    expect((await addByHand(c.id, "2027-05-24")).statusCode).toBe(201);
    expect((await addByHand(c.id, "2027-05-10", handTypeId)).statusCode).toBe(201);
    // Both fall due on 10 May (the eye test's e-mail at −14, the diabetic check on the day).
    const clock = { now: new Date("2027-05-10T01:00:00Z") };
    const run = recallsAt(t, clock);
    const totals = await run.runDue();
    expect(totals.waiting).toBeGreaterThanOrEqual(1);
    expect(await stepsOf(c.id)).toHaveLength(1);
    const waiting = await q<{ next_step_on: string }>(
      t,
      "select next_step_on::text from customer_recalls where customer_id = $1 and next_step_index = 0",
      [c.id],
    );
    expect(waiting).toEqual([{ next_step_on: "2027-05-17" }]);
    clock.now = new Date("2027-05-16T01:00:00Z");
    await run.runDue();
    expect(await stepsOf(c.id)).toHaveLength(1);
    clock.now = new Date("2027-05-17T01:00:00Z");
    await run.runDue();
    expect(await stepsOf(c.id)).toHaveLength(2);
  });

  it("substitutes a letter for an e-mail, prints it for a DL window, and puts a phone step on the call list", async () => {
    const c = await recallCustomer(t, admin, { first_name: "Letitia", phone: "02 9999 0000", address: true });
    expect((await addByHand(c.id, "2027-07-15")).statusCode).toBe(201);
    const clock = { now: new Date("2027-07-01T01:00:00Z") };
    const run = recallsAt(t, clock);
    await run.runDue();
    const [letter] = await stepsOf(c.id);
    expect(letter).toMatchObject({
      status: "queued",
      channel: "letter",
      reason: "No usable e-mail: sent by letter instead",
    });
    const pdf = await t.call(admin, {
      method: "GET",
      url: `/api/staff/outlets/${c.outletId}/recall-letters?date=2027-07-01`,
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    fs.writeFileSync("/tmp/recall-letters.pdf", pdf.rawPayload);
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain("Letitia Lovelace");
    expect(text).toContain("12 Analytical Lane");
    expect(text).toContain("Newtown");
    // The SMS step has no substitute and no mobile: skipped; the letter goes; the phone step goes on the call list.
    for (const day of ["2027-07-15", "2027-08-14", "2027-09-13"]) {
      clock.now = new Date(`${day}T01:00:00Z`);
      await run.runDue();
    }
    const steps = await stepsOf(c.id);
    expect(steps.map((s) => s.status)).toEqual(["queued", "skipped", "queued", "to_call"]);
    const calls = (
      await t.call(admin, { method: "GET", url: `/api/staff/outlets/${c.outletId}/recall-calls` })
    ).json();
    const call = calls.data.find((r: { customer: { id: number } }) => r.customer.id === c.id);
    expect(call).toMatchObject({ phone: "02 9999 0000", script: "Call Letitia to book." });
    // Aroha works in New Zealand: a Sydney outlet's call is not hers to tick off (nor to see).
    const nz = await t.login("aroha@loupe.test");
    const foreign = await t.call(nz, {
      method: "POST",
      url: `/api/staff/recall-calls/${call.step_id}/done`,
      payload: { outcome: "declined" },
    });
    expect(foreign.statusCode).toBe(404);
    expect((await stepsOf(c.id)).at(-1)?.status).toBe("to_call");
    const done = await t.call(admin, {
      method: "POST",
      url: `/api/staff/recall-calls/${call.step_id}/done`,
      payload: { outcome: "booked" },
    });
    expect(done.statusCode).toBe(200);
    const [recall] = await recallsOf(c.id);
    expect(recall.outcome).toBe("booked");
  });
});

describe("the recalls screen", () => {
  it("snoozes with a version (stale 409, past date 422), bulk marks all or none, and lists by region", async () => {
    const c = await recallCustomer(t, admin, { email: "screen@example.com" });
    const added = (await addByHand(c.id, "2027-01-20")).json().data;
    const snooze = (version: number, until: string) =>
      t.call(staff, {
        method: "POST",
        url: `/api/staff/customers/${c.id}/recalls/${added.id}/snooze`,
        payload: { until, reason: "On holiday", version },
      });
    expect((await snooze(1, "2020-01-01")).statusCode).toBe(422);
    const ok = await snooze(1, "2027-02-20");
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({
      due_date: "2027-02-20",
      basis: "Snoozed: On holiday",
      version: 2,
    });
    expect((await snooze(1, "2027-03-20")).statusCode).toBe(409);
    const missingReason = await t.call(staff, {
      method: "POST",
      url: `/api/staff/customers/${c.id}/recalls/${added.id}/snooze`,
      payload: { until: "2027-03-20", reason: "", version: 2 },
    });
    expect(missingReason.statusCode).toBe(422);
    expect(missingReason.json().errors.reason).toBeDefined();

    const bulk = (token: string, version: number) =>
      t.call(token, {
        method: "POST",
        url: "/api/staff/recalls/bulk",
        payload: { action: "booked", recalls: [{ id: added.id, version }] },
      });
    expect((await bulk(staff, 2)).statusCode).toBe(403);
    expect((await bulk(manager, 1)).statusCode).toBe(409);
    const booked = await bulk(manager, 2);
    expect(booked.statusCode).toBe(200);
    expect(booked.json().data[0]).toMatchObject({ outcome: "booked", version: 3 });

    // Send now: the chosen recall's next step is done at once, and nobody else's.
    const other = await recallCustomer(t, admin, { email: "other@example.com" });
    expect((await addByHand(other.id, "2027-01-25")).statusCode).toBe(201);
    // Another recall due today too: send now leaves it for the run.
    await q(
      t,
      "update customer_recalls set next_step_on = (now() at time zone 'Australia/Sydney')::date where customer_id = $1",
      [other.id],
    );
    const now = await recallCustomer(t, admin, { email: "now@example.com" });
    const soon = (await addByHand(now.id, "2027-01-25")).json().data;
    const sent = await t.call(manager, {
      method: "POST",
      url: "/api/staff/recalls/bulk",
      payload: { action: "send_now", recalls: [{ id: soon.id, version: soon.version }] },
    });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().data[0].last_step).toMatchObject({
      status: "queued",
      channel: "email",
      step_index: 0,
    });
    expect((await recallsOf(other.id))[0].steps).toEqual([]);
    const list = await t.call(admin, {
      method: "GET",
      url: `/api/staff/recalls?state=all&outlet_id=${c.outletId}&per_page=100`,
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((r: { id: number }) => r.id)).toContain(added.id);
    // Aroha works at an NZ outlet: Sydney's recalls are not hers to see.
    const nz = await t.login("aroha@loupe.test");
    const theirs = await t.call(nz, {
      method: "GET",
      url: `/api/staff/recalls?state=all&outlet_id=${c.outletId}`,
    });
    expect(theirs.json().data).toEqual([]);
    const bad = await t.call(admin, { method: "GET", url: "/api/staff/recalls?state=soon" });
    expect(bad.statusCode).toBe(422);
  });

  it("exports as CSV for managers only, and shows the returns", async () => {
    expect(
      (await t.call(staff, { method: "GET", url: "/api/staff/exports/recalls?state=all" })).statusCode,
    ).toBe(403);
    const csv = await t.call(manager, { method: "GET", url: "/api/staff/exports/recalls?state=all" });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain("Recall type");
    expect(csv.body).toContain("Eye test (test)");
    const returns = await t.call(admin, { method: "GET", url: "/api/staff/recalls/returns" });
    expect(returns.statusCode).toBe(200);
    const byType = returns.json().data.by_type;
    expect(byType.find((r: { key: string }) => r.key === `type:${typeId}`)?.steps_sent).toBeGreaterThan(0);
    expect((await t.call(staff, { method: "POST", url: "/api/staff/recalls/run" })).statusCode).toBe(403);
  });
});
