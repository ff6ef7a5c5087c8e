import { describe, expect, it } from "vitest";
import { addressSchema } from "./address-rules";
import { POSTCODE_MESSAGES, postcodeError } from "./postcode-rules";

const address = (country: string, postcode: string, state = "NT") => ({
  type: "Home",
  first_name: "Rae",
  last_name: "Test",
  email: "rae@example.com",
  address1: "1 Smith St",
  city: "Darwin",
  state,
  postcode,
  country,
});

describe("postcodes as the post office writes them (issue 52)", () => {
  it("accepts Darwin 0800, Canberra 0200 and NT PO boxes 0909, keeping the leading zero", () => {
    for (const pc of ["0800", "0200", "0909", "2000", "9999"]) {
      const parsed = addressSchema.safeParse(address("AU", pc));
      expect(parsed.success, pc).toBe(true);
      expect(parsed.data?.postcode).toBe(pc);
    }
  });

  it("refuses what is not an Australian postcode: three digits, letters, 0100", () => {
    for (const pc of ["800", "08000", "0100", "ABCD", "99"])
      expect(postcodeError("AU", pc), pc).toBe(POSTCODE_MESSAGES.AU);
    const parsed = addressSchema.safeParse(address("AU", "800"));
    expect(parsed.error?.issues.find((i) => i.path[0] === "postcode")?.message).toBe(POSTCODE_MESSAGES.AU);
  });

  it("accepts New Zealand's leading-zero postcodes and refuses other shapes", () => {
    expect(postcodeError("NZ", "0110")).toBeNull();
    expect(postcodeError("NZ", "6011")).toBeNull();
    expect(postcodeError("NZ", "611")).toBe(POSTCODE_MESSAGES.NZ);
  });

  it("accepts Canadian postal codes in either case, with or without the space, and refuses D, F, I, O, Q, U", () => {
    for (const pc of ["K1A 0B1", "m5v2t6", "V6B 1A1", "H0H 0H0"])
      expect(postcodeError("CA", pc), pc).toBeNull();
    for (const pc of ["D1A 0B1", "K1O 0B1", "W1A 1A1", "K1A0B", "12345"])
      expect(postcodeError("CA", pc), pc).toBe(POSTCODE_MESSAGES.CA);
    expect(addressSchema.safeParse(address("CA", "K1A 0B1", "ON")).success).toBe(true);
  });

  it("keeps other countries' postcodes to 'required' only, as the spec says", () => {
    expect(postcodeError("GB", "SW1A 1AA")).toBeNull();
    expect(postcodeError("US", "02134")).toBeNull();
  });
});
