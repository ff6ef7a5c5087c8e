import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app";
import { recordAccess } from "./access-log.record";
import { type AccessLogFacts, verifyAccessLog } from "./access-log.verify";

let t: TestApp;
let admin: string;
let sam: string;
let adminId: number;
let samId: number;
let customerId: number;
let sourceId: number;
let pdSourceId: number;

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

interface Row extends AccessLogFacts {
  seq: number;
}

let mark = 0;
/** The rows written since the last call. */
async function newRows(): Promise<Row[]> {
  const rows = await t.database.query<Row>(
    "SELECT seq::int AS seq, staff_id, staff_role_id, staff_outlet_id, staff_region_id, action, resource, resource_id, customer_id, screen, route, request_id, address, outcome, reason, changed_fields FROM access_log WHERE seq > $1 ORDER BY seq",
    [mark],
  );
  if (rows.length) mark = rows[rows.length - 1].seq;
  return rows;
}

function multipart(name: string, content: Buffer, mime: string) {
  const boundary = "----loupe";
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="files[0]"; filename="${name}"\r\nContent-Type: ${mime}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload: body, headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  sam = await t.login("sam@loupe.test", "LoupeDemo1");
  adminId = (await t.call(admin, { method: "GET", url: "/api/me" })).json().data.id;
  samId = (await t.call(sam, { method: "GET", url: "/api/me" })).json().data.id;
  customerId = (
    await t.call(admin, {
      method: "POST",
      url: "/api/user",
      payload: { first_name: "Ada", last_name: "Lovelace" },
    })
  ).json().data.id;
  const sources = (await t.call(admin, { method: "GET", url: "/api/prescription-source" })).json().data;
  sourceId = sources.find((s: { slug: string }) => s.slug !== "cg" && !s.slug.includes("code")).id;
  pdSourceId = (await t.call(admin, { method: "GET", url: "/api/pd-source" })).json().data[0].id;
  await newRows();
});
afterAll(() => t.close());

const rx = { type_id: 1, right_sph: -1.25, left_sph: -1, source_id: 0 };

describe.runIf(process.env.TEST_DATABASE_URL)("the access log on PostgreSQL", () => {
  it("keeps one valid chain under concurrent writers", async () => {
    const actor = { id: adminId, roleId: 1, outletId: null, regionId: null };
    await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        t.database.db.transaction(async (tx) => {
          await recordAccess(tx as never, {
            staff: actor,
            action: "view",
            resource: "pd",
            resourceId: i + 1,
            outcome: "allowed",
          });
        }),
      ),
    );
    const seqs = await t.database.query<{ n: number; distinct_seq: number }>(
      "SELECT count(*)::int AS n, count(DISTINCT prev_hash)::int AS distinct_seq FROM access_log",
    );
    // No two rows hang off the same predecessor: the chain never forked.
    expect(seqs[0].n).toBe(seqs[0].distinct_seq);
    expect(await verifyAccessLog(t.database)).toMatchObject({ ok: true });
    await newRows();
  });
});

