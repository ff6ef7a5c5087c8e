import { describe, expect, it } from "vitest";
import { ADMIN_ROLE_ID, MANAGER_ROLE_ID, STAFF_ROLE_ID } from "./constants";
import { RECALL_REFUSALS, recallRefusal } from "./recall-permissions";

describe("recall permissions", () => {
  it("lets administrators define types, and managers and administrators act on recalls", () => {
    expect(recallRefusal(ADMIN_ROLE_ID, "define_types")).toBeNull();
    expect(recallRefusal(MANAGER_ROLE_ID, "define_types")).toBe(RECALL_REFUSALS.define_types);
    expect(recallRefusal(STAFF_ROLE_ID, "define_types")).toBe(RECALL_REFUSALS.define_types);
    expect(recallRefusal(ADMIN_ROLE_ID, "act")).toBeNull();
    expect(recallRefusal(MANAGER_ROLE_ID, "act")).toBeNull();
    expect(recallRefusal(STAFF_ROLE_ID, "act")).toBe("Only managers and administrators act on recalls.");
    expect(recallRefusal(null, "act")).toBe(RECALL_REFUSALS.act);
  });
});
