import { unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backdateAccessLog } from "../../test/backdate-access-log";
import { createTestApp, type TestApp } from "../../test/test-app";
import { recordAccess } from "./access-log.record";
import { verifyAccessLog } from "./access-log.verify";

let t: TestApp;
const logLines: string[] = [];
let admin: string;
let sam: string;
let riley: string;
let samId: number;
let rileyId: number;
let ada: number;
let bob: number;
let pdSourceId: number;

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

function upload(customerId: number) {
  const boundary = "----loupe";
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="files[0]"; filename="scan.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    PNG,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.call(sam, {
    method: "POST",
    url: `/api/customer/${customerId}/files`,
    payload,
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  });
}

beforeAll(async () => {
  t = await createTestApp({ logLines, env: { LOG_LEVEL: "error" } });
  admin = await t.login();
  sam = await t.login("sam@loupe.test", "LoupeDemo1");
  riley = await t.login("riley@loupe.test", "LoupeDemo1");
  samId = (await t.call(sam, { method: "GET", url: "/api/me" })).json().data.id;
  rileyId = (await t.call(riley, { method: "GET", url: "/api/me" })).json().data.id;
  const mk = async (first: string) =>
    (
      await t.call(admin, {
        method: "POST",
        url: "/api/user",
        payload: { first_name: first, last_name: "Test" },
      })
    ).json().data.id as number;
  ada = await mk("Ada");
  bob = await mk("Bob");
  pdSourceId = (await t.call(admin, { method: "GET", url: "/api/pd-source" })).json().data[0].id;

  // The scripted sequence: Sam reads Ada's record and PDs, records a PD and uploads a scan;
  // Riley reads Ada's files and Bob's record.
  const screen = { "x-loupe-screen": "customers" };
  await t.call(sam, { method: "GET", url: `/api/staff/customers/${ada}`, headers: screen });
  await t.call(sam, { method: "GET", url: `/api/staff/customers/${ada}/pds` });
  await t.call(sam, {
    method: "POST",
    url: "/api/customer-pd",
    payload: { customer_user_id: ada, source_id: pdSourceId, binocular_dist_pd: 62 },
  });
  await upload(ada);
  await t.call(riley, { method: "GET", url: `/api/customer/${ada}/files` });
  await t.call(riley, { method: "GET", url: `/api/staff/customers/${bob}` });
});
afterAll(() => t.close());

