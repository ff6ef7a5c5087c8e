import * as contract from "@loupe/contract";
import { type Endpoint, endpointUrl, isEndpoint } from "@loupe/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app";

/**
 * Issue 52, item 1: a public link (no sign-in) whose id is not a row id is refused with a 4xx before
 * any statement runs. The links are found in the contract: every endpoint without sign-in whose
 * path names an id. Each is called with ids past an `integer` column, signed, zero and fractional,
 * its other parameters plausible, and the database must not have been asked anything.
 */

const linkEndpoints = (Object.entries(contract) as [string, unknown][]).filter(
  (e): e is [string, Endpoint] => isEndpoint(e[1]) && e[1].auth === false && /:\w*(id|Id)\b/.test(e[1].path),
);

const OUT_OF_RANGE = ["99999999999999999999", "2147483648", "-1", "0", "1.5", "1e3", "0x10", " 12"];

/** A value for each other parameter a link carries, shaped as a real link's would be. */
const PLAUSIBLE: Record<string, string> = {
  token: "a".repeat(43),
  code: "AU1-CN-000001",
  document: "docket",
};

let t: TestApp;
let statements = 0;

beforeAll(async () => {
  t = await createTestApp();
  // Counts every statement the server sends, through drizzle or raw, on either driver.
  const client = (t.database.db as unknown as { $client: { query: (...args: unknown[]) => unknown } })
    .$client;
  const query = client.query.bind(client);
  client.query = (...args: unknown[]) => {
    statements++;
    return query(...args);
  };
});
afterAll(() => t.close());

describe("public links with an id that is not a row's", () => {
  it("finds the public receipt, credit-note, status and print links in the contract", () => {
    expect(linkEndpoints.map(([name]) => name).sort()).toEqual(
      expect.arrayContaining(["showCreditNote", "showJobStatus", "showReceipt"]),
    );
  });

  it.each(linkEndpoints)(
    "%s refuses each one with a 4xx, asking the database nothing",
    async (_name, endpoint) => {
      const idParam = endpoint.path.match(/:(\w*(?:id|Id))\b/)![1];
      const names = [...endpoint.path.matchAll(/:(\w+)/g)].map((m) => m[1]).filter((n) => n !== idParam);
      for (const id of OUT_OF_RANGE) {
        const params = Object.fromEntries(names.map((n) => [n, PLAUSIBLE[n]]));
        expect(Object.values(params), `a plausible value for each of ${names}`).not.toContain(undefined);
        const url = endpointUrl(endpoint, { ...params, [idParam]: id });
        const before = statements;
        const res = await t.call(null, { method: endpoint.method, url });
        expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, url).toBeLessThan(500);
        expect(statements - before, `${url} ran statements`).toBe(0);
      }
    },
  );

  it("still opens a link whose id is a row's (the counter sees the statements)", async () => {
    const before = statements;
    const res = await t.call(null, { method: "GET", url: `/shop-api/receipt/show/1/${PLAUSIBLE.token}` });
    expect(res.statusCode).toBe(404);
    expect(statements - before).toBeGreaterThan(0);
  });
});
