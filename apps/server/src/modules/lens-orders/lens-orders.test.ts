import fs from "node:fs";
import path from "node:path";
import { LENS_ORDER_MESSAGES } from "@loupe/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLabApiTransport } from "../../integrations/lens-suppliers/lab-api.adapter";
import { type LabStandIn, startLabStandIn } from "../../integrations/lens-suppliers/stand-in";
import { seedLensCatalogue } from "../../seed/demo-lens-catalogue";
import { seedDemoSupplierContacts } from "../../seed/demo-suppliers";
import { confirmedJob } from "../../test/confirmed-job";
import { multifocal } from "../../test/lens-order-fixtures";
import { pdfText } from "../../test/pdf-text";
import { type SmtpSink, startSmtpSink } from "../../test/smtp-sink";
import { createTestApp, type TestApp } from "../../test/test-app";

/**
 * Lens orders (jobs-area §2–5, §7–9): suppliers and contacts, Order Lenses through each transport
 * (the local lab simulator, e-mail with a PDF and a .vca to a real SMTP server, a file drop, an
 * automatic interface on a stand-in HTTP server), repeat orders, the Hoya and Shamir cancel
 * windows as the simulated lab moves, status checks and the background poller.
 */

const STEP = 60;
let t: TestApp;
let admin: string;
let sam: string;
let sink: SmtpSink;
let lab: LabStandIn;
let clock = Date.now();
const advance = (steps: number) => {
  clock += steps * STEP * 1000;
};
/** The promise's answer, or a failure after `seconds` (a hang fails the test instead of the run). */
const withinSeconds = <T>(seconds: number, promise: Promise<T>) => {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${seconds} s`)), seconds * 1000);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
};
const q = <T>(sql: string, params: unknown[] = []) => t.database.query<T>(sql, params);

async function contact(supplier: string, channel: string, regionId = 1) {
  const [row] = await q<{ id: number; supplier_id: number }>(
    `select c.id, c.supplier_id from supplier_contacts c join lens_suppliers s on s.id = c.supplier_id
      where s.abbreviation = $1 and c.channel = $2 and c.region_id = $3 and c.is_active order by c.id limit 1`,
    [supplier, channel, regionId],
  );
  return row;
}
async function outletId(abbreviation: string) {
  return (await q<{ id: number }>("select id from outlets where abbreviation = $1", [abbreviation]))[0].id;
}
const order = (token: string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.call(token, { method: "POST", url: "/api/order_lens", payload: body, headers });
async function body(
  job: Awaited<ReturnType<typeof confirmedJob>>,
  supplier: string,
  channel: string,
  extra: Record<string, unknown> = {},
) {
  const c = await contact(supplier, channel);
  return {
    type: "new",
    order_id: job.orderId,
    item: job.itemId,
    from: c.supplier_id,
    supplier_contact_id: c.id,
    to: await outletId("PAR"),
    lenses: "both",
    need_to_edge: "UnCut",
    frame_size: "M",
    ...extra,
  };
}
const itemRow = async (id: number) =>
  (
    await q<{ hoya_status: number | null; shamir_status: number | null; slug: string }>(
      "select i.hoya_status, i.shamir_status, s.slug from order_items i join statuses s on s.id = i.dispense_status_id where i.id = $1",
      [id],
    )
  )[0];
const statusCheck = (itemId: number) =>
  t.call(admin, { method: "GET", url: `/api/order_lens_status_check?order_item_id=${itemId}` });

beforeAll(async () => {
  sink = await startSmtpSink();
  lab = await startLabStandIn();
  t = await createTestApp({
    env: {
      SMTP_URL: sink.url,
      LAB_SIMULATOR_STEP_SECONDS: String(STEP),
      LENS_STATUS_POLL_SECONDS: "0",
      OUTBOX_POLL_SECONDS: "3600",
    },
    adapters: { email: undefined, lens: { now: () => new Date(clock) } },
  });
  await seedLensCatalogue(t.database.db);
  await seedDemoSupplierContacts(t.database.db);
  admin = await t.login();
  sam = await t.login("sam@loupe.test");
}, 120_000);
afterAll(async () => {
  await t.close();
  await sink.close();
  await lab.close();
});

describe("suppliers and contacts", () => {
  it("lists suppliers with kind, cut options, contacts and default delivery outlets; 2, 3 and 4 list no e-mail contacts", async () => {
    const list = (await t.call(sam, { method: "GET", url: "/api/staff/suppliers" })).json().data;
    const by = (abbr: string) => list.find((s: { abbreviation: string }) => s.abbreviation === abbr);
    expect(by("HOYA")).toMatchObject({
      kind: "hoya",
      order_type: "api",
      cut_options: { UnCut: { valid: true }, cut: { valid: true } },
    });
    expect(by("ESS")).toMatchObject({ kind: "standard", cut_options: { cut: { valid: false } } });
    for (const id of [2, 3, 4]) {
      const s = list.find((x: { id: number }) => x.id === id);
      expect(s.contacts_listed).toBe(false);
    }
    expect(by("HOYA").delivery_outlets).toContainEqual({ region_id: 1, outlet_id: await outletId("PAR") });
    const outlet = (
      await t.call(sam, { method: "GET", url: `/api/staff/outlets/${await outletId("NTN")}` })
    ).json().data;
    const channels = outlet.supplier_contacts.map(
      (c: { supplier: { abbreviation: string }; channel: string }) =>
        `${c.supplier.abbreviation}:${c.channel}`,
    );
    expect(channels).toEqual(expect.arrayContaining(["HOYA:api", "HOYA:email", "SHAM:api", "ESS:file_drop"]));
    const byOutlet = (
      await t.call(sam, {
        method: "GET",
        url: `/api/supplier_contacts_by_outlet/outlet/${await outletId("NTN")}`,
      })
    ).json().data;
    expect(byOutlet).toHaveLength(outlet.supplier_contacts.length);
    expect(byOutlet.every((c: { region_id: number }) => c.region_id === 1)).toBe(true);
  });

  it("lets only administrators maintain suppliers and contacts, with versions", async () => {
    const hoya = (await t.call(admin, { method: "GET", url: "/api/staff/suppliers/1" })).json().data;
    const payload = {
      region_id: 2,
      first_name: "Kiri",
      last_name: "Tane",
      mail: "nz@hoya.example",
      channel: "email",
    };
    const refused = await t.call(sam, { method: "POST", url: "/api/staff/suppliers/1/contacts", payload });
    expect(refused.statusCode).toBe(403);
    const made = await t.call(admin, { method: "POST", url: "/api/staff/suppliers/1/contacts", payload });
    expect(made.statusCode, made.body).toBe(200);
    const c = made.json().data;
    const noMail = await t.call(admin, {
      method: "POST",
      url: "/api/staff/suppliers/1/contacts",
      payload: { ...payload, mail: null },
    });
    expect(noMail.statusCode).toBe(422);
    const secondApi = await t.call(admin, {
      method: "POST",
      url: "/api/staff/suppliers/1/contacts",
      payload: { region_id: 1, channel: "api", first_name: "Other" },
    });
    expect(secondApi.statusCode).toBe(422);
    const edit = (version: number) =>
      t.call(admin, {
        method: "PUT",
        url: `/api/staff/supplier-contacts/${c.id}`,
        payload: { ...payload, phone: "09 555 0100", version },
      });
    expect((await edit(c.version)).statusCode).toBe(200);
    const stale = await edit(c.version);
    expect(stale.statusCode).toBe(409);
    const del = await t.call(admin, {
      method: "DELETE",
      url: `/api/staff/supplier-contacts/${c.id}?version=${c.version + 1}`,
    });
    expect(del.json().message).toBe("Supplier contact removed successfully");
    const renamed = await t.call(admin, {
      method: "PUT",
      url: "/api/staff/suppliers/1",
      payload: {
        name: "Hoya",
        abbreviation: "HOYA",
        order_type: "api",
        kind: "hoya",
        allows_cut: true,
        contacts_listed: true,
        version: hoya.version,
      },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const outside = await t.call(admin, {
      method: "PUT",
      url: "/api/staff/suppliers/1/delivery-outlets",
      payload: {
        delivery_outlets: [{ region_id: 2, outlet_id: await outletId("NTN") }],
        version: renamed.json().data.version,
      },
    });
    expect(outside.statusCode).toBe(422);
  });
});

describe("ordering through the local lab simulator (Hoya-type)", () => {
  let job: Awaited<ReturnType<typeof confirmedJob>>;
  let first: { id: number; reference: string; eta: string; created_at: string };

  beforeAll(async () => {
    job = await confirmedJob(t, admin, { ...multifocal, lensSupplier: "Hoya" });
  });

  it("answers the supplier for the item: its region's contacts, default delivery outlet, no blockers, not a repeat", async () => {
    const res = await t.call(sam, {
      method: "GET",
      url: `/api/staff/suppliers/1?order_item_id=${job.itemId}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const s = res.json().data;
    expect(s).toMatchObject({
      order_count: 0,
      is_repeat: false,
      blockers: [],
      edge_options: ["UnCut", "Cut", "FTC"],
      default_delivery_outlet_id: await outletId("PAR"),
      current_lens_option_id: job.lens.id,
    });
    expect(s.contacts.every((c: { region_id: number }) => c.region_id === 1)).toBe(true);
    const count = (
      await t.call(sam, { method: "GET", url: `/api/order_lens/count?order_item_id=${job.itemId}` })
    ).json();
    expect(count.data).toMatchObject({ count: 0, is_repeat: false, open_order: null });
  });

  it("refuses notes over 25 characters for the automatic interface, and a missing contact", async () => {
    const long = await order(sam, await body(job, "HOYA", "api", { notes: "x".repeat(26) }));
    expect(long.statusCode).toBe(422);
    expect(long.json().errors.notes).toEqual([LENS_ORDER_MESSAGES.notesTooLong(25)]);
    const noContact = await order(sam, { ...(await body(job, "HOYA", "api")), supplier_contact_id: null });
    expect(noContact.json().errors.supplier_contact_id).toEqual([LENS_ORDER_MESSAGES.contactRequired]);
    const noTo = await order(sam, { ...(await body(job, "HOYA", "api")), to: null });
    expect(noTo.json().errors.to).toEqual([LENS_ORDER_MESSAGES.deliverToRequired]);
    const badFrom = await order(sam, { ...(await body(job, "HOYA", "api")), outlet_id: 999999 });
    expect(badFrom.statusCode).toBe(422);
    expect(badFrom.json().errors.outlet_id).toBeDefined();
  });

  it("orders lenses: Lens ordered successfully, the item moves to lenses-ordered at Hoya state 0, on the timeline and the access log", async () => {
    const res = await order(sam, await body(job, "HOYA", "api", { notes: "Rush please" }), {
      "idempotency-key": "hoya-order-1",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe("Lens ordered successfully");
    first = res.json().data;
    expect(res.json().data).toMatchObject({
      state: "placed",
      status_code: 0,
      status_label: "Order sent",
      transport: "simulator",
      can_cancel: true,
      open: true,
      is_repeat: false,
    });
    expect(await itemRow(job.itemId)).toMatchObject({ hoya_status: 0, slug: "lenses-ordered" });
    // The lab's delivery date lies days ahead: never the day before the order in any time zone.
    expect(Date.parse(first.eta) - Date.parse(first.created_at)).toBeGreaterThan(86_400_000);
    const timeline = (
      await t.call(sam, { method: "GET", url: `/api/staff/orders/${job.orderId}/events` })
    ).json().data;
    expect(timeline.events.map((e: { kind: string }) => e.kind)).toEqual(
      expect.arrayContaining(["lens_ordered", "item_status"]),
    );
    const [log] = await q<{ n: number }>(
      "select count(*)::int as n from access_log where action = 'send_to_supplier' and resource = 'lens_order' and resource_id = $1 and customer_id = $2",
      [first.id, job.customerId],
    );
    expect(log.n).toBe(1);
    const [{ record }] = await q<{ record: string }>("select record from lens_orders where id = $1", [
      first.id,
    ]);
    expect(record).toContain(`JOB=${first.reference}\r\n`);
    expect(record).toContain("SEGHT=22.00;21.50\r\n");
    const detail = (await t.call(sam, { method: "GET", url: `/api/staff/orders/${job.orderId}` })).json()
      .data;
    expect(detail.items[0].lens_order).toMatchObject({
      id: first.id,
      status_label: "Order sent",
      can_cancel: true,
    });
    // The job docket prints the order with its supplier state.
    const link = await t.call(sam, {
      method: "GET",
      url: `/api/staff/job-tray-signed-url/${job.orderId}?document=docket`,
    });
    expect(link.statusCode, link.body).toBe(200);
    const u = new URL(link.json().data.url);
    const pdf = await t.app.inject({ method: "GET", url: u.pathname + u.search });
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain(first.reference);
    expect(text).toContain("Order sent");
  });

  it("answers a retry with the same key with the same order, and refuses a second order while one is open", async () => {
    const again = await order(sam, await body(job, "HOYA", "api", { notes: "Rush please" }), {
      "idempotency-key": "hoya-order-1",
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.id).toBe(first.id);
    const second = await order(sam, await body(job, "HOYA", "api"));
    expect(second.statusCode).toBe(409);
    const [{ n }] = await q<{ n: number }>(
      "select count(*)::int as n from lens_orders where order_item_id = $1",
      [job.itemId],
    );
    expect(n).toBe(1);
  });

  it("follows the lab: the status check records new states; the Hoya cancel works at 2 and the item goes back", async () => {
    advance(2);
    const checked = await statusCheck(job.itemId);
    expect(checked.json().data[0]).toMatchObject({ status_code: 2, status_label: "Order confirmed" });
    expect((await itemRow(job.itemId)).hoya_status).toBe(2);
    const cancel = await t.call(sam, {
      method: "GET",
      url: `/api/order_lens/cancel/hoya?order_item_id=${job.itemId}`,
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json().message).toBe("Hoya order cancelled successfully");
    expect(cancel.json().data).toMatchObject({ state: "cancelled", open: false, can_cancel: false });
    expect(await itemRow(job.itemId)).toMatchObject({ hoya_status: -1, slug: "pending" });
    const count = (
      await t.call(sam, { method: "GET", url: `/api/order_lens/count?order_item_id=${job.itemId}` })
    ).json();
    expect(count.data.count).toBe(0);
  });

  it("closes the cancel window once the lab starts surfacing; the poller takes the order to delivered and the item to received", async () => {
    const res = await order(sam, await body(job, "HOYA", "api"));
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().data.id;
    advance(4);
    const late = await t.call(sam, { method: "GET", url: `/api/order_lens/cancel/hoya?lens_order_id=${id}` });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/Surfacing/);
    expect((await itemRow(job.itemId)).hoya_status).toBe(4);
    advance(20);
    await q("update lens_orders set next_poll_at = now() - interval '1 second' where id = $1", [id]);
    expect(await t.app.lensStatusPoller.pollOnce()).toBe(1);
    const [row] = await q<{ status_code: number; open: boolean; tracking_number: string | null }>(
      "select status_code, open, tracking_number from lens_orders where id = $1",
      [id],
    );
    expect(row).toMatchObject({ status_code: 12, open: false });
    expect(row.tracking_number).toMatch(/^SIM/);
    expect(await itemRow(job.itemId)).toMatchObject({ hoya_status: 12, slug: "received" });
  });

  it("makes the next order a repeat: reason and internal note required, linked to the original", async () => {
    const count = (
      await t.call(sam, { method: "GET", url: `/api/order_lens/count?order_item_id=${job.itemId}` })
    ).json();
    expect(count.data).toMatchObject({ count: 1, is_repeat: true });
    const stale = await order(sam, await body(job, "HOYA", "api"));
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(LENS_ORDER_MESSAGES.nowRepeat);
    const bare = await order(sam, await body(job, "HOYA", "api", { type: "repeat" }));
    expect(bare.statusCode).toBe(422);
    expect(bare.json().errors).toMatchObject({
      reason: [LENS_ORDER_MESSAGES.reasonRequired],
      description: [LENS_ORDER_MESSAGES.internalNoteRequired],
    });
    const tooLong = await order(
      sam,
      await body(job, "HOYA", "api", {
        type: "repeat",
        reason: "non-tolerance",
        description: "Swim",
        notes: "x".repeat(19),
      }),
    );
    expect(tooLong.json().errors.notes).toEqual([LENS_ORDER_MESSAGES.notesTooLong(18)]);
    const ok = await order(
      sam,
      await body(job, "HOYA", "api", {
        type: "repeat",
        reason: "non-tolerance",
        description: "Customer could not adapt",
      }),
    );
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({
      is_repeat: true,
      repeat_of_id: count.data.original_order_id,
      repeat_reason: "non-tolerance",
      repeat_reason_name: "Non Tolerance",
      description: "Customer could not adapt",
    });
  });
});

describe("Shamir-type orders", () => {
  it("block reordering in states 0–8 and cancel only before production; a late cancel reads Error cancelling order", async () => {
    const job = await confirmedJob(t, admin, { ...multifocal, lensSupplier: "Shamir" });
    const res = await order(sam, await body(job, "SHAM", "api"));
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().data.id;
    expect((await itemRow(job.itemId)).shamir_status).toBe(0);
    advance(3);
    await statusCheck(job.itemId);
    expect((await itemRow(job.itemId)).shamir_status).toBe(3);
    expect((await order(sam, await body(job, "SHAM", "api"))).statusCode).toBe(409);
    const late = await t.call(sam, { method: "POST", url: `/api/shamir/order/cancel/${id}` });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe("Error cancelling order");
    const hoyaCall = await t.call(sam, {
      method: "GET",
      url: `/api/order_lens/cancel/hoya?lens_order_id=${id}`,
    });
    expect(hoyaCall.statusCode).toBe(409);
  });

  it("refuses a repeat while the first order is still open (Submitted) with 409, promptly, and stays usable", async () => {
    const job = await confirmedJob(t, admin, { ...multifocal, lensSupplier: "Shamir" });
    expect((await order(sam, await body(job, "SHAM", "api"))).statusCode).toBe(200);
    expect((await itemRow(job.itemId)).shamir_status).toBe(0);
    const repeat = await body(job, "SHAM", "api", {
      type: "repeat",
      reason: "non-tolerance",
      description: "Second pair",
      idempotency_key: `repeat-${job.itemId}-open`,
    });
    // On PGlite a read outside the placing transaction used to wait for ever: fail instead of hanging.
    const res = await withinSeconds(10, order(sam, repeat));
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe(LENS_ORDER_MESSAGES.alreadyOrdered("Submitted"));
    const asNew = await withinSeconds(10, order(sam, await body(job, "SHAM", "api")));
    expect(asNew.json().message).toBe(LENS_ORDER_MESSAGES.alreadyOrdered("Submitted"));
    expect((await withinSeconds(10, itemRow(job.itemId))).shamir_status).toBe(0);
  });

  it("cancel while the lab has not started", async () => {
    const job = await confirmedJob(t, admin, { ...multifocal, lensSupplier: "Shamir" });
    const id = (await order(sam, await body(job, "SHAM", "api"))).json().data.id;
    const ok = await t.call(sam, { method: "POST", url: `/api/shamir/order/cancel/${id}` });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.state).toBe("cancelled");
    expect((await itemRow(job.itemId)).shamir_status).toBe(10);
  });
});

