import { Ajv, type ValidateFunction } from "ajv";
import addFormats from "ajv-formats";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoCustomers } from "../../seed/demo-customers";
import { seedDemoJobs } from "../../seed/demo-jobs";
import { seedLensCatalogue } from "../../seed/demo-lens-catalogue";
import { createTestApp, type TestApp } from "../../test/test-app";

/**
 * The published API document (/docs/json) against what the API really answers (issue 33): every
 * GET operation with seeded data plus the main writes are called, and each answer is validated by
 * Ajv in strict mode against the schema its operation documents for that status (2XX, 4XX, 5XX),
 * or its media type checked against the documented ones for a file. So the document cannot drift
 * from the answers: a field added, renamed or made nullable without it fails here.
 */

type Method = "get" | "post" | "put" | "delete";
interface MediaType {
  schema?: unknown;
}
interface Operation {
  operationId: string;
  responses: Record<string, { content?: Record<string, MediaType> }>;
}
interface Recorded {
  method: Method;
  path: string;
  status: number;
  type: string;
  body: string;
}

let t: TestApp;
let token: string;
let doc: { paths: Record<string, Partial<Record<Method, Operation>>> };
const recorded: Recorded[] = [];

const one = async <T = number>(sql: string, params: unknown[] = []): Promise<T> => {
  const rows = (await t.database.query<Record<string, T>>(sql, params)) as Record<string, T>[];
  return rows[0] ? Object.values(rows[0])[0] : (0 as T);
};