describe("access reports", () => {
  it("who accessed customer X: every access to Ada, newest first, with names", async () => {
    const res = await t.call(admin, { method: "GET", url: `/api/staff/access-log/customers/${ada}` });
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().data.filter((r: { staff_id: number }) => r.staff_id !== null && r.staff_id !== 1);
    expect(rows.map((r: any) => [r.staff_id, r.action, r.resource])).toEqual([
      [rileyId, "list", "file"],
      [samId, "create", "file"],
      [samId, "create", "pd"],
      [samId, "list", "pd"],
      [samId, "view", "customer"],
    ]);
    expect(rows[4]).toMatchObject({ customer_name: "Ada Test", screen: "customers", outcome: "allowed" });
    expect(rows[0].staff_name).toBeTruthy();
  });

  it("what did staff member Y access: Riley's two accesses, filterable by action and paged", async () => {
    const all = (
      await t.call(admin, { method: "GET", url: `/api/staff/access-log/staff/${rileyId}` })
    ).json();
    expect(all.data.map((r: any) => [r.action, r.resource, r.customer_id])).toEqual([
      ["view", "customer", bob],
      ["list", "file", ada],
    ]);
    const views = (
      await t.call(admin, { method: "GET", url: `/api/staff/access-log/staff/${rileyId}?action=view` })
    ).json();
    expect(views.data).toHaveLength(1);
    const page2 = (
      await t.call(admin, { method: "GET", url: `/api/staff/access-log/staff/${samId}?per_page=2&page=2` })
    ).json();
    expect(page2.meta.pagination).toMatchObject({
      total: 4,
      count: 2,
      per_page: 2,
      current_page: 2,
      total_pages: 2,
    });
    expect(page2.data.map((r: any) => r.action)).toEqual(["list", "view"]);
  });

  it("between two dates", async () => {
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const none = (
      await t.call(admin, { method: "GET", url: `/api/staff/access-log/staff/${samId}?from=${tomorrow}` })
    ).json();
    expect(none.data).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    const some = (
      await t.call(admin, {
        method: "GET",
        url: `/api/staff/access-log/staff/${samId}?from=${today}&to=${today}`,
      })
    ).json();
    expect(some.meta.pagination.total).toBe(4);
  });

  it("exports a report as CSV", async () => {
    const res = await t.call(admin, {
      method: "GET",
      url: `/api/staff/access-log/staff/${samId}?format=csv`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/csv");
    expect(res.headers["content-disposition"]).toContain(`access-log-staff-${samId}.csv`);
    const lines = res.body.trim().split("\r\n");
    expect(lines[0]).toMatch(/^seq,occurred_at,staff_id,staff_name/);
    expect(lines).toHaveLength(5);
  });

  it("refuses staff who are not administrators, and logs the refusal", async () => {
    const res = await t.call(sam, { method: "GET", url: `/api/staff/access-log/staff/${rileyId}` });
    expect(res.statusCode).toBe(403);
    const [row] = await t.database.query<{ outcome: string; staff_id: number }>(
      "SELECT outcome, staff_id FROM access_log WHERE resource = 'access_log' ORDER BY seq DESC LIMIT 1",
    );
    expect(row).toEqual({ outcome: "refused", staff_id: samId });
  });
});

describe("a customer's record on request", () => {
  it("exports every part as one zip, and the export is logged", async () => {
    const sourceId = (await t.call(admin, { method: "GET", url: "/api/prescription-source" })).json().data[0]
      .id;
    await t.call(admin, {
      method: "POST",
      url: `/api/v4/users/${ada}/prescriptions`,
      payload: { type_id: 1, right_sph: -1, left_sph: -1, source_id: sourceId },
    });
    await t.call(admin, {
      method: "POST",
      url: `/api/staff/customers/${ada}/billing-addresses`,
      payload: { address_line_1: "1 Test St", city: "Sydney", postcode: "2000", country: "AU" },
    });
    const res = await t.call(admin, { method: "GET", url: `/api/staff/customers/${ada}/record-export` });
    expect(res.statusCode, logLines.join("\n").slice(0, 1500)).toBe(200);
    expect(res.headers["content-type"]).toBe("application/zip");
    const zip = unzipSync(new Uint8Array(res.rawPayload));
    const record = JSON.parse(Buffer.from(zip["record.json"]).toString("utf8"));
    for (const part of [
      "profile",
      "addresses",
      "prescriptions",
      "pds",
      "files",
      "notes",
      "jobs",
      "messages",
      "access_log",
    ])
      expect(record, part).toHaveProperty(part);
    expect(record.profile).toMatchObject({ id: ada, first_name: "Ada" });
    expect(record.prescriptions).toHaveLength(1);
    expect(record.pds).toHaveLength(1);
    expect(record.files).toHaveLength(1);
    expect(record.access_log.length).toBeGreaterThanOrEqual(5);
    const filePath = record.files[0].path_in_archive;
    expect(Buffer.from(zip[filePath]).equals(PNG)).toBe(true);
    expect(record.files[0].storage_key).toBeUndefined();

    const [row] = await t.database.query<{
      action: string;
      resource: string;
      customer_id: number;
      staff_id: number;
    }>("SELECT action, resource, customer_id, staff_id FROM access_log ORDER BY seq DESC LIMIT 1");
    expect(row).toEqual({ action: "export", resource: "record_export", customer_id: ada, staff_id: 1 });
  });

  it("is for administrators only", async () => {
    const res = await t.call(sam, { method: "GET", url: `/api/staff/customers/${ada}/record-export` });
    expect(res.statusCode).toBe(403);
  });
});

describe("retention", () => {
  it("has a rule per region, which an administrator can change", async () => {
    const rules = (await t.call(admin, { method: "GET", url: "/api/staff/retention/rules" })).json().data;
    expect(rules.length).toBeGreaterThanOrEqual(3);
    const nz = rules.find((r: any) => r.region_id === 2);
    expect(nz).toMatchObject({ health_record_years: 10, access_log_years: 10, updated_at: null });
    const set = await t.call(admin, {
      method: "PUT",
      url: "/api/staff/retention/rules/1",
      payload: { health_record_years: 8, access_log_years: 9 },
    });
    expect(set.json().data).toMatchObject({ region_id: 1, health_record_years: 8, access_log_years: 9 });
  });

  it("dry-runs and destroys expired records, leaving destruction records without content", async () => {
    // Bob's record and a log row age past every rule.
    const sourceId = (await t.call(admin, { method: "GET", url: "/api/prescription-source" })).json().data[0]
      .id;
    const rx = (
      await t.call(admin, {
        method: "POST",
        url: `/api/v4/users/${bob}/prescriptions`,
        payload: {
          type_id: 1,
          right_sph: -2,
          left_sph: -2,
          source_id: sourceId,
          note: "secret clinical note",
        },
      })
    ).json().data;
    await t.database.query("UPDATE customers SET updated_at = now() - interval '30 years' WHERE id = $1", [
      bob,
    ]);
    await t.database.query(
      "UPDATE prescriptions SET updated_at = now() - interval '30 years' WHERE id = $1",
      [rx.id],
    );

    const plan = (await t.call(admin, { method: "GET", url: "/api/staff/retention/dry-run" })).json().data;
    expect(plan.customers).toEqual([
      expect.objectContaining({ customer_id: bob, prescriptions: 1, pds: 0, files: 0 }),
    ]);
    // Nothing in the log is old enough yet.
    expect(plan.access_log.rows).toBe(0);
    expect(
      (await t.call(admin, { method: "GET", url: `/api/staff/customers/${bob}/prescriptions` })).json().data,
    ).toHaveLength(1);

    const done = await t.call(admin, {
      method: "POST",
      url: "/api/staff/retention/destroy",
      payload: { confirm: true },
    });
    expect(done.statusCode, done.body).toBe(200);
    const [record] = done.json().data;
    expect(record).toMatchObject({
      kind: "health_records",
      customer_id: bob,
      counts: { prescriptions: 1, pds: 0, files: 0 },
      detail: { prescription_ids: [rx.id] },
    });
    expect(record.rule).toMatch(/years after last activity/);
    expect(JSON.stringify(done.json())).not.toContain("secret clinical note");
    expect(
      (await t.call(admin, { method: "GET", url: `/api/staff/customers/${bob}/prescriptions` })).json().data,
    ).toEqual([]);
    const listed = (await t.call(admin, { method: "GET", url: "/api/staff/retention/destructions" })).json()
      .data;
    expect(listed[0].id).toBe(record.id);
  });

  it("destroys the expired start of the log by the database's own clock and the chain still verifies from the purge point", async () => {
    await recordAccess(t.database.db, {
      staff: null,
      action: "view",
      resource: "customer",
      resourceId: ada,
      customerId: ada,
      outcome: "allowed",
    });
    // Rows written long ago: the purge reads the database's clock, not its caller's, so the test
    // moves every row 50 years back and re-chains them as the trigger would have (as the superuser).
    await backdateAccessLog((sql) => t.database.query(sql), 50);
    const before = await verifyAccessLog(t.database);
    expect(before.ok).toBe(true);
    const later = new Date(Date.now() + 50 * 365 * 86_400_000);
    const { createRetentionService } = await import("./retention.service");
    const { createLogPurger } = await import("./log-purge");
    const { createFileStorage } = await import("../../integrations/file-storage");
    const retention = createRetentionService(
      t.database,
      createFileStorage(t.config),
      createLogPurger(t.config, t.database),
    );
    const plan = await retention.plan();
    expect(plan.access_log.rows).toBe(before.rows);
    const [{ id: sessionId }] = await t.database.query<{ id: number }>(
      "SELECT id FROM sessions WHERE staff_user_id = 1 AND revoked_at IS NULL ORDER BY id DESC LIMIT 1",
    );
    const done = await retention.destroy(
      { id: 1, roleId: 1, outletId: null, regionId: null },
      sessionId,
      later,
    );
    const logRecord = done.find((d) => d.kind === "access_log")!;
    expect(done.filter((d) => d.kind === "health_records").map((d) => d.customer_id)).toEqual([ada]);
    // Everything backdated goes; Ada's destruction, logged now, stays.
    expect(logRecord.counts.rows).toBe(before.rows);
    expect(logRecord.staff_id).toBe(1);
    // The rule as the settings say it (the first test set Australia's to 9 years).
    expect(logRecord.rule).toMatch(
      /^access log: each row kept for its region's period \(Australia 9y, New Zealand 10y/,
    );
    const after = await verifyAccessLog(t.database);
    expect(after).toMatchObject({ ok: true, purgedThroughSeq: logRecord.detail.through_seq });
    expect(after.rows).toBeGreaterThanOrEqual(1);
    await expect(t.database.query("DELETE FROM access_log")).rejects.toThrow(/append-only/);
  });
});
