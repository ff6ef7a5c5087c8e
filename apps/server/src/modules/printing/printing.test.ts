import fs from "node:fs";
import path from "node:path";
import { PRINT_MESSAGES } from "@loupe/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoCustomers } from "../../seed/demo-customers";
import { seedDemoJobs } from "../../seed/demo-jobs";
import { seedLensCatalogue } from "../../seed/demo-lens-catalogue";
import { pdfText } from "../../test/pdf-text";
import { createTestApp, type TestApp } from "../../test/test-app";
import { createPrintLinks } from "./print-link";

/**
 * Printing (jobs-area §7, ADR 0015): the signed-in call records the print once (timeline and
 * access log) and answers a two-minute link; the link serves the PDF without a session and
 * refuses altered or expired links with 403.
 */

let t: TestApp;
let admin: string;
let adminId: number;
let jobId: number;
let customerId: number;
let invoice: string;

const q = <T = Record<string, unknown>>(sql: string, params: unknown[] = []) =>
  t.database.query<T>(sql, params) as Promise<T[]>;

const signedUrl = (token: string | null, orderId: number, query = "") =>
  t.call(token, { method: "GET", url: `/api/staff/job-tray-signed-url/${orderId}${query}` });

/**
 * The PDF behind a link, fetched as a new tab would: no Authorization header. PRINT_OUT=<dir>
 * keeps each PDF there, to render with `pdftoppm -png -r 80` and look at.
 */
const open = async (url: string) => {
  const u = new URL(url);
  expect(u.origin).toBe("http://loupe.test");
  const res = await t.app.inject({ method: "GET", url: u.pathname + u.search });
  if (process.env.PRINT_OUT && res.statusCode === 200)
    fs.writeFileSync(
      path.join(
        process.env.PRINT_OUT,
        `${u.pathname.split("/").at(-1)}-${u.searchParams.get("paper") ?? "label"}.pdf`,
      ),
      res.rawPayload,
    );
  return res;
};

const counts = async (orderId: number) => {
  const [{ events }] = await q<{ events: number }>(
    "select count(*)::int as events from job_events where order_id = $1 and kind = 'printed'",
    [orderId],
  );
  const [{ rows }] = await q<{ rows: number }>(
    "select count(*)::int as rows from access_log where action = 'print' and resource_id = $1",
    [orderId],
  );
  return { events, rows };
};

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoCustomers(t.database.db, { customers: 10, jobs: 0 });
  await seedDemoJobs(t.database.db, { customers: 10, jobs: 30 });
  await seedLensCatalogue(t.database.db);
  admin = await t.login();
  adminId = (await t.call(admin, { method: "GET", url: "/api/me" })).json().data.id;

  // A multifocal job of a customer, with its selection saved through the job edit (ADR 0011).
  const [outlet] = await q<{ id: number; region_id: number }>(
    "select id, region_id from outlets where region_id = 1 order by id limit 1",
  );
  const status = async (kind: string) =>
    (await q<{ id: number }>("select id from statuses where kind = $1 order by id limit 1", [kind]))[0].id;
  const [product] = await q<{ id: number }>(
    "select id from region_products where region_id = 1 and name = 'Milo frame + multifocal lenses'",
  );
  customerId = (
    await t.call(admin, {
      method: "POST",
      url: "/api/user",
      payload: { first_name: "Ana", last_name: "Ngata" },
    })
  ).json().data.id;
  invoice = "BRN-PRINT-1";
  [{ id: jobId }] = await q<{ id: number }>(
    `insert into orders (uid, name, vend_invoice_number, customer_id, billing_first_name, billing_last_name,
       total_amount_minor, dispense_status_id, payment_status_id, channel_id, channel, origin_outlet_id, region_id, priority)
     values ('JPRINT1', '#print', $1, $2, 'Ana', 'Ngata', 39500, $3, $4, 1, 'pos', $5, $6, 2) returning id`,
    [invoice, customerId, await status("dispense"), await status("payment"), outlet.id, outlet.region_id],
  );
  const [{ id: itemId }] = await q<{ id: number }>(
    `insert into order_items (order_id, region_product_id, dispense_status_id, outlet_id, unit_price_minor, total_amount_minor)
     values ($1, $2, $3, $4, 39500, 39500) returning id`,
    [jobId, product.id, await status("item"), outlet.id],
  );
  const first = async (url: string) => (await t.call(admin, { method: "GET", url })).json().data[0].id;
  const rx = (
    await t.call(admin, {
      method: "POST",
      url: `/api/v4/users/${customerId}/prescriptions`,
      payload: {
        type_id: 1,
        source_id: await first("/api/prescription-source"),
        right_sph: -2.25,
        left_sph: -1.75,
        right_cyl: -0.5,
        right_axis: 180,
        spectacles: { right_near_add: 2, left_near_add: 2 },
      },
    })
  ).json().data;
  const pd = (
    await t.call(admin, {
      method: "POST",
      url: "/api/customer-pd",
      payload: {
        customer_user_id: customerId,
        source_id: await first("/api/pd-source"),
        binocular_dist_pd: 63,
        right_height_multifocal: 23,
        left_height_multifocal: 23.5,
      },
    })
  ).json().data;
  const lens = (
    await t.call(admin, {
      method: "GET",
      url: `/api/staff/product-lens-addons?region_product_id=${product.id}&prescription_id=${rx.id}&pd_id=${pd.id}&frame_size=M`,
    })
  )
    .json()
    .data.find((o: { invalid_error_msg: string | null }) => !o.invalid_error_msg);
  const colour = (type: string) => first(`/api/colors?type=${type}`);
  const saved = await t.call(admin, {
    method: "PUT",
    url: `/api/staff/order-items/${itemId}/info`,
    payload: {
      customize: {
        front: { shape: "round", size: "M", colorId: await colour("Frame"), isExistingFrame: false },
        left: { size: "M", colorId: await colour("Temple") },
        right: { size: "M", colorId: await colour("Temple") },
      },
      prescription: { id: rx.id, type: null },
      pdId: pd.id,
      product_lens_addons_id: lens.id,
    },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  await t.call(admin, {
    method: "POST",
    url: `/api/staff/orders/${jobId}/notes`,
    payload: { content: "Customer collects Friday" },
  });
}, 90_000);
afterAll(() => t.close());