describe("e-mail and file drop", () => {
  it("e-mails the order sheet PDF and the .vca record to the chosen contact through the outbox", async () => {
    const job = await confirmedJob(t, admin, { ...multifocal, lensSupplier: "Hoya" });
    const res = await order(sam, await body(job, "HOYA", "email", { notes: "Please edge to frame" }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ transport: "email", status_label: "Order sent" });
    const reference = res.json().data.reference;
    // The outbox worker may already be sending it: wait for the SMTP server to have it.
    const deadline = Date.now() + 10_000;
    while (!sink.mails.some((m) => m.subject.includes(reference)) && Date.now() < deadline) {
      await t.app.outbox.deliverDue();
      await new Promise((r) => setTimeout(r, 100));
    }
    const mail = sink.mails.find((m) => m.subject.includes(reference));
    expect(mail?.to).toBe("rx-orders@hoya.example");
    expect(mail?.attachments.map((a) => a.filename).sort()).toEqual([`${reference}.pdf`, `${reference}.vca`]);
    const pdf = mail!.attachments.find((a) => a.filename.endsWith(".pdf"))!;
    expect(pdf.content.subarray(0, 5).toString()).toBe("%PDF-");
    const vca = mail!.attachments.find((a) => a.filename.endsWith(".vca"))!.content.toString("ascii");
    expect(vca.split("\r\n").slice(0, 4)).toEqual(["REQ=FIL", "OMAV=3.12", "VEN=Loupe", `JOB=${reference}`]);
    expect(vca).toContain("REM=Please edge to frame\r\n");
    const sheet = await t.call(sam, {
      method: "GET",
      url: `/api/staff/lens-orders/${res.json().data.id}/sheet`,
    });
    expect(sheet.headers["content-type"]).toBe("application/pdf");
    if (process.env.LENS_SHEET_OUT) fs.writeFileSync(process.env.LENS_SHEET_OUT, sheet.rawPayload);
    const record = await t.call(sam, {
      method: "GET",
      url: `/api/staff/lens-orders/${res.json().data.id}/record`,
    });
    expect(record.body).toBe(vca);
  });

  it("writes the DCS record to the lab's drop folder, and a cancel takes it back while it is there", async () => {
    const job = await confirmedJob(t, admin, { ...multifocal, lensSupplier: "Essilor" });
    const res = await order(sam, await body(job, "ESS", "file_drop"));
    expect(res.statusCode, res.body).toBe(200);
    const { id, reference } = res.json().data;
    const file = path.join(t.config.lensDropDir, "essilor", `${reference}.vca`);
    expect(fs.readFileSync(file, "ascii")).toMatch(
      /^REQ=FIL\r\nOMAV=3\.12\r\nVEN=Loupe\r\nJOB=.*\r\nDO=B\r\n/,
    );
    const cut = await order(sam, await body(job, "ESS", "file_drop", { need_to_edge: "Cut" }));
    expect(cut.statusCode).toBe(409);
    const cancel = await t.call(sam, { method: "POST", url: `/api/staff/lens-orders/${id}/cancel` });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(fs.existsSync(file)).toBe(false);
    const cutNow = await order(sam, await body(job, "ESS", "file_drop", { need_to_edge: "Cut" }));
    expect(cutNow.statusCode).toBe(422);
    expect(cutNow.json().errors.need_to_edge).toEqual([LENS_ORDER_MESSAGES.cutNotOffered("Essilor")]);
  });
});

