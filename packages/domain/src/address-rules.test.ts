import { describe, expect, it } from "vitest";
import { addressSchema } from "./address-rules";

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
  it("accepts a good AU address and checks the AU postcode range", () => {
    expect(errors(base)).toEqual({});
    expect(errors({ ...base, postcode: "0999" }).postcode).toMatch(/between 1000 and 9999/);
    expect(errors({ ...base, postcode: "10000" }).postcode).toMatch(/between 1000 and 9999/);
    expect(errors({ ...base, postcode: "9999" })).toEqual({});
  });

  it("drops the state rule and postcode range for other countries", () => {
    expect(errors({ ...base, country: "CA", state: "", postcode: "M5V 2T6" })).toEqual({});
  });
});