describe("GET /staff/job-tray-signed-url/{orderId}", () => {
  it("answers 404 for a job that does not exist and 401 without a session", async () => {
    const missing = await signedUrl(admin, 999_999);
    expect(missing.statusCode).toBe(404);
    expect((await signedUrl(null, jobId)).statusCode).toBe(401);
  });

  it("refuses a document or paper it does not know, naming the field", async () => {
    const bad = await signedUrl(admin, jobId, "?document=invoice");
    expect(bad.statusCode).toBeGreaterThanOrEqual(400);
    expect(bad.statusCode).toBeLessThan(500);
    expect(bad.body).toContain("document");
    const paper = await signedUrl(admin, jobId, "?document=docket&paper=A3");
    expect(paper.statusCode).toBeLessThan(500);
    expect(paper.body).toContain("paper");
  });

  it("prints a tray label: a link with no session token and no customer in it, a PDF with no prescription", async () => {
    const before = await counts(jobId);
    const res = await signedUrl(admin, jobId);
    expect(res.statusCode, res.body).toBe(200);
    const { url, expires_at, document, paper } = res.json().data;
    expect({ document, paper }).toEqual({ document: "tray_label", paper: null });
    expect(url).toMatch(
      new RegExp(
        `^http://loupe\\.test/api/print/jobs/${jobId}/tray_label\\?by=${adminId}&expires=\\d+&sig=[\\w-]{43}$`,
      ),
    );
    expect(url).not.toContain(admin);
    expect(url).not.toMatch(/token|Ngata|Ana/i);
    const seconds = (Date.parse(expires_at) - Date.now()) / 1000;
    expect(seconds).toBeGreaterThan(100);
    expect(seconds).toBeLessThanOrEqual(120);

    const pdf = await open(url);
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(pdf.headers["cache-control"]).toBe("no-store");
    // The app-wide CSP (object-src 'none') would stop the browser's PDF viewer; the rest stay.
    expect(pdf.headers["content-security-policy"]).toBeUndefined();
    expect(pdf.headers["x-frame-options"]).toBe("SAMEORIGIN");
    expect(pdf.headers["content-disposition"]).toMatch(/^inline; filename="?tray-label-BRN-PRINT-1\.pdf"?$/);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    // 62 × 100 mm.
    expect(pdf.rawPayload.toString("latin1")).toMatch(/MediaBox \[0 0 175\.748\d* 283\.46\d*\]/);
    const text = pdfText(pdf.rawPayload);
    for (const line of ["URGENT", invoice, "Job JPRINT1", "NGATA", "1 item"]) expect(text).toContain(line);
    for (const rx of ["-2.25", "-1.75", "+2.00", "180", "63", "23.5", "Hoya"]) expect(text).not.toContain(rx);

    expect(await counts(jobId)).toEqual({ events: before.events + 1, rows: before.rows + 1 });
    const [row] = await q<Record<string, unknown>>(
      "select * from access_log where action = 'print' and resource_id = $1 order by seq desc limit 1",
      [jobId],
    );
    expect(row).toMatchObject({
      resource: "tray_label",
      staff_id: adminId,
      customer_id: customerId,
      outcome: "allowed",
    });
  });

  it("prints an A4 docket from the saved selection, recorded once however often the link is opened", async () => {
    const before = await counts(jobId);
    const res = await signedUrl(admin, jobId, "?document=docket&paper=A4");
    expect(res.statusCode, res.body).toBe(200);
    const { url, paper } = res.json().data;
    expect(paper).toBe("A4");
    const first = await open(url);
    const again = await open(url);
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(first.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    expect(first.rawPayload.toString("latin1")).toMatch(/MediaBox \[0 0 595\.27\d* 841\.88\d*\]/);
    const text = pdfText(first.rawPayload);
    for (const line of [
      "JOB DOCKET",
      "URGENT",
      "Ana Ngata",
      "Item 1 of 1",
      "Capote",
      "Hoya",
      "-2.25",
      "-0.50",
      "180",
      "+2.00",
      "R 23",
      "L 23.5",
      "Customer collects Friday",
      "No lens orders yet.",
    ])
      expect(text).toContain(line);
    // The barcode's text at the foot of every page, under the barcode repeated there.
    expect(text).toContain(`${invoice} · page 1 of 1`);

    expect(await counts(jobId)).toEqual({ events: before.events + 1, rows: before.rows + 1 });
    const [row] = await q<Record<string, unknown>>(
      "select * from access_log where action = 'print' and resource_id = $1 order by seq desc limit 1",
      [jobId],
    );
    expect(row).toMatchObject({ resource: "docket", staff_id: adminId, customer_id: customerId });
    const timeline = (await t.call(admin, { method: "GET", url: `/api/staff/orders/${jobId}/events` })).json()
      .data.events;
    expect(timeline.at(-1)).toMatchObject({ kind: "printed", description: "Printed job docket (A4)" });
  });

  it("defaults a docket to A5", async () => {
    const res = await signedUrl(admin, jobId, "?document=docket");
    expect(res.json().data.paper).toBe("A5");
    const pdf = await open(res.json().data.url);
    expect(pdf.rawPayload.toString("latin1")).toMatch(/MediaBox \[0 0 419\.52\d* 595\.27\d*\]/);
  });
});

describe("the signed PDF link", () => {
  const links = () => createPrintLinks(t.config);

  it("refuses an altered link with 403, and records nothing", async () => {
    const url = new URL((await signedUrl(admin, jobId, "?document=docket&paper=A5")).json().data.url);
    const before = await counts(jobId);
    const sig = url.searchParams.get("sig") ?? "";
    const altered = (change: (u: URL) => void) => {
      const u = new URL(url);
      change(u);
      return u.toString();
    };
    for (const bad of [
      altered((u) => u.searchParams.set("sig", (sig[0] === "A" ? "B" : "A") + sig.slice(1))),
      altered((u) => u.searchParams.set("expires", String(Number(u.searchParams.get("expires")) + 60))),
      altered((u) => u.searchParams.set("paper", "A4")),
      altered((u) => u.searchParams.set("by", String(adminId + 1))),
      altered((u) => {
        u.pathname = u.pathname.replace("/docket", "/tray_label");
      }),
      altered((u) => {
        u.pathname = u.pathname.replace(`/${jobId}/`, `/${jobId + 1}/`);
      }),
    ]) {
      const res = await open(bad);
      expect(res.statusCode, bad).toBe(403);
      expect(res.json().message).toBe(PRINT_MESSAGES.invalid);
    }
    expect(await counts(jobId)).toEqual(before);
  });

  it("refuses an expired link with 403 and says so", async () => {
    const g = links().grant(jobId, "tray_label", null, adminId, Date.now() - 121_000);
    const res = await open(links().url(g));
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(PRINT_MESSAGES.expired);
    const fresh = links().grant(jobId, "tray_label", null, adminId, Date.now() - 60_000);
    expect((await open(links().url(fresh))).statusCode).toBe(200);
  });

  it("stops working when the staff member who printed is deactivated", async () => {
    const [sam] = await q<{ id: number }>("select id from staff_users where email = 'sam@loupe.test'");
    const url = links().url(links().grant(jobId, "tray_label", null, sam.id));
    expect((await open(url)).statusCode).toBe(200);
    await q("update staff_users set is_active = false where id = $1", [sam.id]);
    try {
      expect((await open(url)).statusCode).toBe(403);
    } finally {
      await q("update staff_users set is_active = true where id = $1", [sam.id]);
    }
  });

  it("answers 404 for a correctly signed link to a job that is gone", async () => {
    const url = links().url(links().grant(999_999, "docket", "A5", adminId));
    expect((await open(url)).statusCode).toBe(404);
  });
});
