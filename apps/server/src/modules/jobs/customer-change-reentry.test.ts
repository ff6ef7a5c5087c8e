import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { isItemConfirmed, PRESCRIPTION_REENTRY_MESSAGES } from "@loupe/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedLensCatalogue } from "../../seed/demo-lens-catalogue";
import { seedDemoSupplierContacts } from "../../seed/demo-suppliers";
import { confirmedJob } from "../../test/confirmed-job";
import { hasPdftotext, pdfText } from "../../test/pdf-text";
import { createTestApp, type TestApp } from "../../test/test-app";

/**
 * Issue 24 (workshop safety): changing a job's customer takes the old customer's prescription and
 * PD off its items. The bug: item confirmed with customer A's prescription and PD, customer
 * changed to B, the docket printed "Customer: B" above A's prescription and the item stayed
 * Confirmed. Now: a new selection revision without them and with a marker; the item unconfirmed;
 * the docket prints "Prescription to be re-entered"; Order Lenses refused until the job edit saves
 * the item again; every step on the timeline.
 */

let t: TestApp;
let admin: string;
const multifocal = {
  product: "Milo frame + multifocal lenses",
  rx: {
    right_sph: -3.25,
    left_sph: -2.75,
    right_cyl: -0.75,
    right_axis: 95,
    spectacles: { right_near_add: 2.25, left_near_add: 2.25 },
  },
  pd: { binocular_dist_pd: 61.5, right_height_multifocal: 22, left_height_multifocal: 21.5 },
};
/** Customer B's own prescription and PD, values that differ from A's everywhere. */
const bRx = { right_sph: -1, left_sph: -1.25, spectacles: { right_near_add: 1.5, left_near_add: 1.5 } };
const bPd = { binocular_dist_pd: 64, right_height_multifocal: 20, left_height_multifocal: 20 };

const q = <T>(sql: string, params: unknown[] = []) => t.database.query<T>(sql, params);
const call = (method: "GET" | "POST" | "PUT", url: string, payload?: unknown) =>
  t.call(admin, { method, url, payload: payload as never });
const detail = async (id: number) => (await call("GET", `/api/staff/orders/${id}`)).json().data;
const events = async (id: number) =>
  (await call("GET", `/api/staff/orders/${id}/events`)).json().data.events as {
    kind: string;
    order_item_id: number | null;
    from: string | null;
    to: string | null;
    by: string;
    description: string;
  }[];

/** The docket as printed: the signed link opened like a new tab, its text read by pdftotext. */
async function docketText(orderId: number): Promise<string> {
  const link = await call("GET", `/api/staff/job-tray-signed-url/${orderId}?document=docket&paper=A4`);
  expect(link.statusCode, link.body).toBe(200);
  const u = new URL(link.json().data.url);
  const pdf = await t.app.inject({ method: "GET", url: u.pathname + u.search });
  expect(pdf.statusCode).toBe(200);
  const dir = process.env.PRINT_OUT ?? fs.mkdtempSync(path.join(os.tmpdir(), "docket-"));
  const file = path.join(dir, `docket-reentry-${orderId}.pdf`);
  fs.writeFileSync(file, pdf.rawPayload);
  // Without poppler (a fresh machine), the suite's own reader: the docket's words are plain ASCII.
  if (!hasPdftotext) return pdfText(pdf.rawPayload);
  return execFileSync("pdftotext", ["-layout", file, "-"]).toString();
}

async function newCustomer(first: string, last: string) {
  const res = await call("POST", "/api/user", { first_name: first, last_name: last });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json().data.id as number;
}

/** A's confirmed job at a point-of-sale outlet (change customer is offered there), and customer B. */
async function confirmedJobOfA() {
  const job = await confirmedJob(t, admin, { ...multifocal, lensSupplier: "Hoya" });
  await q("update orders set is_octopos_order = true where id = $1", [job.orderId]);
  const rxId = job.item.additional_info.data.prescription.id as number;
  const pdId = job.item.additional_info.data.pd.id as number;
  const b = await newCustomer("Bea", "Bramble");
  return { ...job, rxId, pdId, b };
}

const changeCustomer = (orderId: number, customerId: number) =>
  call("PUT", "/api/staff/orders/customer", { order_id: orderId, customer_id: customerId });

