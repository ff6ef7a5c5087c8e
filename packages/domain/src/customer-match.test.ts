import { describe, expect, it } from "vitest";
import { decideMatch, maskEmail, maskMobile, matchKeys } from "./customer-match";

const facts = { email: null, mobile: null, firstName: "", lastName: "", dateOfBirth: null };

describe("the customer matching rule (issue 45)", () => {
  it("asks the strongest facts first: e-mail, then the mobile in E.164, then name with date of birth", () => {
    const keys = matchKeys(
      {
        email: " Jane@Example.com ",
        mobile: "0412 345 678",
        firstName: "Jane",
        lastName: "Citizen",
        dateOfBirth: "1980-02-03",
      },
      "AU",
    );
    expect(keys.map((k) => k.by)).toEqual(["email", "mobile", "name_dob"]);
    expect(keys[0]).toEqual({ by: "email", email: "jane@example.com" });
    expect(keys[1]).toMatchObject({ by: "mobile", e164: "+61412345678" });
    expect((keys[1] as { digitForms: string[] }).digitForms).toContain("0412345678");
  });

  it("leaves out what cannot be matched on: a landline, a name without a date of birth, a text without @", () => {
    expect(
      matchKeys({ ...facts, email: "none", mobile: "02 9999 9999", firstName: "A", lastName: "B" }, "AU"),
    ).toEqual([]);
  });

  it("lets the first key that finds anyone decide: one links, several choose, none creates", () => {
    const email = { by: "email" as const, email: "a@b.c" };
    const name = { by: "name_dob" as const, firstName: "A", lastName: "B", dateOfBirth: "2000-01-01" };
    expect(decideMatch([{ key: email, ids: [7] }])).toEqual({ outcome: "link", customerId: 7, by: "email" });
    expect(
      decideMatch([
        { key: email, ids: [7, 9] },
        { key: name, ids: [7] },
      ]),
    ).toEqual({
      outcome: "choose",
      candidateIds: [7, 9],
      by: "email",
    });
    expect(
      decideMatch([
        { key: email, ids: [] },
        { key: name, ids: [3] },
      ]),
    ).toMatchObject({ customerId: 3 });
    expect(decideMatch([{ key: email, ids: [] }])).toEqual({ outcome: "create" });
  });

  it("masks contacts enough to tell two people apart", () => {
    expect(maskEmail("jane@example.com")).toBe("ja***@example.com");
    expect(maskMobile("+61 412 345 678")).toBe("••• 678");
    expect(maskEmail(null)).toBeNull();
  });
});