describe("the access log", () => {
  it("writes one row per access with who, what, where and the outcome", async () => {
    const created = await t.call(sam, {
      method: "POST",
      url: `/api/v4/users/${customerId}/prescriptions`,
      payload: { ...rx, source_id: sourceId },
      headers: { "x-loupe-screen": "customer-record", "x-request-id": "req-create-1" },
    });
    expect(created.statusCode).toBe(201);
    const rxId = created.json().data.id;
    const [row, ...more] = await newRows();
    expect(more).toEqual([]);
    const me = (await t.call(sam, { method: "GET", url: "/api/me" })).json().data;
    expect(row).toMatchObject({
      staff_id: samId,
      staff_role_id: 2,
      staff_outlet_id: me.outlet_id ?? null,
      action: "create",
      resource: "prescription",
      resource_id: rxId,
      customer_id: customerId,
      screen: "customer-record",
      route: "POST /api/v4/users/:id/prescriptions",
      request_id: "req-create-1",
      address: "127.0.0.1",
      outcome: "allowed",
      changed_fields: null,
    });

    const listed = await t.call(sam, {
      method: "GET",
      url: `/api/staff/customers/${customerId}/prescriptions`,
    });
    expect(listed.statusCode).toBe(200);
    expect(await newRows()).toMatchObject([
      {
        action: "list",
        resource: "prescription",
        resource_id: null,
        customer_id: customerId,
        outcome: "allowed",
      },
    ]);

    const version = created.json().data.version;
    const updated = await t.call(sam, {
      method: "PUT",
      url: `/api/v4/prescriptions/${rxId}`,
      payload: { ...rx, source_id: sourceId, right_sph: -1.5, note: "new note", version },
    });
    expect(updated.statusCode).toBe(200);
    const [upd] = await newRows();
    expect(upd).toMatchObject({
      action: "update",
      resource_id: rxId,
      customer_id: customerId,
      outcome: "allowed",
    });
    // The edit form sends the whole prescription: the outlet it left out was cleared, and says so.
    expect(upd.changed_fields).toEqual(["note", "outlet_id", "right_sph"]);

    const emailed = await t.call(sam, {
      method: "POST",
      url: `/api/prescription/${rxId}/email`,
      payload: { email: "ada@example.com" },
    });
    expect(emailed.statusCode).toBe(200);
    expect(await newRows()).toMatchObject([{ action: "email", resource_id: rxId, customer_id: customerId }]);

    const removed = await t.call(sam, {
      method: "DELETE",
      url: `/api/prescription/${rxId}?version=${version + 1}`,
    });
    expect(removed.statusCode).toBe(200);
    expect(await newRows()).toMatchObject([
      {
        action: "delete",
        resource: "prescription",
        resource_id: rxId,
        customer_id: customerId,
        outcome: "allowed",
      },
    ]);
  });

  it("logs a contact-lens prescription as a contact-lens record", async () => {
    const created = await t.call(admin, {
      method: "POST",
      url: `/api/v4/users/${customerId}/prescriptions`,
      payload: { ...rx, type_id: 2, source_id: sourceId, contact_lens: {} },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(await newRows()).toMatchObject([
      { action: "create", resource: "contact_lens", customer_id: customerId },
    ]);
  });

  it("logs PDs: create, list, view, update, delete", async () => {
    const created = await t.call(sam, {
      method: "POST",
      url: "/api/customer-pd",
      payload: { customer_user_id: customerId, source_id: pdSourceId, binocular_dist_pd: 62 },
    });
    expect(created.statusCode, created.body).toBe(201);
    const pdId = created.json().data.id;
    await t.call(sam, { method: "GET", url: `/api/staff/customers/${customerId}/pds` });
    await t.call(sam, { method: "GET", url: `/api/new-customer-pd/${pdId}` });
    const upd = await t.call(sam, {
      method: "PUT",
      url: `/api/new-customer-pd/${pdId}`,
      payload: { source_id: pdSourceId, binocular_dist_pd: 63, version: created.json().data.version },
    });
    expect(upd.statusCode, upd.body).toBe(200);
    await t.call(sam, { method: "DELETE", url: `/api/customer-pd/${pdId}?version=2` });
    const rows = await newRows();
    expect(rows.map((r) => [r.action, r.resource, r.resource_id, r.customer_id, r.outcome])).toEqual([
      ["create", "pd", pdId, customerId, "allowed"],
      ["list", "pd", null, customerId, "allowed"],
      ["view", "pd", pdId, customerId, "allowed"],
      ["update", "pd", pdId, customerId, "allowed"],
      ["delete", "pd", pdId, customerId, "allowed"],
    ]);
    expect(rows[3].changed_fields).toContain("binocular_dist_pd");
  });

  it("logs files: upload, list, details, thumbnail, download, delete", async () => {
    const up = await t.call(sam, {
      method: "POST",
      url: `/api/customer/${customerId}/files`,
      ...multipart("scan.png", PNG, "image/png"),
    });
    expect(up.statusCode, up.body).toBe(201);
    const fileId = up.json().data[0].id;
    await t.call(sam, { method: "GET", url: `/api/customer/${customerId}/files` });
    await t.call(sam, { method: "GET", url: `/api/staff/files/${fileId}` });
    await t.call(sam, { method: "GET", url: `/api/staff/files/${fileId}/content?thumbnail=1` });
    const dl = await t.call(sam, { method: "GET", url: `/api/staff/files/${fileId}/content?download=1` });
    expect(dl.statusCode).toBe(200);
    await t.call(sam, { method: "DELETE", url: `/api/staff/files/${fileId}` });
    const rows = await newRows();
    expect(rows.map((r) => [r.action, r.resource, r.resource_id, r.customer_id, r.outcome])).toEqual([
      ["create", "file", fileId, customerId, "allowed"],
      ["list", "file", null, customerId, "allowed"],
      ["view", "file", fileId, customerId, "allowed"],
      ["view", "file", fileId, customerId, "allowed"],
      ["download", "file", fileId, customerId, "allowed"],
      ["delete", "file", fileId, customerId, "allowed"],
    ]);
  });

  it("logs the customer record: view, update with the changed fields, login as the customer", async () => {
    const view = await t.call(sam, { method: "GET", url: `/api/staff/customers/${customerId}` });
    const upd = await t.call(sam, {
      method: "PUT",
      url: `/api/staff/customers/${customerId}`,
      payload: { occupation: "Mathematician", version: view.json().data.version },
    });
    expect(upd.statusCode, upd.body).toBe(200);
    await t.call(sam, { method: "POST", url: `/shop-api/customerLogin/${customerId}` });
    const rows = await newRows();
    expect(rows.map((r) => [r.action, r.resource, r.resource_id, r.customer_id])).toEqual([
      ["view", "customer", customerId, customerId],
      ["update", "customer", customerId, customerId],
      ["login_as_customer", "customer", customerId, customerId],
    ]);
    expect(rows[1].changed_fields).toEqual(["occupation"]);
  });

  it("logs a refused access as refused and a failed one as failed", async () => {
    const refused = await t.call(sam, {
      method: "GET",
      url: `/api/staff/access-log/customers/${customerId}`,
    });
    expect(refused.statusCode).toBe(403);
    const missing = await t.call(sam, { method: "GET", url: "/api/new-customer-pd/999999" });
    expect(missing.statusCode).toBe(404);
    expect(await newRows()).toMatchObject([
      {
        staff_id: samId,
        action: "view",
        resource: "access_log",
        customer_id: customerId,
        outcome: "refused",
        reason: "forbidden",
      },
      {
        staff_id: samId,
        action: "view",
        resource: "pd",
        resource_id: 999999,
        outcome: "failed",
        reason: "not_found",
      },
    ]);
  });

  it("fails the request and keeps the change out when the log cannot be written", async () => {
    const created = await t.call(admin, {
      method: "POST",
      url: "/api/customer-pd",
      payload: { customer_user_id: customerId, source_id: pdSourceId, binocular_dist_pd: 60 },
    });
    const pd = created.json().data;
    await newRows();
    await t.database.query(
      "ALTER TABLE access_log ADD CONSTRAINT no_updates_today CHECK (action <> 'update') NOT VALID",
    );
    try {
      const res = await t.call(admin, {
        method: "PUT",
        url: `/api/new-customer-pd/${pd.id}`,
        payload: { source_id: pdSourceId, binocular_dist_pd: 66, version: pd.version },
      });
      expect(res.statusCode).toBe(500);
    } finally {
      await t.database.query("ALTER TABLE access_log DROP CONSTRAINT no_updates_today");
    }
    const after = (await t.call(admin, { method: "GET", url: `/api/new-customer-pd/${pd.id}` })).json().data;
    expect(after.binocular_dist_pd).toBe(60);
    expect(after.version).toBe(pd.version);
    await newRows();
  });

  it("cannot be changed or removed by the application", async () => {
    await expect(t.database.query("UPDATE access_log SET outcome = 'allowed' WHERE seq = 1")).rejects.toThrow(
      /append-only/,
    );
    await expect(t.database.query("DELETE FROM access_log WHERE seq = 1")).rejects.toThrow(/append-only/);
    await expect(t.database.query("TRUNCATE access_log")).rejects.toThrow(/append-only/);
    await expect(t.database.query("UPDATE access_log_head SET seq = 0")).rejects.toThrow(/forward/);
    expect((await verifyAccessLog(t.database)).ok).toBe(true);
  });

  it("chains rows whose text needs escaping the same way inside and outside the database", async () => {
    await recordAccess(t.database.db, {
      staff: { id: adminId, roleId: 1, outletId: null, regionId: null },
      action: "print",
      resource: "docket",
      resourceId: 7,
      screen: 'quote " back\\slash\nnewline\ttab \u0001 ünïcödé 漢字 😀',
      outcome: "allowed",
      changedFields: [],
    });
    const report = await verifyAccessLog(t.database);
    expect(report).toMatchObject({ ok: true });
    expect(report.rows).toBeGreaterThan(20);
    await newRows();
  });

  it("the chain check finds a row changed behind the application's back", async () => {
    const [{ seq }] = await t.database.query<{ seq: number }>(
      "SELECT seq::int AS seq FROM access_log WHERE action = 'download' LIMIT 1",
    );
    // A superuser can switch the trigger off; the hashes still give the change away.
    await t.database.query("ALTER TABLE access_log DISABLE TRIGGER access_log_append_only");
    try {
      await t.database.query("UPDATE access_log SET staff_id = $1 WHERE seq = $2", [adminId, seq]);
    } finally {
      await t.database.query("ALTER TABLE access_log ENABLE TRIGGER access_log_append_only");
    }
    const report = await verifyAccessLog(t.database);
    expect(report.ok).toBe(false);
    expect(report.brokenAt).toEqual({ seq, problem: "row does not match its hash" });
  });
});
