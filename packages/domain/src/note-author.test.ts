import { describe, expect, it } from "vitest";
import { noteAuthorLabel } from "./customer-labels";

describe("note author", () => {
  it("shows the author's name, and System for a note with no author", () => {
    expect(noteAuthorLabel({ user: { data: { full_name: "Avery Admin" } } })).toBe("Avery Admin");
    expect(noteAuthorLabel({ user: null })).toBe("System");
    expect(noteAuthorLabel({})).toBe("System");
    expect(noteAuthorLabel({ user: { data: { full_name: "  " } } })).toBe("System");
  });
});