/** Calls an operation by its documented path (`/api/staff/customers/{id}`), and records the answer. */
async function call(
  method: Method,
  path: string,
  params: Record<string, string | number> = {},
  opts: { query?: string; payload?: unknown; auth?: boolean } = {},
) {
  const url = path.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (params[name] === undefined) throw new Error(`${path}: no value for ${name}`);
    return encodeURIComponent(String(params[name]));
  });
  const res = await t.call(opts.auth === false ? null : token, {
    method: method.toUpperCase() as "GET",
    url: `${url}${opts.query ? `?${opts.query}` : ""}`,
    ...(opts.payload === undefined ? {} : { payload: opts.payload as Record<string, unknown> }),
  });
  recorded.push({
    method,
    path,
    status: res.statusCode,
    type: String(res.headers["content-type"] ?? "").split(";")[0],
    body: res.body,
  });
  return res;
}

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoCustomers(t.database.db, { customers: 12, jobs: 0 });
  await seedDemoJobs(t.database.db, { customers: 12, jobs: 30 });
  await seedLensCatalogue(t.database.db);
  token = await t.login();
  doc = (await t.app.inject({ method: "GET", url: "/docs/json" })).json();

  const customer = await one(
    `select c.id from customers c join prescriptions p on p.customer_id = c.id
      group by c.id order by count(*) desc, c.id limit 1`,
  );
  const job = await one("select id from orders where customer_id is not null order by id limit 1");
  const item = await one("select id from order_items where order_id = $1 order by id limit 1", [job]);
  const outlet = await one("select id from outlets where region_id = 1 order by id limit 1");
  const product = await one("select id from region_products where region_id = 1 order by id limit 1");
  const staffId = (await t.call(token, { method: "GET", url: "/api/me" })).json().data.id;
  const dispense = await one("select id from statuses where kind = 'dispense' order by id offset 1 limit 1");

  // The main writes, first, so that the reads after them have notes, addresses, searches…
  const created = await call(
    "post",
    "/api/user",
    {},
    { payload: { first_name: "Docs", last_name: "Ngata" } },
  );
  const newId = created.json().data.id;
  await call("put", "/api/staff/customers/{id}", { id: newId }, { payload: { gender: "Female" } });
  await call("put", "/api/staff/customers/{id}", { id: newId }, { payload: { gender: null } });
  await call("post", "/api/user", {}, { payload: { first_name: " " } });
  const prescriptionSource = await one("select id from prescription_sources order by id limit 1");
  await call(
    "post",
    "/api/v4/users/{id}/prescriptions",
    { id: newId },
    { payload: { type_id: 1, source_id: prescriptionSource, right_sph: -1.25, left_sph: -1 } },
  );
  const pdSource = await one("select id from pd_sources order by id limit 1");
  await call(
    "post",
    "/api/customer-pd",
    {},
    { payload: { customer_user_id: newId, source_id: pdSource, binocular_dist_pd: 63 } },
  );
  await call("post", "/legacy-api/user-note", {}, { payload: { content: "Prefers e-mail", user_id: newId } });
  await call(
    "post",
    "/api/staff/customers/{customer_id}/billing-addresses",
    { customer_id: newId },
    {
      payload: {
        type: "Shipping",
        first_name: "Docs",
        last_name: "Ngata",
        email: "docs@example.com",
        address1: "1 Test St",
        city: "Sydney",
        state: "NSW",
        postcode: "2000",
        country: "AU",
      },
    },
  );
  await call(
    "post",
    "/api/staff/orders/{id}/notes",
    { id: job },
    { payload: { content: "Collects Friday" } },
  );
  await call("put", "/api/staff/orders/{id}/priority", { id: job }, { payload: { priority: 2 } });
  await call(
    "put",
    "/api/staff/orders/{id}/dispense-status",
    { id: job },
    { payload: { dispense_status_id: dispense } },
  );
  await call(
    "post",
    "/api/staff/saved-searches",
    {},
    { payload: { name: "Docs search", query: { q: "smith" } } },
  );

  // Every GET, with seeded data where there is some.
  const first = async (table: string) => one(`select id from ${table} order by id limit 1`);
  const ids: Record<string, string | number> = {
    id: customer,
    customer_id: customer,
    regionId: 1,
    orderId: job,
    channel: "loupego",
  };
  const receiptToken = (await t.call(token, { method: "GET", url: `/api/staff/orders/${job}` })).json().data
    .receipt_token;
  const statusToken = new URL(
    (await t.call(token, { method: "GET", url: `/api/staff/orders/${job}/customer-messages` })).json().data
      .status_link.url,
  ).pathname
    .split("/")
    .at(-1) as string;
  const byPath: Record<string, Record<string, string | number>> = {
    "/api/staff/orders/{id}/customer-messages": { id: job },
    "/api/staff/outlets/{id}/call-list": { id: outlet },
    "/api/staff/regions/{id}/ready-message-settings": { id: 1 },
    "/shop-api/status/{orderId}/{token}": { orderId: job, token: statusToken },
    "/api/staff/outlets/{id}": { id: outlet },
    "/api/staff/outbox/{id}/attempts": { id: await first("outbox_messages") },
    "/api/new-customer-pd/{id}": { id: await first("pds") },
    "/api/staff/files/{id}": { id: await first("files") },
    "/api/staff/files/{id}/content": { id: await first("files") },
    "/api/staff/orders/{id}/notes": { id: job },
    "/api/staff/order-items/{id}/notes": { id: item },
    "/shop-api/referral/check/{id}": { id: customer },
    "/api/staff/orders/{id}": { id: job },
    "/api/staff/orders/{id}/events": { id: job },
    "/shop-api/receipt/show/{orderId}/{token}": { orderId: job, token: receiptToken },
    // A credit note the job does not have: the documented plain 404 page.
    "/shop-api/receipt/credit-note/{orderId}/{token}/{code}": {
      orderId: job,
      token: receiptToken,
      code: "AU1-CN-999999",
    },
    "/api/staff/shipments/manifests/{id}/summary": { id: 999_999 },
    "/api/staff/shipments/get-label/{id}": { id: job },
    "/api/staff/region-products/{id}/lens-type": { id: product },
    "/api/staff/order-items/{id}/info/revisions": { id: item },
    "/api/io-api/getContactLensPrescriptionFile/{id}": { id: await first("prescriptions") },
    "/api/supplier_contacts_by_outlet/outlet/{id}": { id: outlet },
    "/api/staff/suppliers/{id}": { id: await first("lens_suppliers") },
    "/api/staff/order-items/{id}/lens-orders": { id: item },
    "/api/staff/lens-orders/{id}/record": { id: 999_999 },
    "/api/staff/lens-orders/{id}/sheet": { id: 999_999 },
    "/api/staff/access-log/staff/{id}": { id: staffId },
    "/api/staff/customer-merges/preview/{keep}/{lose}": { keep: customer, lose: newId },
  };
  const queries: Record<string, string> = {
    "/legacy-api/user-note": `user_id=${newId}`,
    "/api/staff/shipments/manifests": `sender_outlet_id=${outlet}`,
    "/api/staff/product-lens-addons": `region_product_id=${product}`,
    "/api/order_lens/count": `order_item_id=${item}`,
    "/api/v4/users": "customer=1",
    "/api/staff/orders": "page=1",
  };
  for (const [path, ops] of Object.entries(doc.paths)) {
    if (!ops.get || path === "/api/print/jobs/{orderId}/{document}") continue;
    await call("get", path, { ...ids, ...byPath[path] }, { query: queries[path] });
  }
  // A receipt link that is not one (a page, documented), the access report as CSV, and a print
  // link opened as a new tab would (no sign-in).
  await call(
    "get",
    "/shop-api/receipt/show/{orderId}/{token}",
    { orderId: job, token: "not-a-token" },
    { auth: false },
  );
  await call("get", "/api/staff/access-log/customers/{id}", { id: customer }, { query: "format=csv" });
  const link = (await call("get", "/api/staff/job-tray-signed-url/{orderId}", { orderId: job })).json().data
    .url;
  const printed = new URL(link);
  const [, , , , orderId, document] = printed.pathname.split("/");
  await call(
    "get",
    "/api/print/jobs/{orderId}/{document}",
    { orderId, document },
    {
      query: printed.search.slice(1),
      auth: false,
    },
  );
}, 180_000);
afterAll(() => t.close());