describe("ordering is refused", () => {
  it("for an item without a confirmed selection, and for an item of another job", async () => {
    const job = await confirmedJob(t, admin, { ...multifocal, lensSupplier: "Hoya" });
    await q("update order_items set additional_info = null where id = $1", [job.itemId]);
    const res = await order(sam, await body(job, "HOYA", "api"));
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(LENS_ORDER_MESSAGES.notConfirmed);
    const other = await order(sam, { ...(await body(job, "HOYA", "api")), order_id: job.orderId + 100000 });
    expect(other.statusCode).toBe(422);
  });

  it("for a lens whose diameter does not fit the frame size and PD", async () => {
    const job = await confirmedJob(t, admin, {
      ...multifocal,
      pd: { ...multifocal.pd, binocular_dist_pd: 62 },
      frameSize: "L",
    });
    const s = (
      await t.call(sam, { method: "GET", url: `/api/staff/suppliers/1?order_item_id=${job.itemId}` })
    ).json().data;
    // A large frame needs 64 for a 70 mm lens and 59 for 75 mm: the saved lens fits at 75 mm, so ordering is enabled.
    expect(s.blockers).toEqual([]);
    await q(
      `update order_items set additional_info = jsonb_set(additional_info, '{pdPresenter,data,width,binocular}', '55') where id = $1`,
      [job.itemId],
    );
    const blocked = (
      await t.call(sam, { method: "GET", url: `/api/staff/suppliers/1?order_item_id=${job.itemId}` })
    ).json().data;
    expect(blocked.blockers).toEqual([LENS_ORDER_MESSAGES.diameterTooSmall]);
  });
});

