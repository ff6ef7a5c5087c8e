import { LENS_ORDER_MESSAGES } from "@loupe/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedLensCatalogue } from "../../seed/demo-lens-catalogue";
import { seedDemoSupplierContacts } from "../../seed/demo-suppliers";
import { confirmedJob } from "../../test/confirmed-job";
import { lensOrderBody, multifocal } from "../../test/lens-order-fixtures";
import { createTestApp, type TestApp } from "../../test/test-app";

/**
 * `POST /io-api/order/updateOrder` (ADR 0024): a lab's report or a staff correction of one lens
 * order; and the lens order payload's `user_id` (§3), which must be the signed-in staff member's.
 */
let t: TestApp;
let admin: string;
let sam: string;
let samId: number;

beforeAll(async () => {
  // The simulated lab holds every order at its first state: the tests move them themselves.
  t = await createTestApp({
    env: { LAB_SIMULATOR_STEP_SECONDS: "86400", LENS_STATUS_POLL_SECONDS: "0", OUTBOX_POLL_SECONDS: "3600" },
  });
  await seedLensCatalogue(t.database.db);
  await seedDemoSupplierContacts(t.database.db);
  admin = await t.login();
  sam = await t.login("sam@loupe.test");
  [{ id: samId }] = await t.database.query<{ id: number }>("select id from staff_users where email = $1", [
    "sam@loupe.test",
  ]);
}, 120_000);
afterAll(() => t.close());

const update = (body: unknown) =>
  t.call(sam, { method: "POST", url: "/api/io-api/order/updateOrder", payload: body as object });
async function shamirOrder() {
  const job = await confirmedJob(t, admin, { ...multifocal, lensSupplier: "Shamir" });
  const res = await t.call(sam, {
    method: "POST",
    url: "/api/order_lens",
    payload: await lensOrderBody(t, job, "SHAM", "api"),
  });
  expect(res.statusCode, res.body).toBe(200);
  return { job, order: res.json().data as { id: number; updated_at: string; status_code: number } };
}
const shamirStatus = async (itemId: number) =>
  (
    await t.database.query<{ s: number }>("select shamir_status as s from order_items where id = $1", [
      itemId,
    ])
  )[0].s;

describe("updateOrder", () => {
  it("moves the status forwards, records the reference, tracking and who said so, and the item follows", async () => {
    const { job, order } = await shamirOrder();
    const res = await update({
      lens_order_id: order.id,
      status_code: 3,
      supplier_reference: "SH-2231",
      tracking_number: "TRK1",
      message: "Lab phoned: in production",
      updated_at: order.updated_at,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(LENS_ORDER_MESSAGES.updated);
    const data = res.json().data;
    expect(data).toMatchObject({
      status_code: 3,
      status_label: "In production",
      supplier_reference: "SH-2231",
      tracking_number: "TRK1",
    });
    expect(data.events.at(-1)).toMatchObject({ source: "staff", description: "Lab phoned: in production" });
    expect(data.events.at(-1).by).toMatch(/\S/);
    expect(await shamirStatus(job.itemId)).toBe(3);
    const note = await update({ lens_order_id: order.id, description: "Customer asked twice" });
    expect(note.statusCode, note.body).toBe(200);
    expect(note.json().data).toMatchObject({ description: "Customer asked twice", status_code: 3 });
    expect(note.json().data.events.at(-1)).toMatchObject({ label: "Details corrected", source: "staff" });
  });

  it("answers 422 naming the field for bad input, and 404 for an order that does not exist", async () => {
    const { order } = await shamirOrder();
    const cases: [unknown, string][] = [
      [{}, "lens_order_id"],
      [{ lens_order_id: "seven" }, "lens_order_id"],
      [{ lens_order_id: order.id, status_code: "3" }, "status_code"],
      [{ lens_order_id: order.id, eta: "next week" }, "eta"],
      [{ lens_order_id: order.id, updated_at: "yesterday" }, "updated_at"],
      [{ lens_order_id: order.id, status_code: 77 }, "status_code"],
    ];
    for (const [body, field] of cases) {
      const res = await update(body);
      expect(res.statusCode, `${JSON.stringify(body)} ${res.body}`).toBe(422);
      expect(Object.keys(res.json().errors ?? {})).toContain(field);
    }
    expect((await update({ lens_order_id: 2_000_000_000, status_code: 1 })).statusCode).toBe(404);
  });

  it("refuses a stale change, a move backwards, and any move of a closed order", async () => {
    const { order } = await shamirOrder();
    const first = await update({ lens_order_id: order.id, status_code: 2, updated_at: order.updated_at });
    expect(first.statusCode, first.body).toBe(200);
    const stale = await update({ lens_order_id: order.id, status_code: 3, updated_at: order.updated_at });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().errors).toHaveProperty("updated_at");
    const back = await update({ lens_order_id: order.id, status_code: 1 });
    expect(back.statusCode).toBe(409);
    expect(back.json().errors).toHaveProperty("status_code");

    const { order: other } = await shamirOrder();
    const cancel = await t.call(sam, { method: "POST", url: `/api/shamir/order/cancel/${other.id}` });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const closed = await update({ lens_order_id: other.id, status_code: 3 });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toBe(LENS_ORDER_MESSAGES.closedOrder(cancel.json().data.status_label));
    expect(closed.json().errors).toHaveProperty("status_code");
  });
});

describe("the lens order payload's user_id", () => {
  it("is refused with 403 naming user_id when it is not the signed-in staff member's, accepted when it is", async () => {
    const job = await confirmedJob(t, admin, { ...multifocal, lensSupplier: "Shamir" });
    const place = async (userId: number) =>
      t.call(sam, {
        method: "POST",
        url: "/api/order_lens",
        payload: await lensOrderBody(t, job, "SHAM", "api", { user_id: userId }),
      });
    const other = await place(samId + 1000);
    expect(other.statusCode).toBe(403);
    expect(other.json().errors.user_id).toEqual([LENS_ORDER_MESSAGES.notYourUserId]);
    const own = await place(samId);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().data.placed_by.id).toBe(samId);
  });
});