async function lensOrderBody(job: Awaited<ReturnType<typeof confirmedJob>>) {
  const [c] = await q<{ id: number; supplier_id: number }>(
    `select c.id, c.supplier_id from supplier_contacts c join lens_suppliers s on s.id = c.supplier_id
      where s.abbreviation = 'HOYA' and c.channel = 'api' and c.region_id = $1 and c.is_active order by c.id limit 1`,
    [job.regionId],
  );
  const [{ id: to }] = await q<{ id: number }>("select id from outlets where abbreviation = 'PAR'");
  return {
    type: "new",
    order_id: job.orderId,
    item: job.itemId,
    from: c.supplier_id,
    supplier_contact_id: c.id,
    to,
    lenses: "both",
    need_to_edge: "UnCut",
    frame_size: "M",
  };
}

/** The job edit's save of B's own prescription, PD and a lens that fits them. */
async function resaveForB(job: Awaited<ReturnType<typeof confirmedJobOfA>>, revision: number) {
  const first = async (url: string) => (await call("GET", url)).json().data[0].id;
  const rx = (
    await call("POST", `/api/v4/users/${job.b}/prescriptions`, {
      type_id: 1,
      source_id: await first("/api/prescription-source"),
      ...bRx,
    })
  ).json().data;
  const pd = (
    await call("POST", "/api/customer-pd", {
      customer_user_id: job.b,
      source_id: await first("/api/pd-source"),
      ...bPd,
    })
  ).json().data;
  const [{ region_product_id }] = await q<{ region_product_id: number }>(
    "select region_product_id from order_items where id = $1",
    [job.itemId],
  );
  const lens = (
    await call(
      "GET",
      `/api/staff/product-lens-addons?region_product_id=${region_product_id}&prescription_id=${rx.id}&pd_id=${pd.id}&frame_size=M`,
    )
  )
    .json()
    .data.find(
      (o: { invalid_error_msg: string | null; lenses: { supplier: { name: string } } }) =>
        !o.invalid_error_msg && o.lenses.supplier.name === "Hoya",
    );
  const selection = job.item.additional_info.selection;
  return call("PUT", `/api/staff/order-items/${job.itemId}/info`, {
    customize: selection.customize,
    prescription: { id: rx.id, type: null },
    pdId: pd.id,
    product_lens_addons_id: lens.id,
    revision,
  });
}

beforeAll(async () => {
  t = await createTestApp();
  await seedLensCatalogue(t.database.db);
  await seedDemoSupplierContacts(t.database.db);
  admin = await t.login();
}, 120_000);
afterAll(() => t.close());

