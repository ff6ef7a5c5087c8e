import { describe, expect, it } from "vitest";
import {
  decideMatch,
  duplicateEvidence,
  maskEmail,
  maskMobile,
  matchKeys,
  trigramSimilarity,
} from "./customer-match";

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

describe("the duplicate finder's evidence for a pair (issue 46)", () => {
  const person = {
    firstName: "Jane",
    lastName: "Citizen",
    email: null,
    mobile: null,
    dateOfBirth: null,
    country: "AU" as const,
  };

  it("measures names as pg_trgm does: padded word trigrams, shared over all", () => {
    // "jon smith" has 10 trigrams, "john smith" 11, 8 shared: 8 / 13.
    expect(trigramSimilarity("Jon Smith", "John Smith")).toBeCloseTo(8 / 13, 10);
    expect(trigramSimilarity("Anna Smith", "Peter Smith")).toBeCloseTo(6 / 17, 10);
    expect(trigramSimilarity("ANNA  o'brien", "anna O BRIEN")).toBe(1);
    expect(trigramSimilarity("", "Anna")).toBe(0);
  });

  it("finds the same e-mail however it was typed, masked in the detail", () => {
    const r = duplicateEvidence(
      { ...person, email: " Jane@Example.com" },
      { ...person, firstName: "Janet", email: "jane@example.COM " },
    );
    expect(r.evidence).toEqual([{ by: "email", detail: "Same email ja***@example.com" }]);
    expect(r.score).toBe(70);
  });

  it("finds the same mobile in two spellings (national and E.164)", () => {
    const r = duplicateEvidence({ ...person, mobile: "0412 345 678" }, { ...person, mobile: "+61412345678" });
    expect(r.evidence.map((e) => e.by)).toEqual(["mobile"]);
    expect(r.evidence[0].detail).toBe("Same mobile ••• 678");
    expect(
      duplicateEvidence({ ...person, mobile: "0412 345 678" }, { ...person, mobile: "0412 345 679" })
        .evidence,
    ).toEqual([]);
  });

  it("takes names alike only with the same date of birth", () => {
    const a = { ...person, firstName: "Catherine", lastName: "Jones", dateOfBirth: "1981-04-03" };
    const b = { ...person, firstName: "Katherine", lastName: "Jones", dateOfBirth: "1981-04-03" };
    const r = duplicateEvidence(a, b);
    expect(r.evidence).toEqual([
      { by: "name_dob", detail: "Names 68% alike, same date of birth 03/04/1981" },
    ]);
    expect(r.score).toBeGreaterThan(60);
    expect(duplicateEvidence(a, { ...b, dateOfBirth: "1981-04-04" }).evidence).toEqual([]);
    expect(duplicateEvidence(a, { ...b, firstName: "Peter" }).evidence).toEqual([]);
    expect(duplicateEvidence(a, { ...a }).evidence[0].detail).toMatch(/^Same name,/);
  });

  it("scores more facts higher, and a shared contact under unlike names lower (a family)", () => {
    const same = { ...person, email: "j@x.com", mobile: "0412345678", dateOfBirth: "1990-01-01" };
    const all = duplicateEvidence(same, { ...same });
    expect(all.evidence.map((e) => e.by)).toEqual(["email", "mobile", "name_dob"]);
    expect(all.score).toBe(100 - Math.round(100 * 0.3 * 0.4 * 0.05));
    const family = duplicateEvidence(same, {
      ...same,
      firstName: "Bob",
      lastName: "Hill",
      dateOfBirth: null,
    });
    expect(family.score).toBeLessThan(duplicateEvidence(same, { ...same, dateOfBirth: null }).score);
    expect(duplicateEvidence(person, { ...person }).score).toBe(0);
  });
});
