import * as contract from "@loupe/contract";
import {
  type AccessResource,
  type Endpoint,
  endpointUrl,
  healthDataPaths,
  isEndpoint,
} from "@loupe/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedLensCatalogue } from "../../seed/demo-lens-catalogue";
import { confirmedJob } from "../../test/confirmed-job";
import { createTestApp, type TestApp } from "../../test/test-app";

/**
 * Issue 25, point 3: every endpoint whose answer can carry health data is found from the contract's
 * own response schemas (`healthDataPaths` walks them for prescription, PD, contact-lens and file
 * fields), not from a list, and each read is called here and must leave its access-log row.
 */
const endpoints = (Object.entries(contract) as [string, unknown][]).filter((e): e is [string, Endpoint] =>
  isEndpoint(e[1]),
);
const healthAnswers = endpoints.filter(([, e]) => healthDataPaths(e.response).length > 0);
const reads = healthAnswers.filter(([, e]) => e.method === "GET");

/**
 * Answers whose only health fields are the links of a note's attachments: notes are not logged
 * (ADR 0013), and the attachment's bytes are, when fetched (`downloadFile`). Named, so a new
 * endpoint is never exempt by accident.
 */
const NOTE_ATTACHMENT_LINKS = new Set(["listCustomerNotes", "listOrderNotes", "listOrderItemNotes"]);

/**
 * Writes whose only health fields are a note's attachment links, for the reason above. Named, so a
 * new write that answers health data fails until it declares access.
 */
const WRITES_NOT_YET_LOGGED = new Set([
  "createCustomerNote",
  "createOrderItemNote",
  "createOrderNote",
  "createOrderNoteRelative",
  "updateOrderNote",
  "updateReceiptNote",
  "confirmPayment",
]);

let t: TestApp;
let token: string;
const ids: Partial<Record<AccessResource, number>> = {};

beforeAll(async () => {
  t = await createTestApp();
  await seedLensCatalogue(t.database.db);
  token = await t.login();
  const job = await confirmedJob(t, token, {
    product: "Milo frame + multifocal lenses",
    rx: { right_sph: -2, left_sph: -2.5, spectacles: { right_near_add: 2, left_near_add: 2 } },
    pd: { binocular_dist_pd: 62, right_height_multifocal: 22, left_height_multifocal: 21.5 },
  });
  const [rx] = await t.database.query<{ id: number }>("select id from prescriptions where customer_id = $1", [
    job.customerId,
  ]);
  const [pd] = await t.database.query<{ id: number }>("select id from pds where customer_id = $1", [
    job.customerId,
  ]);
  const boundary = "----health";
  const png = Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
    "base64",
  );
  const upload = await t.call(token, {
    method: "POST",
    url: `/api/customer/${job.customerId}/files`,
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files[0]"; filename="scan.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
  expect(upload.statusCode).toBe(201);
  // A quote for the same customer (issue 44): its spectacle lines hold the Rx and PD as quoted.
  const [product] = await t.database.query<{ id: number }>(
    "select id from region_products where region_id = 1 order by id limit 1",
  );
  const quote = await t.call(token, {
    method: "POST",
    url: "/api/staff/quotes",
    payload: { customer_id: job.customerId, lines: [{ region_product_id: product.id, quantity: 1 }] },
  });
  expect(quote.statusCode, quote.body).toBe(200);
  Object.assign(ids, {
    quote: quote.json().data.id,
    customer: job.customerId,
    job: job.orderId,
    job_item: job.itemId,
    prescription: rx.id,
    contact_lens: rx.id,
    pd: pd.id,
    file: upload.json().data[0].id,
  });
}, 120_000);
afterAll(() => t.close());

describe("health data in answers, found from the contract", () => {
  it("finds the reads, including a job and an item's revisions", () => {
    const names = reads.map(([n]) => n);
    expect(names).toEqual(
      expect.arrayContaining(["getJob", "listItemSelectionRevisions", "getPd", "getFile"]),
    );
  });

  it("every write that answers health data declares its access, or is one of the named few", () => {
    const missing = healthAnswers
      .filter(([name, e]) => e.method !== "GET" && !e.access && !WRITES_NOT_YET_LOGGED.has(name))
      .map(([name, e]) => `${name}: ${e.method} ${e.path}`);
    expect(missing).toEqual([]);
  });

  it.each(reads.filter(([name]) => !NOTE_ATTACHMENT_LINKS.has(name)).map(([name, e]) => [name, e] as const))(
    "%s writes its access-log row",
    async (_name, e) => {
      expect(e.access, "declares access").toBeDefined();
      const params: Record<string, number> = {};
      for (const param of [...e.path.matchAll(/:(\w+)/g)].map((m) => m[1])) {
        const resource = param === e.access?.customer ? "customer" : e.access?.resource;
        const id = resource ? ids[resource] : undefined;
        expect(id, `a fixture for :${param} (${resource})`).toBeDefined();
        params[param] = id as number;
      }
      const res = await t.call(token, { method: "GET", url: endpointUrl(e, params) });
      expect(res.statusCode, res.body).toBe(200);
      const rows = await t.database.query<{ action: string; resource: string; customer_id: number | null }>(
        "select action, resource, customer_id from access_log where request_id = $1",
        [res.headers["x-request-id"]],
      );
      expect(rows).toHaveLength(1);
      expect(rows[0].customer_id).toBe(ids.customer);
    },
  );

  it("a write that answers the job's selections writes its row too (an item's status, a customer change)", async () => {
    const [{ id: statusId }] = await t.database.query<{ id: number }>(
      "select id from statuses where kind = 'item' and selectable order by id limit 1",
    );
    const writes = [
      {
        method: "PUT",
        url: `/api/staff/order-items/${ids.job_item}/dispense-status-id`,
        payload: { id: statusId },
      },
      {
        method: "PUT",
        url: "/api/staff/orders/customer",
        payload: { order_id: ids.job, customer_id: ids.customer },
      },
    ] as const;
    const expected = [
      { resource: "job_item", status: 200 },
      // The same customer: refused (409), and the refusal is logged against the job all the same.
      { resource: "job", status: 409 },
    ];
    for (const [i, w] of writes.entries()) {
      const res = await t.call(token, { method: w.method, url: w.url, payload: w.payload });
      expect(res.statusCode, res.body).toBe(expected[i].status);
      const rows = await t.database.query<{ action: string; resource: string; resource_id: string | null }>(
        "select action, resource, resource_id::text from access_log where request_id = $1",
        [res.headers["x-request-id"]],
      );
      expect(rows, w.url).toHaveLength(1);
      expect(rows[0]).toMatchObject({ action: "view", resource: expected[i].resource });
      expect(rows[0].resource_id).toBe(String(expected[i].resource === "job" ? ids.job : ids.job_item));
    }
  });
});