describe("changing the customer of a job with a confirmed item", () => {
  it("the docket prints B with no prescription or PD of A: 'Prescription to be re-entered'", async () => {
    const job = await confirmedJobOfA();
    const before = await docketText(job.orderId);
    // The fixture is what the bug needs: A's prescription and PD on the docket.
    expect(before).toContain(`Prescription #${job.rxId}`);
    expect(before).toContain("-3.25");

    const res = await changeCustomer(job.orderId, job.b);
    expect(res.statusCode, res.body).toBe(200);
    const text = await docketText(job.orderId);
    expect(text).toMatch(/Customer\s+Bea Bramble/);
    expect(text).toContain(PRESCRIPTION_REENTRY_MESSAGES.docket);
    for (const a of [`Prescription #${job.rxId}`, "-3.25", "-2.75", "+2.25", "61.5", "21.5"])
      expect(text).not.toContain(a);
    // The frame stays on the docket: it was never the customer's.
    expect(text).toMatch(/Frame size\s+M/);
  });

  it("writes a new revision without A's prescription, PD and lens, with the marker; the item is not confirmed", async () => {
    const job = await confirmedJobOfA();
    await changeCustomer(job.orderId, job.b);
    const order = await detail(job.orderId);
    const item = order.items.find((i: { id: number }) => i.id === job.itemId);
    expect(order.prescription_reentry_required).toBe(true);
    expect(item.prescription_reentry_required).toBe(true);
    expect(isItemConfirmed(item)).toBe(false);
    const info = item.additional_info;
    expect(info.revision).toBe(2);
    expect(info.reentry).toMatchObject({ reason: "customer_changed", previous_customer_id: job.customerId });
    expect(Date.parse(info.reentry.at)).not.toBeNaN();
    expect(info.data).toMatchObject({ prescription: null, pd: null, lens_addon_combination: null });
    expect(info.pdPresenter).toBeNull();
    expect(info.data.customize.Frame).toMatchObject({ size: "M", shape: "classic" });
    expect(info.selection).toMatchObject({ prescription: null, pdId: null, product_lens_addons_id: null });
    expect(info.selection.customize.front.size).toBe("M");
    // Revision 1 is still there, auditable; the new one says who made the change.
    const revisions = (await call("GET", `/api/staff/order-items/${job.itemId}/info/revisions`)).json().data;
    expect(revisions.map((r: { revision: number }) => r.revision)).toEqual([2, 1]);
    expect(revisions[1].additional_info.data.prescription.id).toBe(job.rxId);
    expect(revisions[0].staff).not.toBeNull();
  });

  it("refuses Order Lenses with 409 until the item is saved again, then the marker is gone and lenses can be ordered", async () => {
    const job = await confirmedJobOfA();
    await changeCustomer(job.orderId, job.b);
    const refused = await call("POST", "/api/order_lens", await lensOrderBody(job));
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().message).toBe(PRESCRIPTION_REENTRY_MESSAGES.lensOrderRefused);
    // Order Lenses lists the same reason as a blocker.
    const { from } = await lensOrderBody(job);
    const supplier = (await call("GET", `/api/staff/suppliers/${from}?order_item_id=${job.itemId}`)).json()
      .data;
    expect(supplier.blockers[0]).toBe(PRESCRIPTION_REENTRY_MESSAGES.lensOrderRefused);

    // A's prescription cannot come back through the job edit, nor through a restore.
    const withA = await call("PUT", `/api/staff/order-items/${job.itemId}/info`, {
      ...job.item.additional_info.selection,
      revision: 2,
    });
    expect(withA.statusCode).toBe(422);
    expect(withA.body).toContain("belongs to another customer");
    const restore = await call("POST", `/api/staff/order-items/${job.itemId}/info/revisions/1/restore`, {
      revision: 2,
    });
    expect(restore.statusCode, restore.body).toBe(409);
    expect(restore.json().message).toBe(PRESCRIPTION_REENTRY_MESSAGES.restoreRefused);

    const saved = await resaveForB(job, 2);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.additional_info.reentry).toBeUndefined();
    expect(saved.json().data.prescription_reentry_required).toBe(false);
    const order = await detail(job.orderId);
    expect(order.prescription_reentry_required).toBe(false);
    expect(isItemConfirmed(order.items[0])).toBe(true);

    const placed = await call("POST", "/api/order_lens", await lensOrderBody(job));
    expect(placed.statusCode, placed.body).toBe(200);
    const text = await docketText(job.orderId);
    expect(text).not.toContain(PRESCRIPTION_REENTRY_MESSAGES.docket);
    expect(text).toContain("-1.25");
    expect(text).not.toContain("-3.25");
  });

  it("puts the customer change, the cleared item and every selection save on the timeline", async () => {
    const job = await confirmedJobOfA();
    await changeCustomer(job.orderId, job.b);
    await resaveForB(job, 2);
    const list = await events(job.orderId);
    const lines = list.map((e) => e.description);
    expect(lines).toEqual([
      "Item 1 selection saved (revision 1): frame, prescription, PD, lenses",
      "Customer: Ada Lovelace → Bea Bramble",
      "Item 1: prescription and PD cleared — customer changed (revision 2)",
      "Item 1 selection saved (revision 3): prescription, PD, lenses",
    ]);
    expect(list.every((e) => e.by !== "System")).toBe(true);
    expect(list.filter((e) => e.kind !== "customer").every((e) => e.order_item_id === job.itemId)).toBe(true);
  });

  it("records a restore with the revision it came from", async () => {
    const job = await confirmedJobOfA();
    const again = await call("PUT", `/api/staff/order-items/${job.itemId}/info`, {
      ...job.item.additional_info.selection,
      customize: {
        ...job.item.additional_info.selection.customize,
        front: { ...job.item.additional_info.selection.customize.front, shape: "round" },
      },
      revision: 1,
    });
    expect(again.statusCode, again.body).toBe(200);
    const restored = await call("POST", `/api/staff/order-items/${job.itemId}/info/revisions/1/restore`, {
      revision: 2,
    });
    expect(restored.statusCode, restored.body).toBe(200);
    const lines = (await events(job.orderId)).map((e) => e.description);
    expect(lines.slice(-2)).toEqual([
      "Item 1 selection saved (revision 2): frame",
      "Item 1 selection restored from revision 1 (revision 3)",
    ]);
  });

  it("leaves items with nothing of the customer's alone", async () => {
    const job = await confirmedJobOfA();
    // A frames-only item of the same job: a frame, no prescription.
    const [{ id: frameProduct }] = await q<{ id: number }>(
      "select id from region_products where region_id = $1 and requires_prescription = false and parent_type_key = 'frames' order by id limit 1",
      [job.regionId],
    );
    const [{ id: other }] = await q<{ id: number }>(
      `insert into order_items (order_id, region_product_id, dispense_status_id, outlet_id, unit_price_minor, total_amount_minor)
       select order_id, $2, dispense_status_id, outlet_id, 10000, 10000 from order_items where id = $1 returning id`,
      [job.itemId, frameProduct],
    );
    const frame = await call("PUT", `/api/staff/order-items/${other}/info`, {
      customize: job.item.additional_info.selection.customize,
    });
    expect(frame.statusCode, frame.body).toBe(200);
    await changeCustomer(job.orderId, job.b);
    const order = await detail(job.orderId);
    const untouched = order.items.find((i: { id: number }) => i.id === other);
    expect(untouched.additional_info.revision).toBe(1);
    expect(untouched.prescription_reentry_required).toBe(false);
    expect(isItemConfirmed(untouched)).toBe(true);
    const cleared = (await events(job.orderId)).filter((e) => e.kind === "prescription_cleared");
    expect(cleared.map((e) => e.order_item_id)).toEqual([job.itemId]);
  });
});

