import { describe, expect, it } from "vitest";
import { ADMIN_ROLE_ID, MANAGER_ROLE_ID, STAFF_ROLE_ID } from "./constants";
import { EXPORT_LISTS, exportRefusal, mayExport } from "./export-rules";

describe("who may export a list", () => {
  it("lets managers and administrators export customers, jobs and subscribers", () => {
    for (const list of ["customers", "jobs", "subscribers"] as const) {
      expect(mayExport(ADMIN_ROLE_ID, list)).toBe(true);
      expect(mayExport(MANAGER_ROLE_ID, list)).toBe(true);
      expect(exportRefusal(MANAGER_ROLE_ID, list)).toBeNull();
    }
  });

  it("keeps the outbox to administrators, as its screen is", () => {
    expect(mayExport(ADMIN_ROLE_ID, "outbox")).toBe(true);
    expect(mayExport(MANAGER_ROLE_ID, "outbox")).toBe(false);
    expect(exportRefusal(MANAGER_ROLE_ID, "outbox")).toBe(
      "Only administrators can export the outbox: it holds customers' personal details.",
    );
  });

  it("refuses staff and an unknown role every list, saying who may", () => {
    for (const list of EXPORT_LISTS) {
      expect(mayExport(STAFF_ROLE_ID, list)).toBe(false);
      expect(mayExport(null, list)).toBe(false);
      expect(mayExport(99, list)).toBe(false);
    }
    expect(exportRefusal(STAFF_ROLE_ID, "jobs")).toBe(
      "Only managers and administrators can export the jobs list: it holds customers' personal details.",
    );
  });
});
