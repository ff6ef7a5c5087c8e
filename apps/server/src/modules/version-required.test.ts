import * as contract from "@loupe/contract";
import {
  basePrefix,
  type Endpoint,
  endpointUrl,
  isEndpoint,
  VERSION_REQUIRED,
  versionSlot,
} from "@loupe/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/test-app";

/**
 * Issue 25, point 5 (ADR 0027): every versioned write — found from the contract, a body
 * `version: expectedVersion` or the `version` query — refuses a call without its version with 428,
 * on every base it is served on, and changes nothing.
 */
const versioned = (Object.entries(contract) as [string, unknown][])
  .filter((e): e is [string, Endpoint] => isEndpoint(e[1]))
  .filter(([, e]) => versionSlot(e) !== null);

let t: TestApp;
let admin: string;
let customerId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  customerId = (
    await t.call(admin, {
      method: "POST",
      url: "/api/user",
      payload: { first_name: "Ada", last_name: "Lovelace" },
    })
  ).json().data.id;
});
afterAll(() => t.close());

describe("no edit without a version", () => {
  it("finds the versioned writes of the contract on its bases", () => {
    const names = versioned.map(([n]) => n);
    expect(names).toEqual(
      expect.arrayContaining([
        "updateCustomer",
        "updatePrescription",
        "deletePrescription",
        "updatePd",
        "deletePd",
      ]),
    );
    expect(new Set(versioned.map(([, e]) => e.base))).toEqual(new Set(["api", "legacy"]));
    // The web shop's base has no versioned write: nothing there can be last-write-wins.
    expect(versioned.filter(([, e]) => e.base === "shop")).toEqual([]);
  });

  it.each(versioned.map(([name, e]) => [name, e] as const))(
    "%s answers 428 without a version",
    async (_n, e) => {
      const params = Object.fromEntries([...e.path.matchAll(/:(\w+)/g)].map((m) => [m[1], 1]));
      const res = await t.call(admin, {
        method: e.method,
        url: endpointUrl(e, params),
        ...(versionSlot(e) === "body" ? { payload: {} } : {}),
      });
      expect(res.statusCode, res.body).toBe(428);
      expect(res.json()).toMatchObject({
        code: "precondition_required",
        message: VERSION_REQUIRED,
        errors: { version: [VERSION_REQUIRED] },
      });
      expect(basePrefix[e.base]).toMatch(/^\/(api|legacy-api)$/);
    },
  );

  it("a refused write changes nothing; the same write with its version goes through", async () => {
    const pdSource = (await t.call(admin, { method: "GET", url: "/api/pd-source" })).json().data[0].id;
    const pd = (
      await t.call(admin, {
        method: "POST",
        url: "/api/customer-pd",
        payload: { customer_user_id: customerId, source_id: pdSource, binocular_dist_pd: 62 },
      })
    ).json().data;
    const edit = (version?: number) =>
      t.call(admin, {
        method: "PUT",
        url: `/api/new-customer-pd/${pd.id}`,
        payload: { source_id: pdSource, binocular_dist_pd: 64, ...(version ? { version } : {}) },
      });
    expect((await edit()).statusCode).toBe(428);
    const [row] = await t.database.query<{ version: number }>("select version from pds where id = $1", [
      pd.id,
    ]);
    expect(row.version).toBe(pd.version);
    expect((await t.call(admin, { method: "DELETE", url: `/api/customer-pd/${pd.id}` })).statusCode).toBe(
      428,
    );
    const saved = await edit(pd.version);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.binocular_dist_pd).toBe(64);
    expect((await edit(pd.version)).statusCode).toBe(409);
  });

  it("the API document lists 428 on every versioned write", async () => {
    const doc = (await t.app.inject({ method: "GET", url: "/docs/json" })).json();
    for (const [name, e] of versioned) {
      const path = (basePrefix[e.base] + e.path).replace(/:(\w+)/g, "{$1}");
      expect(doc.paths[path]?.[e.method.toLowerCase()]?.responses?.["428"], name).toBeDefined();
    }
  });

  it("a PD whose customer id is not a number is a 422 naming the field, before any SQL", async () => {
    const pdSource = (await t.call(admin, { method: "GET", url: "/api/pd-source" })).json().data[0].id;
    for (const bad of ["NaN", "abc", -1, 2 ** 31]) {
      const res = await t.call(admin, {
        method: "POST",
        url: "/api/customer-pd",
        payload: { customer_user_id: bad, source_id: pdSource, binocular_dist_pd: 62 },
      });
      expect(res.statusCode, String(bad)).toBe(422);
      expect(Object.keys(res.json().errors)).toContain("customer_user_id");
    }
    const guest = await t.call(admin, {
      method: "POST",
      url: "/api/customer-pd-guest",
      payload: { lens_type: "NaN", source_id: pdSource, binocular_dist_pd: 62 },
    });
    expect(guest.statusCode).toBe(422);
    expect(Object.keys(guest.json().errors)).toContain("lens_type");
  });
});