describe("an automatic interface (stand-in lab)", () => {
  let api: TestApp;
  let token: string;
  beforeAll(async () => {
    api = await createTestApp({
      env: { LENS_STATUS_POLL_SECONDS: "0", LENS_SUPPLIER_TIMEOUT_MS: "300" },
      adapters: {
        lens: {
          api: { hoya: createLabApiTransport({ baseUrl: lab.url, apiKey: lab.apiKey, timeoutMs: 300 }) },
        },
      },
    });
    await seedLensCatalogue(api.database.db);
    await seedDemoSupplierContacts(api.database.db);
    token = await api.login();
  }, 120_000);
  afterAll(() => api.close());

  it("places once through a timeout, passes a rejection on, and records the lab's tracking", async () => {
    const swap = t;
    t = api;
    try {
      const job = await confirmedJob(api, token, { ...multifocal, lensSupplier: "Hoya" });
      lab.rejectNext = "Prism out of range";
      const refused = await order(token, await body(job, "HOYA", "api"));
      expect(refused.statusCode).toBe(422);
      expect(refused.json().message).toBe("Prism out of range");
      const [logged] = await api.database.query<{ n: number }>(
        "select count(*)::int as n from access_log where action = 'send_to_supplier' and outcome = 'failed'",
      );
      expect(logged.n).toBe(1);
      lab.stallMs = 600;
      const slow = await order(token, await body(job, "HOYA", "api"), {
        "idempotency-key": "stalled-order-1",
      });
      expect(slow.statusCode).toBe(502);
      lab.stallMs = 0;
      const retried = await order(token, await body(job, "HOYA", "api"), {
        "idempotency-key": "stalled-order-1",
      });
      expect(retried.statusCode, retried.body).toBe(200);
      expect(retried.json().data.transport).toBe("api");
      const mine = [...lab.orders.values()].filter((o) => o.key === "stalled-order-1");
      expect(mine).toHaveLength(1);
      mine[0].status = 10;
      mine[0].tracking_number = "TRK123";
      const checked = (
        await api.call(token, { method: "GET", url: `/api/order_lens_status_check?order_id=${job.orderId}` })
      ).json().data;
      const placed = checked.find((o: { state: string }) => o.state === "placed");
      expect(placed).toMatchObject({
        status_code: 10,
        status_label: "Dispatched",
        tracking_number: "TRK123",
      });
    } finally {
      t = swap;
    }
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)("parallel orders (PostgreSQL)", () => {
  it("eight Order clicks at once place one order", async () => {
    const job = await confirmedJob(t, admin, { ...multifocal, lensSupplier: "Hoya" });
    const b = await body(job, "HOYA", "api");
    const answers = await Promise.all(Array.from({ length: 8 }, () => order(sam, b)));
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(7);
    const [{ n }] = await q<{ n: number }>(
      "select count(*)::int as n from lens_orders where order_item_id = $1",
      [job.itemId],
    );
    expect(n).toBe(1);
    const next = await confirmedJob(t, admin, { ...multifocal, lensSupplier: "Hoya" });
    const nb = { ...(await body(next, "HOYA", "api")), idempotency_key: "same-key-123" };
    const same = await Promise.all(Array.from({ length: 6 }, () => order(sam, nb)));
    expect(same.map((a) => a.statusCode)).toEqual(Array(6).fill(200));
    expect(new Set(same.map((a) => a.json().data.id)).size).toBe(1);
  });
});
