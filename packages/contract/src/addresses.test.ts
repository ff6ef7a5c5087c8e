import { describe, expect, it } from "vitest";
import * as addresses from "./addresses";
import * as contract from "./index";

describe("endpoint addresses", () => {
  const entries = Object.entries(addresses).filter(([name]) => name.endsWith("Address"));

  it("has one for each endpoint the first screen calls", () => {
    expect(entries.length).toBeGreaterThanOrEqual(22);
  });

  it.each(entries)("%s reaches the endpoint it is named after", (name, address) => {
    const endpoint = (contract as Record<string, unknown>)[name.replace(/Address$/, "")] as
      | contract.Endpoint
      | undefined;
    expect(endpoint, `no endpoint ${name.replace(/Address$/, "")}`).toBeDefined();
    expect(address).toEqual({
      method: endpoint?.method,
      base: endpoint?.base,
      path: endpoint?.path,
      ...(endpoint?.auth === undefined ? {} : { auth: endpoint.auth }),
    });
  });
});
