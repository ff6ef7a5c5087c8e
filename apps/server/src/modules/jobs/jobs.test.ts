import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoCustomers } from "../../seed/demo-customers";
import { seedDemoJobs } from "../../seed/demo-jobs";
import { createTestApp, type TestApp } from "../../test/test-app";

let t: TestApp;
let token: string;
const size = { customers: 20, jobs: 40 };
const statusId = async (kind: string, slug: string) =>
  (
    await t.database.query<{ id: number }>("select id from statuses where kind = $1 and slug = $2", [
      kind,
      slug,
    ])
  )[0].id;
const get = async (url: string) => t.call(token, { method: "GET", url });

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoCustomers(t.database.db, size);
  await seedDemoJobs(t.database.db, size);
  token = await t.login();
});
afterAll(() => t.close());

describe("jobs list", () => {
  it("pages 15 at a time, newest first", async () => {
    const res = (await get("/api/staff/orders?action=list&order_item_append=next_scheduled_date")).json();
    expect(res.meta.pagination).toMatchObject({ total: 40, per_page: 15, total_pages: 3 });
    const dates = res.data.map((o: { created_at: string }) => o.created_at);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it("filters by status, priority, location and invoice number", async () => {
    const [{ id, dispense_status_id, vend_invoice_number }] = (
      await get("/api/staff/orders?per_page=1")
    ).json().data;
    const byStatus = (
      await get(`/api/staff/orders?dispense_status_id=${dispense_status_id}&per_page=100`)
    ).json().data;
    expect(
      byStatus.every((o: { dispense_status_id: number }) => o.dispense_status_id === dispense_status_id),
    ).toBe(true);
    const urgent = (await get("/api/staff/orders?priority=2&per_page=100")).json().data;
    expect(urgent.every((o: { priority: number }) => o.priority === 2)).toBe(true);
    const byInvoice = (await get(`/api/staff/orders?q=${vend_invoice_number}`)).json().data;
    expect(byInvoice.map((o: { id: number }) => o.id)).toEqual([id]);
    const detail = (await get(`/api/staff/orders/${id}`)).json().data;
    const outletId = detail.items[0].outlet.id;
    const atOutlet = (await get(`/api/staff/orders?outlet_id=${outletId}&per_page=100`)).json().data;
    expect(atOutlet.map((o: { id: number }) => o.id)).toContain(id);
  });

  it("needs 3 characters to search and refuses unknown custom filters", async () => {
    const short = await get("/api/staff/orders?q=ab");
    expect(short.statusCode).toBe(422);
    expect(short.json().errors.q).toEqual(["Please enter at least 3 characters to search."]);
    const custom = await get("/api/staff/orders?customFilter=vip");
    expect(custom.statusCode).toBe(422);
    expect(custom.json().errors.customFilter).toEqual([
      'The customFilter field is invalid: there is no custom filter "vip".',
    ]);
  });

  it("lists online orders for the GO filter and late orders oldest first", async () => {
    const go = (await get("/api/staff/orders?customFilter=loupego&per_page=100")).json().data;
    expect(go.length).toBeGreaterThan(0);
    expect(
      go.every(
        (o: { channel_id: number; vend_invoice_number: string }) =>
          o.channel_id === 4 && o.vend_invoice_number.startsWith("ONL"),
      ),
    ).toBe(true);
    const late = (await get("/api/staff/orders?customFilter=late-orders&per_page=100")).json().data;
    const dates = late.map((o: { created_at: string }) => o.created_at);
    expect([...dates].sort()).toEqual(dates);
  });

  it("answers the tabs with counts that add up", async () => {
    const tabs = (await get("/api/staff/total-orders")).json().data;
    const statusTotal = tabs
      .filter((x: { filter_type: string }) => x.filter_type === "status")
      .reduce((n: number, x: { total: number }) => n + x.total, 0);
    expect(statusTotal).toBe(40);
    expect(tabs.find((x: { slug: string }) => x.slug === "late-orders")).toMatchObject({
      customFilter: "late-orders",
      defaultQuery: { sort_direction: "asc" },
    });
  });
});

describe("statuses and priority", () => {
  it("changes a job's status to a selectable one and records who did it", async () => {
    const [job] = await t.database.query<{ id: number }>(
      `select o.id from orders o join statuses s on s.id = o.dispense_status_id
       where s.slug not in ('cancelled', 'refunded', 'voided', 'refunded-transaction') order by o.id limit 1`,
    );
    const ready = await statusId("dispense", "ready-to-go");
    const res = await t.call(token, {
      method: "PUT",
      url: `/api/staff/orders/${job.id}/dispense-status`,
      payload: { dispense_status_id: ready },
    });
    expect(res.json().data.dispense_status.slug).toBe("ready-to-go");
    const [change] = await t.database.query<{ to_value: string; staff_user_id: number }>(
      "select to_value, staff_user_id from job_events where order_id = $1 and kind = 'dispense_status' order by id desc limit 1",
      [job.id],
    );
    expect(change.to_value).toBe("Ready To Go");
    const refunded = await t.call(token, {
      method: "PUT",
      url: `/api/staff/orders/${job.id}/dispense-status`,
      payload: { dispense_status_id: await statusId("dispense", "refunded") },
    });
    expect(refunded.statusCode).toBe(422);
  });

  it("refuses item changes on a cancelled job", async () => {
    const [job] = (await get("/api/staff/orders?per_page=1&page=2")).json().data;
    await t.call(token, {
      method: "PUT",
      url: `/api/staff/orders/${job.id}/dispense-status`,
      payload: { dispense_status_id: await statusId("dispense", "cancelled") },
    });
    const detail = (await get(`/api/staff/orders/${job.id}`)).json().data;
    const res = await t.call(token, {
      method: "PUT",
      url: `/api/staff/order-items/${detail.items[0].id}/dispense-status-id`,
      payload: { id: await statusId("item", "ready-to-go") },
    });
    expect(res.statusCode).toBe(409);
  });

  it("toggles priority", async () => {
    const [job] = (await get("/api/staff/orders?per_page=1&page=3")).json().data;
    const next = job.priority === 1 ? 2 : 1;
    const res = await t.call(token, {
      method: "PUT",
      url: `/api/staff/orders/${job.id}/priority`,
      payload: { priority: next },
    });
    expect(res.json().data.priority).toBe(next);
    const bad = await t.call(token, {
      method: "PUT",
      url: `/api/staff/orders/${job.id}/priority`,
      payload: { priority: 3 },
    });
    expect(bad.statusCode).toBe(422);
  });
});

describe("batch updates", () => {
  const openItems = async () =>
    t.database.query<{ id: number }>(
      `select i.id from order_items i join orders o on o.id = i.order_id join statuses s on s.id = o.dispense_status_id
       where s.slug <> 'cancelled' and i.quantity <> -1 order by i.id limit 3`,
    );

  it("updates every item or none", async () => {
    const items = (await openItems()).map((r) => r.id);
    const ready = await statusId("item", "ready-to-pick");
    const state = () =>
      t.database.query("select id, dispense_status_id from order_items where id = any($1) order by id", [
        items,
      ]);
    const before = await state();
    const bad = await t.call(token, {
      method: "PUT",
      url: "/api/staff/order-items/dispense-status-id",
      payload: { item_ids: [...items, 999999], status_id: ready },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.item_ids).toEqual(["Order item 999999 does not exist."]);
    expect(await state()).toEqual(before);
    const ok = await t.call(token, {
      method: "PUT",
      url: "/api/staff/order-items/dispense-status-id",
      payload: { item_ids: items, status_id: ready },
    });
    expect(ok.statusCode).toBe(200);
    const changed = await t.database.query<{ n: number }>(
      "select count(*)::int as n from order_items where id = any($1) and dispense_status_id = $2",
      [items, ready],
    );
    expect(changed[0].n).toBe(3);
  });

  it("never sets refunded-transaction or cancelled in a batch", async () => {
    const items = (await openItems()).map((r) => r.id);
    for (const slug of ["cancelled", "refunded-transaction"]) {
      const res = await t.call(token, {
        method: "PUT",
        url: "/api/staff/order-items/dispense-status-id",
        payload: { item_ids: items, status_id: await statusId("item", slug) },
      });
      expect(res.statusCode, slug).toBe(422);
    }
  });

  it("changes only items still at from_status_id, else 409 naming the item and changes none", async () => {
    const items = (await openItems()).map((r) => r.id);
    const [received, ready] = [await statusId("item", "received"), await statusId("item", "ready-to-go")];
    const put = (payload: object) =>
      t.call(token, { method: "PUT", url: "/api/staff/order-items/dispense-status-id", payload });
    expect((await put({ item_ids: items, status_id: ready })).statusCode).toBe(200);
    // Someone moves one of them on meanwhile: the undo that expected "Ready To Go" is refused whole.
    const dispatched = await statusId("item", "dispatched");
    expect((await put({ item_ids: [items[1]], status_id: dispatched })).statusCode).toBe(200);
    const stale = await put({ item_ids: items, status_id: received, from_status_id: ready });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(
      `Item ${items[1]} was changed meanwhile: it is now “Dispatched”, not “Ready To Go”.`,
    );
    const now = await t.database.query<{ id: number; dispense_status_id: number }>(
      "select id, dispense_status_id from order_items where id = any($1) order by id",
      [items],
    );
    expect(now.map((r) => r.dispense_status_id)).toEqual([ready, dispatched, ready]);
    const fresh = await put({ item_ids: [items[0], items[2]], status_id: received, from_status_id: ready });
    expect(fresh.statusCode).toBe(200);
    const unknown = await put({ item_ids: items, status_id: received, from_status_id: 999999 });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.from_status_id).toBeTruthy();
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "lets one of two undos from the same status win; the other is a 409",
    async () => {
      const items = (await openItems()).map((r) => r.id);
      const [a, b, c] = await Promise.all(
        ["ready-to-go", "received", "ready-to-edge"].map((slug) => statusId("item", slug)),
      );
      const put = (payload: object) =>
        t.call(token, { method: "PUT", url: "/api/staff/order-items/dispense-status-id", payload });
      expect((await put({ item_ids: items, status_id: a })).statusCode).toBe(200);
      const both = await Promise.all([
        put({ item_ids: items, status_id: b, from_status_id: a }),
        put({ item_ids: [...items].reverse(), status_id: c, from_status_id: a }),
      ]);
      expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const winner = both[0].statusCode === 200 ? b : c;
      const now = await t.database.query<{ n: number }>(
        "select count(*)::int as n from order_items where id = any($1) and dispense_status_id = $2",
        [items, winner],
      );
      expect(now[0].n).toBe(items.length);
    },
  );

  it("assigns items to another location", async () => {
    const items = (await openItems()).map((r) => r.id);
    const [pon] = await t.database.query<{ id: number }>("select id from outlets where abbreviation = 'PON'");
    const res = await t.call(token, {
      method: "PUT",
      url: "/api/staff/order-items/dispense-outlet-id",
      payload: { item_ids: items, outlet_id: pon.id },
    });
    expect(res.statusCode).toBe(200);
    const moved = await t.database.query<{ n: number }>(
      "select count(*)::int as n from order_items where id = any($1) and outlet_id = $2",
      [items, pon.id],
    );
    expect(moved[0].n).toBe(3);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "runs overlapping batches in parallel without deadlock or lost writes",
    async () => {
      const rows = await t.database.query<{ id: number }>(
        `select i.id from order_items i join orders o on o.id = i.order_id join statuses s on s.id = o.dispense_status_id
       where s.slug not in ('cancelled', 'refunded', 'voided', 'refunded-transaction') and i.quantity <> -1 order by i.id limit 12`,
      );
      const ids = rows.map((r) => r.id);
      const slugs = ["ready-to-edge", "ready-to-pick", "ready-to-go", "dispatched"];
      const targets = await Promise.all(slugs.map((s) => statusId("item", s)));
      const before = (await t.database.query<{ n: number }>("select count(*)::int as n from job_events"))[0]
        .n;
      // Four batches over overlapping windows, each listing its items in a different order.
      const batches = [ids.slice(0, 8), ids.slice(4, 12).reverse(), ids.slice(2, 10), [...ids].reverse()];
      const results = await Promise.all(
        batches.map((items, k) =>
          t.call(token, {
            method: "PUT",
            url: "/api/staff/order-items/dispense-status-id",
            payload: { item_ids: items, status_id: targets[k] },
          }),
        ),
      );
      expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
      const after = (await t.database.query<{ n: number }>("select count(*)::int as n from job_events"))[0].n;
      expect(after - before).toBe(batches.reduce((n, b) => n + b.length, 0));
      // No lost write: each item's changes form one chain (every change starts where the one
      // before it ended), and the item ends where its last change put it.
      const changes = await t.database.query<{ order_item_id: number; from_value: string; to_value: string }>(
        "select order_item_id, from_value, to_value from job_events where order_item_id = any($1) and kind = 'item_status' order by id",
        [ids],
      );
      const final = await t.database.query<{ id: number; slug: string }>(
        "select i.id, s.display_name as slug from order_items i join statuses s on s.id = i.dispense_status_id where i.id = any($1)",
        [ids],
      );
      for (const item of final) {
        const chain = changes.filter((c) => c.order_item_id === item.id);
        for (let k = 1; k < chain.length; k++) expect(chain[k].from_value).toBe(chain[k - 1].to_value);
        expect(chain.at(-1)?.to_value).toBe(item.slug);
      }
    },
  );

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "keeps the tab counts right while jobs change status in parallel",
    async () => {
      const jobs = await t.database.query<{ id: number }>(
        `select o.id from orders o join statuses s on s.id = o.dispense_status_id
         where s.slug not in ('cancelled', 'refunded', 'voided', 'refunded-transaction') order by o.id limit 8`,
      );
      const slugs = ["paid", "in-progress", "ready-to-go", "completed"];
      const targets = await Promise.all(slugs.map((s) => statusId("dispense", s)));
      const results = await Promise.all(
        jobs.flatMap((j, k) =>
          [0, 1, 2].map((r) =>
            t.call(token, {
              method: "PUT",
              url: `/api/staff/orders/${j.id}/dispense-status`,
              payload: { dispense_status_id: targets[(k + r) % targets.length] },
            }),
          ),
        ),
      );
      expect(results.every((r) => r.statusCode === 200)).toBe(true);
      const tabs = (await get("/api/staff/total-orders")).json().data as { slug: string; total: number }[];
      const counts = await t.database.query<{ slug: string; n: number }>(
        `select s.slug, count(o.id)::int as n from statuses s left join orders o on o.dispense_status_id = s.id
         where s.kind = 'dispense' group by s.slug`,
      );
      for (const c of counts) expect(tabs.find((x) => x.slug === c.slug)?.total, c.slug).toBe(c.n);
    },
  );
});

describe("other list paths", () => {
  it("answers late orders oldest first and the older API's list", async () => {
    const late = await get("/api/staff/orders/late-orders?per_page=100");
    expect(late.statusCode).toBe(200);
    const dates = late.json().data.map((o: { created_at: string }) => o.created_at);
    expect([...dates].sort()).toEqual(dates);
    const legacy = await get("/legacy-api/v4/get-orders");
    expect(legacy.json().meta.pagination.total).toBe(40);
  });
});
