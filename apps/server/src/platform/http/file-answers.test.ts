import fs from "node:fs";
import * as contract from "@loupe/contract";
import { type Endpoint, endpointUrl, isEndpoint } from "@loupe/contract";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderBody, outletId, freshJobs as shippableJobs } from "../../modules/shipping/shipping.fixtures";
import { seedDemoCustomers } from "../../seed/demo-customers";
import { seedDemoJobs } from "../../seed/demo-jobs";
import { seedLensCatalogue } from "../../seed/demo-lens-catalogue";
import { seedDemoSupplierContacts } from "../../seed/demo-suppliers";
import { confirmedJob } from "../../test/confirmed-job";
import { lensOrderBody, multifocal } from "../../test/lens-order-fixtures";
import { uploadSmallImport } from "../../test/multipart";
import { createTestApp, type TestApp } from "../../test/test-app";

/**
 * Issue 52, item 1: no request can stop the server. Every endpoint the contract marks as answering
 * bytes (`files`: stored files, PDFs, CSV exports, zips, link pages) is called, with real records
 * behind it, after the file store has been emptied, as a database restored without its files
 * would be. After each call the process must have raised no uncaught error and `/healthz` must
 * still answer; an answer whose bytes are the store's own (`files.stored`) is a 410 naming the
 * file, every other one is what it is on a full store. A byte endpoint added to the contract
 * without a way to reach it here fails the first test.
 */

const byteEndpoints = (Object.entries(contract) as [string, unknown][]).filter(
  (e): e is [string, Endpoint] => isEndpoint(e[1]) && !!e[1].files,
);

interface Call {
  url: string;
  /** Signed in as the demo administrator unless the link is public. */
  signedIn?: boolean;
  /** The answer on an emptied store. */
  status: number;
}

let t: TestApp;
let admin: string;
/** How each byte endpoint is reached with a record behind it, keyed by its contract name. */
let calls: Record<string, Call[]>;

const one = async (sql: string, params: unknown[] = []): Promise<number> =>
  Number(Object.values((await t.database.query<Record<string, unknown>>(sql, params))[0] ?? { v: 0 })[0]);

async function ok(method: "GET" | "POST" | "PUT", url: string, payload?: unknown, headers = {}) {
  const res = await t.call(admin, { method, url, payload: payload as never, headers });
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json();
}

