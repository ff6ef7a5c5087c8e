import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoCustomers } from "../seed/demo-customers";
import { createTestApp, type TestApp } from "../test/test-app";

/**
 * What a read answers, a write takes back (customers-area §3): an entity read with GET and sent
 * back unchanged to its PUT is accepted and stays as it was; a POST takes the read shape too.
 */
let t: TestApp;
let token: string;
const call = (method: "GET" | "POST" | "PUT", url: string, payload?: unknown) =>
  t.call(token, { method, url, payload: payload as never });

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoCustomers(t.database.db, { customers: 10, jobs: 0 });
  token = await t.login();
});
afterAll(() => t.close());

const customer = { id: 0 };
/** What any save changes by itself: the version, the time and who changed it last. */
const VOLATILE = ["version", "updated_at", "last_changed_by", "changed_by", "updated_by"];
const stable = (entity: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(entity).filter(([k]) => !VOLATILE.includes(k)));
const diff = (a: Record<string, unknown>, b: Record<string, unknown>) =>
  Object.keys({ ...a, ...b }).filter((k) => JSON.stringify(a[k]) !== JSON.stringify(b[k]));

describe("writes accept what reads return", () => {
  beforeAll(async () => {
    const [row] = await t.database.query<{ id: number }>(
      "select c.id from customers c where exists (select 1 from prescriptions p where p.customer_id = c.id) and exists (select 1 from pds d where d.customer_id = c.id) order by c.id limit 1",
    );
    customer.id = row.id;
  });

  it("an address, nested as GET answers it, for POST and PUT", async () => {
    const nested = {
      first_name: "Ada",
      last_name: "Lovelace",
      email: "ada@example.com",
      mobile: null,
      address: {
        type: "Shipping",
        description: null,
        address1: "12 King Street",
        address2: null,
        suburb: "Newtown",
        city: "Sydney",
        state: "NSW",
        postcode: "2042",
        country: "AU",
      },
    };
    const created = await call("POST", `/api/staff/customers/${customer.id}/billing-addresses`, nested);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data).toMatchObject(nested);
    const read = (await call("GET", `/api/staff/customers/${customer.id}/billing-addresses`)).json().data[0];
    const edited = { ...read, address: { ...read.address, address1: "14 King Street" } };
    const put = await call("PUT", `/api/staff/billing-addresses/${read.id}`, edited);
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data.address).toEqual(edited.address);
    // The nested fields are still checked by the address rules.
    const bad = await call("PUT", `/api/staff/billing-addresses/${read.id}`, {
      ...read,
      address: { ...read.address, postcode: "99" },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.postcode).toEqual([
      "The Postcode field has to be 4 digits, between 0200 and 9999",
    ]);
    // Darwin's postcode keeps its leading zero (issue 52): text, not a number between 1000 and 9999.
    const current = put.json().data;
    const darwin = {
      ...current,
      address: { ...current.address, state: "NT", suburb: "Darwin", postcode: "0800" },
    };
    const nt = await call("PUT", `/api/staff/billing-addresses/${read.id}`, darwin);
    expect(nt.statusCode, nt.body).toBe(200);
    expect(nt.json().data.address.postcode).toBe("0800");
  });

  it("a customer, with its region and regions", async () => {
    const read = (await call("GET", `/api/staff/customers/${customer.id}`)).json().data;
    const put = await call("PUT", `/api/staff/customers/${customer.id}`, read);
    expect(put.statusCode, put.body).toBe(200);
    expect(diff(stable(put.json().data), stable(read))).toEqual([]);
    expect(put.json().data.version).toBe(read.version + 1);
  });

  it("a prescription, with its source, staff and display fields", async () => {
    const [read] = (await call("GET", `/api/staff/customers/${customer.id}/prescriptions`)).json().data;
    const put = await call("PUT", `/api/v4/prescriptions/${read.id}`, read);
    expect(put.statusCode, put.body).toBe(200);
    const got = put.json().data;
    expect(diff(stable(got), stable(read))).toEqual([]);
    expect(got.version).toBe(read.version + 1);
    // The version read is the version checked: sending it again is a stale edit.
    expect((await call("PUT", `/api/v4/prescriptions/${read.id}`, read)).statusCode).toBe(409);
  });

  it("a PD, with its presenter and source", async () => {
    const [listed] = (await call("GET", `/api/staff/customers/${customer.id}/pds`)).json().data;
    const read = (await call("GET", `/api/new-customer-pd/${listed.id}`)).json().data;
    const put = await call("PUT", `/api/new-customer-pd/${listed.id}`, read);
    expect(put.statusCode, put.body).toBe(200);
    expect(diff(stable(put.json().data), stable(read))).toEqual([]);
    expect(put.json().data.version).toBe(read.version + 1);
  });
});