const statusClass = (status: number) => `${String(status)[0]}XX`;
/** A documented media type (`image/*` included) that an answer's type matches. */
const matches = (documented: string, type: string) =>
  documented === type || (documented.endsWith("/*") && type.startsWith(documented.slice(0, -1)));

describe("the API document (/docs/json) describes the real answers", () => {
  it("validates in strict mode against every operation's documented schemas", () => {
    const ajv = new Ajv({ strict: true, allErrors: true });
    addFormats(ajv);
    ajv.addFormat("binary", true);
    // The document's own top-level fields hold schemas but are not schema keywords; everything
    // under them that is compiled (each response schema and what it references) is checked strictly.
    ajv.addVocabulary(Object.keys(doc));
    ajv.addSchema(doc, "api");
    const validators = new Map<string, ValidateFunction>();
    const failures: string[] = [];
    for (const r of recorded) {
      const where = `${r.method.toUpperCase()} ${r.path} → ${r.status} ${r.type}`;
      const op = doc.paths[r.path]?.[r.method];
      const code =
        Object.keys(op?.responses ?? {}).find((k) => k === String(r.status)) ?? statusClass(r.status);
      const content = op?.responses[code]?.content;
      if (!content) {
        failures.push(`${where}: no documented ${code} response`);
        continue;
      }
      const documented = Object.keys(content).find((k) => matches(k, r.type));
      if (!documented) {
        failures.push(`${where}: documented as ${Object.keys(content).join(", ")}`);
        continue;
      }
      if (documented !== "application/json") continue;
      const pointer = ["paths", r.path, r.method, "responses", code, "content", documented, "schema"]
        .map((p) => p.replaceAll("~", "~0").replaceAll("/", "~1"))
        .join("/");
      let validate = validators.get(pointer);
      if (!validate) {
        validate = ajv.compile({ $ref: `api#/${pointer}` });
        validators.set(pointer, validate);
      }
      if (!validate(JSON.parse(r.body)))
        failures.push(`${where}: ${ajv.errorsText(validate.errors, { dataVar: "body" })}`);
    }
    expect(failures).toEqual([]);
  });

  it("called every GET operation, and most answered with data", () => {
    const gets = Object.entries(doc.paths)
      .filter(([, ops]) => ops.get)
      .map(([path]) => path);
    const called = new Set(recorded.filter((r) => r.method === "get").map((r) => r.path));
    expect(gets.filter((p) => !called.has(p))).toEqual([]);
    const succeeded = new Set(recorded.filter((r) => r.status < 300).map((r) => `${r.method} ${r.path}`));
    expect(succeeded.size).toBeGreaterThan(gets.length * 0.8);
  });
});