function multipart(fileName: string, bytes: Buffer) {
  const boundary = "----loupe-file-answers";
  return {
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files[0]"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  };
}

/** Errors the process raised with no one to catch them: each one would have ended a server. */
const uncaught: unknown[] = [];
const onUncaught = (err: unknown) => void uncaught.push(err);

beforeAll(async () => {
  process.on("uncaughtException", onUncaught);
  process.on("unhandledRejection", onUncaught);
  t = await createTestApp({
    env: { LAB_SIMULATOR_STEP_SECONDS: "86400", LENS_STATUS_POLL_SECONDS: "0", TRACKING_POLL_SECONDS: "0" },
  });
  await seedDemoCustomers(t.database.db, { customers: 10, jobs: 0 });
  await seedDemoJobs(t.database.db, { customers: 10, jobs: 30 });
  await seedLensCatalogue(t.database.db);
  await seedDemoSupplierContacts(t.database.db);
  admin = await t.login();

  // A customer with a scan (and its thumbnail) and a contact-lens prescription holding it.
  const customer = (await ok("POST", "/api/user", { first_name: "Store", last_name: "Emptied" })).data.id;
  const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: "#3366cc" } })
    .png()
    .toBuffer();
  const uploaded = await t.call(admin, {
    method: "POST",
    url: `/api/customer/${customer}/files`,
    ...multipart("cl-scan.png", png),
  });
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  const file = uploaded.json().data[0].id as number;
  const source = await one("select id from prescription_sources order by id limit 1");
  const rx = (
    await ok("POST", `/api/v4/users/${customer}/prescriptions`, {
      type_id: 2,
      source_id: source,
      right_sph: -2.5,
      left_sph: -2.25,
      contact_lens: { brand: "Acuvue Oasys", right_base_curve: 8.4, left_base_curve: 8.4 },
    })
  ).data;
  await ok("PUT", `/legacy-api/v4/users/${customer}/prescriptions/${rx.id}/files`, { files: [file] });

  // A job with its links, a lens order, a shipment with its label.
  const job = await one("select id from orders where customer_id is not null order by id limit 1");
  const detail = (await ok("GET", `/api/staff/orders/${job}`)).data;
  const statusUrl = new URL(
    (await ok("GET", `/api/staff/orders/${job}/customer-messages`)).data.status_link.url,
  );
  const printUrl = new URL((await ok("GET", `/api/staff/job-tray-signed-url/${job}`)).data.url);
  const lensJob = await confirmedJob(t, admin, { ...multifocal, lensSupplier: "Hoya" });
  const lensOrder = (await ok("POST", "/api/order_lens", await lensOrderBody(t, lensJob, "HOYA", "api"))).data
    .id;
  const ntn = await outletId(t, "NTN");
  const [shipped] = await shippableJobs(t);
  await ok("POST", "/api/staff/au-post-orders", orderBody(shipped, ntn, "LOCAL-PP"));
  const manifest = (await ok("POST", "/api/staff/shipments/manifests", { sender_outlet_id: ntn })).data.id;

  // A refund, for its credit note.
  const refunded = (
    await ok(
      "POST",
      `/api/orders/${job}/refund`,
      { reason: "product-faulty" },
      { "idempotency-key": `file-answers-${job}` },
    )
  ).data;
  const creditNote = refunded.refunds.find((r: { credit_note?: { code: string } }) => r.credit_note)
    ?.credit_note.code as string;
  const receiptPath = new URL(detail.receipt_url).pathname;

  // A quote (issue 44), for its PDF.
  const quoteProduct = await one("select id from region_products where region_id = 1 order by id limit 1");
  const quote = (
    await ok("POST", "/api/staff/quotes", {
      customer_id: customer,
      lines: [{ region_product_id: quoteProduct, quantity: 1 }],
    })
  ).data.id;

  const staffId = (await ok("GET", "/api/me")).data.id;
  const today = new Date().toISOString().slice(0, 10);
  // An import batch (issue 46): its rejected rows' CSV is drawn from rows, not from the file store.
  const importBatch = await uploadSmallImport((opts) => t.call(admin, opts));
  const path = (name: string, params: Record<string, string | number>) =>
    endpointUrl(new Map(byteEndpoints).get(name)!, params);

  calls = {
    downloadFile: [
      { url: path("downloadFile", { id: file }), status: 410 },
      { url: `${path("downloadFile", { id: file })}?thumbnail=1`, status: 410 },
      { url: `${path("downloadFile", { id: file })}?download=1`, status: 410 },
    ],
    getContactLensPrescriptionFile: [
      { url: path("getContactLensPrescriptionFile", { id: rx.id }), status: 410 },
    ],
    // The archive says which files' bytes could not be read instead of failing.
    exportCustomerRecord: [{ url: path("exportCustomerRecord", { id: customer }), status: 200 }],
    customerAccessReport: [
      { url: `${path("customerAccessReport", { id: customer })}?format=csv`, status: 200 },
    ],
    staffAccessReport: [{ url: `${path("staffAccessReport", { id: staffId })}?format=csv`, status: 200 }],
    exportCustomers: [{ url: path("exportCustomers", {}), status: 200 }],
    exportJobs: [{ url: path("exportJobs", {}), status: 200 }],
    downloadImportRejects: [{ url: path("downloadImportRejects", { id: importBatch }), status: 200 }],
    exportOutbox: [{ url: path("exportOutbox", {}), status: 200 }],
    exportRecalls: [{ url: path("exportRecalls", {}), status: 200 }],
    exportSubscribers: [{ url: path("exportSubscribers", {}), status: 200 }],
    outletTillSummary: [{ url: `${path("outletTillSummary", { id: ntn })}?date=${today}`, status: 200 }],
    recallLettersPdf: [{ url: `${path("recallLettersPdf", { id: ntn })}?date=${today}`, status: 200 }],
    getLensOrderRecord: [{ url: path("getLensOrderRecord", { id: lensOrder }), status: 200 }],
    getLensOrderSheet: [{ url: path("getLensOrderSheet", { id: lensOrder }), status: 200 }],
    getShippingLabel: [{ url: path("getShippingLabel", { id: shipped }), status: 200 }],
    printQuote: [{ url: path("printQuote", { id: quote }), status: 200 }],
    getManifestSummary: [{ url: path("getManifestSummary", { id: manifest }), status: 404 }],
    showJobPrint: [{ url: `${printUrl.pathname}${printUrl.search}`, signedIn: false, status: 200 }],
    showJobStatus: [{ url: statusUrl.pathname, signedIn: false, status: 200 }],
    showReceipt: [{ url: receiptPath, signedIn: false, status: 200 }],
    showCreditNote: [
      {
        url: `${receiptPath.replace("/receipt/show/", "/receipt/credit-note/")}/${creditNote}`,
        signedIn: false,
        status: 200,
      },
    ],
  };

  // The store emptied: every row above now names bytes that are not there.
  fs.rmSync(t.config.filesDir, { recursive: true, force: true });
}, 180_000);
afterAll(async () => {
  await t?.close();
  process.off("uncaughtException", onUncaught);
  process.off("unhandledRejection", onUncaught);
});

describe("byte answers on an emptied file store", () => {
  it("finds the contract's byte endpoints, and a way to reach each", () => {
    expect(byteEndpoints.length).toBeGreaterThan(15);
    expect(byteEndpoints.map(([name]) => name).filter((name) => !calls[name])).toEqual([]);
  });

  it.each(byteEndpoints)("%s answers and the server stays up", async (name, endpoint) => {
    for (const call of calls[name] ?? []) {
      const raised = uncaught.length;
      const res = await t.call(call.signedIn === false ? null : admin, { method: "GET", url: call.url });
      // A stream fails on a later tick: give it the time to, before asking whether anything did.
      await new Promise((r) => setTimeout(r, 50));
      expect(uncaught.slice(raised), `${name} ${call.url}`).toEqual([]);
      expect((await t.call(null, { method: "GET", url: "/healthz" })).statusCode).toBe(200);
      expect(res.statusCode, `${name} ${call.url}: ${res.body.slice(0, 300)}`).toBe(call.status);
      if (endpoint.files?.stored) {
        expect(res.json()).toMatchObject({
          code: "gone",
          message: expect.stringMatching(
            /^The (thumbnail of the )?file "cl-scan\.png" is missing from the file store/,
          ),
        });
      }
    }
  });
});