describe("races (real PostgreSQL)", () => {
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "a job-edit save of A's prescription racing the customer change never leaves it on B's job unmarked",
    async () => {
      for (let round = 0; round < 4; round++) {
        const job = await confirmedJobOfA();
        const [change, save] = await Promise.all([
          changeCustomer(job.orderId, job.b),
          call("PUT", `/api/staff/order-items/${job.itemId}/info`, {
            ...job.item.additional_info.selection,
            revision: 1,
          }),
        ]);
        expect(change.statusCode, change.body).toBe(200);
        // Either the save went first (and the change cleared it) or it was refused.
        expect([200, 409, 422]).toContain(save.statusCode);
        const order = await detail(job.orderId);
        expect(order.customer_id).toBe(job.b);
        expect(order.items[0].prescription_reentry_required).toBe(true);
        expect(order.items[0].additional_info.data.prescription).toBeNull();
        expect(await docketText(job.orderId)).toContain(PRESCRIPTION_REENTRY_MESSAGES.docket);
      }
    },
  );

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "a lens order racing the customer change is placed before it or refused",
    async () => {
      for (let round = 0; round < 4; round++) {
        const job = await confirmedJobOfA();
        const [change, order] = await Promise.all([
          changeCustomer(job.orderId, job.b),
          call("POST", "/api/order_lens", await lensOrderBody(job)),
        ]);
        expect(change.statusCode, change.body).toBe(200);
        if (order.statusCode !== 200) {
          expect(order.statusCode, order.body).toBe(409);
          expect(order.json().message).toBe(PRESCRIPTION_REENTRY_MESSAGES.lensOrderRefused);
        }
        // Whichever went first, the next order waits for the re-entry.
        const next = await call("POST", "/api/order_lens", await lensOrderBody(job));
        expect(next.statusCode).toBe(409);
        expect(next.json().message).toBe(PRESCRIPTION_REENTRY_MESSAGES.lensOrderRefused);
      }
    },
  );
});

describe("defence in depth: a selection whose prescription is not the job's customer's", () => {
  it("is never printed and counts as needing re-entry, even without the marker", async () => {
    const job = await confirmedJobOfA();
    // As a job whose customer was changed before this fix, or by hand in the database.
    await q("update orders set customer_id = $2 where id = $1", [job.orderId, job.b]);
    const text = await docketText(job.orderId);
    expect(text).toContain(PRESCRIPTION_REENTRY_MESSAGES.docket);
    for (const a of [`Prescription #${job.rxId}`, "-3.25", "61.5"]) expect(text).not.toContain(a);
    const order = await detail(job.orderId);
    expect(order.prescription_reentry_required).toBe(true);
    expect(order.items[0].prescription_reentry_required).toBe(true);
    const refused = await call("POST", "/api/order_lens", await lensOrderBody(job));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(PRESCRIPTION_REENTRY_MESSAGES.lensOrderRefused);
  });
});
