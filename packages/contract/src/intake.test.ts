import { INTAKE_ACTIONS } from "@loupe/domain";
import { describe, expect, it } from "vitest";
import { type Endpoint, isEndpoint } from "./endpoint";
import * as contract from "./index";

// Issue 45: every intake call that names a sale, a store or a failed delivery declares the intake
// rule the routes check, pointed at what it names.
const intake = (Object.entries(contract) as [string, unknown][]).filter(
  (e): e is [string, Endpoint] => isEndpoint(e[1]) && e[1].path.startsWith("/staff/intake/"),
);

describe("the intake's rule declarations", () => {
  it("finds the intake endpoints", () => {
    expect(intake.length).toBeGreaterThanOrEqual(9);
  });

  it("declares a rule on every call naming a sale, a store or a failure, aimed at it", () => {
    for (const [name, e] of intake) {
      const names = e.path.includes(":id") || "store_key" in ((e.body as { shape?: object })?.shape ?? {});
      if (!names) continue;
      expect(e.intakeRule, name).toBeDefined();
      expect(INTAKE_ACTIONS, name).toContain(e.intakeRule!.action);
      const target = e.intakeRule!.target({
        params: { id: "7" },
        query: {},
        body: { store_key: "ls-7" },
        headers: {},
      });
      expect(JSON.stringify(target), name).toMatch(/7/);
    }
  });

  it("keeps a failed delivery's raw payload behind the administrators' rule and the access log", () => {
    expect(contract.getIntakeFailure.intakeRule.action).toBe("intake_raw");
    expect(contract.getIntakeFailure.access).toEqual({ resource: "intake_payload", action: "view" });
  });
});
