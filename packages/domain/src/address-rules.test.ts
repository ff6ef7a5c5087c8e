import { describe, expect, it } from "vitest";
import { addressSchema, allCountries } from "./address-rules";

const base = {
  type: "Shipping",
  first_name: "A",
  last_name: "B",
  email: "a@b.co",
  address1: "1 St",
  city: "Sydney",
  postcode: "2000",
  country: "AU",
  state: "NSW",
};
const errors = (v: Record<string, unknown>) =>
  Object.fromEntries(
    (addressSchema.safeParse(v).error?.issues ?? []).map((i) => [i.path.join("."), i.message]),
  );

describe("address rules", () => {
  it("accepts a good AU address and checks the AU postcode: four digits from 0200 (ADR 0051)", () => {
    expect(errors(base)).toEqual({});
    expect(errors({ ...base, postcode: "0999" })).toEqual({});
    expect(errors({ ...base, postcode: "10000" }).postcode).toMatch(/4 digits, between 0200 and 9999/);
    expect(errors({ ...base, postcode: "9999" })).toEqual({});
  });

  it("drops the state rule for other countries", () => {
    expect(errors({ ...base, country: "CA", state: "", postcode: "M5V 2T6" })).toEqual({});
  });

  it("lists the AU state with every other missing field on the first submit", () => {
    const empty = { type: "Shipping", country: "AU", first_name: "", last_name: "", email: "" };
    expect(errors(empty)).toMatchObject({
      first_name: "The First Name field is required.",
      address1: "The Street Address field is required.",
      state: "The State field is required.",
    });
    expect(errors({ ...empty, country: "NZ" }).state).toBeUndefined();
    expect(errors({ ...base, state: "", first_name: "" })).toEqual({
      first_name: "The First Name field is required.",
      state: "The State field is required.",
    });
  });
});

describe("the country list", () => {
  it("holds every ISO country by its English name, the common ones first", () => {
    const list = allCountries();
    expect(list.length).toBeGreaterThanOrEqual(240);
    expect(list.slice(0, 3).map((c) => c.code)).toEqual(["AU", "NZ", "CA"]);
    expect(list.find((c) => c.code === "PG")?.name).toBe("Papua New Guinea");
    expect(list.some((c) => c.code === "EU" || c.code === "UN")).toBe(false);
    expect(new Set(list.map((c) => c.code)).size).toBe(list.length);
  });
});
