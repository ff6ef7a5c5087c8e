import { describe, expect, it } from "vitest";
import { accessActions, accessResources, type Endpoint, isEndpoint } from "./endpoint";
import * as contract from "./index";

const endpoints = (Object.entries(contract) as [string, unknown][]).filter((e): e is [string, Endpoint] =>
  isEndpoint(e[1]),
);

/** Paths that read or change a prescription, a PD, a file or a customer's record (ADR 0013). */
const HEALTH_RECORD =
  /prescription|(^|[/-])pds?($|[/?-])|\/files?($|\/)|customerLogin\/:id|record-export|access-log/i;

/** Reference lists that hold no one's record: named here on purpose, so nothing is exempt by accident. */
const REFERENCE_ONLY = new Set(["listPrescriptionTypes", "listPrescriptionSources", "listPdSources"]);

describe("access declarations", () => {
  it("finds the contract's endpoints", () => {
    expect(endpoints.length).toBeGreaterThan(80);
  });

  it("every endpoint touching prescriptions, PDs or files declares what it touches", () => {
    const missing = endpoints
      .filter(([name, e]) => HEALTH_RECORD.test(e.path) && !e.access && !REFERENCE_ONLY.has(name))
      .map(([name, e]) => `${name}: ${e.method} ${e.path}`);
    expect(missing).toEqual([]);
  });

  it("the customer record's own endpoints declare it too", () => {
    for (const e of [contract.getCustomer, contract.createCustomer, contract.updateCustomer])
      expect(e.access?.resource).toBe("customer");
  });

  it("declarations name known resources, actions and parameters", () => {
    for (const [name, e] of endpoints) {
      if (!e.access) continue;
      expect(accessResources, name).toContain(e.access.resource);
      expect(accessActions, name).toContain(e.access.action);
      for (const param of [e.access.customer, e.access.id]) {
        if (param) expect(e.path, `${name} names :${param}`).toContain(`:${param}`);
      }
    }
  });
});
