import { versionConflictDetails } from "@loupe/contract";
import { describe, expect, it } from "vitest";
import { isVersionConflictDetails } from "./conflict";

const good = {
  record: "prescription",
  id: 7,
  expected_version: 2,
  current_version: 3,
  updated_at: "2026-11-23T04:04:00.000Z",
  updated_by: { id: 1, full_name: "Jane Smith" },
};

describe("the version conflict details, read without zod", () => {
  it("accepts and refuses exactly what the contract's schema does", () => {
    const cases: unknown[] = [
      good,
      { ...good, updated_by: null },
      { ...good, extra: "kept" },
      { ...good, updated_by: { id: 1 } },
      { ...good, updated_by: undefined },
      { ...good, id: "7" },
      { ...good, record: undefined },
      { ...good, expected_version: null },
      { ...good, current_version: "3" },
      { ...good, updated_at: 1 },
      { ...good, updated_by: { id: "1", full_name: "Jane" } },
      null,
      "conflict",
      [],
    ];
    for (const c of cases)
      expect(isVersionConflictDetails(c), JSON.stringify(c)).toBe(
        versionConflictDetails.safeParse(c).success,
      );
  });
});
