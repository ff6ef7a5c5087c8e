import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoCustomers } from "../../seed/demo-customers";
import { seedDemoJobs } from "../../seed/demo-jobs";
import { createTestApp, type TestApp } from "../../test/test-app";

let t: TestApp;
let admin: string;
let sam: string;
let orderId: number;
let itemId: number;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoCustomers(t.database.db, { customers: 5, jobs: 5 });
  await seedDemoJobs(t.database.db, { customers: 5, jobs: 5 });
  admin = await t.login();
  sam = await t.login("sam@loupe.test");
  // An Australian job: its message goes to an Australian mobile (numbers are checked per region).
  [{ id: orderId }] = await t.database.query<{ id: number }>(
    "select o.id from orders o join regions r on r.id = o.region_id where r.country_code = 'AU' order by o.id limit 1",
  );
  [{ id: itemId }] = await t.database.query<{ id: number }>(
    "select id from order_items where order_id = $1 limit 1",
    [orderId],
  );
});
afterAll(() => t.close());

const jobNotesCount = async () =>
  (await t.call(admin, { method: "GET", url: `/api/staff/orders/${orderId}` })).json().data.notes_count;

describe("job notes", () => {
  it("writes notes on a job and its items on both bases, and keeps the notes count right", async () => {
    const before = await jobNotesCount();
    const a = await t.call(admin, {
      method: "POST",
      url: `/api/staff/orders/${orderId}/notes`,
      payload: { content: "Frame adjusted" },
    });
    expect(a.statusCode).toBe(201);
    const b = await t.call(admin, {
      method: "POST",
      url: `/legacy-api/orders-item/${itemId}/note`,
      payload: { note: "Lens scratched, reordered" },
    });
    expect(b.json().data.order_item_id).toBe(itemId);
    await t.call(admin, {
      method: "POST",
      url: `/api/orders/${orderId}/note`,
      payload: { content: "Customer called" },
    });
    expect(await jobNotesCount()).toBe(before + 3);
    const itemNotes = (
      await t.call(admin, { method: "GET", url: `/api/staff/order-items/${itemId}/notes` })
    ).json().data;
    expect(itemNotes.map((n: { content: string }) => n.content)).toEqual(["Lens scratched, reordered"]);
  });

  it("lets only the author update or remove a job note; a missing job is 'Order not found'", async () => {
    const id = (
      await t.call(admin, {
        method: "POST",
        url: `/api/staff/orders/${orderId}/notes`,
        payload: { content: "Mine" },
      })
    ).json().data.id;
    const denied = await t.call(sam, {
      method: "PUT",
      url: `/api/staff/orders/${orderId}/notes/${id}`,
      payload: { content: "Theirs", version: 1 },
    });
    expect(denied.statusCode).toBe(403);
    const ok = await t.call(admin, {
      method: "PUT",
      url: `/api/staff/orders/${orderId}/notes/${id}`,
      payload: { content: "Mine, edited", version: 1 },
    });
    expect(ok.json().data.content).toBe("Mine, edited");
    const receipt = await t.call(admin, {
      method: "PUT",
      url: `/api/staff/orders/${orderId}/note-receipt/${id}`,
      payload: { content: "Paid in full", version: 2 },
    });
    expect(receipt.json().data.content).toBe("Receipt Note: Paid in full");
    const missing = await t.call(admin, {
      method: "PUT",
      url: `/api/staff/orders/999999/notes/${id}`,
      payload: { content: "x y", version: 3 },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe("Order not found");
    expect(
      (await t.call(sam, { method: "DELETE", url: `/legacy-api/orders/${orderId}/note/${id}?version=3` }))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await t.call(admin, { method: "DELETE", url: `/legacy-api/orders/${orderId}/note/${id}?version=3` })
      ).json().message,
    ).toBe("Deleted Successfully");
  });

  it("puts a removed job or item note on the timeline, with who removed it", async () => {
    const events = async () =>
      (await t.call(admin, { method: "GET", url: `/api/staff/orders/${orderId}/events` })).json().data
        .events as { kind: string; description: string; by: string; order_item_id: number | null }[];
    const add = async (url: string, content: string) =>
      (
        await t.call(admin, {
          method: "POST",
          url,
          payload: url.includes("orders-item") ? { note: content } : { content },
        })
      ).json().data.id;
    const jobNote = await add(`/api/staff/orders/${orderId}/notes`, "Call before noon");
    const del = await t.call(admin, {
      method: "DELETE",
      // A delete names the version it removes (ADR 0027); a new note is at version 1.
      url: `/legacy-api/orders/${orderId}/note/${jobNote}?version=1`,
    });
    expect(del.statusCode, del.body).toBe(200);
    expect((await events()).at(-1)).toMatchObject({
      kind: "note_deleted",
      description: "Note deleted: Call before noon",
      by: expect.not.stringMatching(/^System$/),
      order_item_id: null,
    });
    const itemNote = await add(`/legacy-api/orders-item/${itemId}/note`, "Left lens scratched");
    const delItem = await t.call(admin, {
      method: "DELETE",
      url: `/legacy-api/orders-item/${itemId}/note/${itemNote}?version=1`,
    });
    expect(delItem.statusCode, delItem.body).toBe(200);
    expect((await events()).at(-1)).toMatchObject({
      kind: "note_deleted",
      description: "Note deleted: Left lens scratched",
      order_item_id: itemId,
    });
    // A refused removal leaves no entry.
    const kept = await add(`/api/staff/orders/${orderId}/notes`, "Sam cannot remove this");
    const before = (await events()).length;
    expect(
      (await t.call(sam, { method: "DELETE", url: `/legacy-api/orders/${orderId}/note/${kept}?version=1` }))
        .statusCode,
    ).toBe(403);
    expect((await events()).length).toBe(before);
  });

  it("sends a job message and records it on the job", async () => {
    const before = await jobNotesCount();
    const res = await t.call(admin, {
      method: "POST",
      url: `/api/staff/orders/${orderId}/messages`,
      payload: { type: "sms", phone: "0412 345 678", message: "Ready to collect" },
    });
    expect(res.json().message).toBe("Message sent successfully");
    expect(await jobNotesCount()).toBe(before + 1);
  });

  it("notes a job's card payment on the job", async () => {
    // A card payment is taken toward what a job still owes (issue 44): the demo job owes $20.
    await t.database.query(
      "update orders set total_payment_minor = greatest(total_amount_minor - 2000, 0) where id = $1",
      [orderId],
    );
    const intent = (
      await t.call(admin, {
        method: "POST",
        url: "/api/staff/payment-intent",
        payload: { amount: 20, currency: "AUD", order_id: orderId },
        headers: { "idempotency-key": "order-pay-0001" },
      })
    ).json().data;
    await t.app.inject({
      method: "POST",
      url: "/sandbox-gateway/confirm",
      payload: { client_secret: intent.client_secret, card_number: "4242424242424242" },
    });
    const done = await t.call(admin, {
      method: "POST",
      url: "/api/staff/payments/confirm",
      payload: { intent_id: intent.intent_id },
    });
    expect(done.json().data.order_id).toBe(orderId);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "answers 200 once and 404 to the rest when one job note is removed many times in parallel",
    async () => {
      const note = await t.call(sam, {
        method: "POST",
        url: `/api/staff/orders/${orderId}/notes`,
        payload: { content: "Removed in parallel" },
      });
      const id = note.json().data.id;
      const before = await jobNotesCount();
      const results = await Promise.all(
        Array.from({ length: 8 }, () =>
          t.call(sam, { method: "DELETE", url: `/legacy-api/orders/${orderId}/note/${id}?version=1` }),
        ),
      );
      const codes = results.map((r) => r.statusCode).sort();
      expect(codes).toEqual([200, 404, 404, 404, 404, 404, 404, 404]);
      expect(await jobNotesCount()).toBe(before - 1);
    },
  );
});
