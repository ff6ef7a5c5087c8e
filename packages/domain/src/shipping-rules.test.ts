import { describe, expect, it } from "vitest";
import { isForwardMove, shippingMessages } from "./shipping-messages";
import {
  addBusinessDays,
  auPostOrderFailure,
  chargeableKg,
  DEFAULT_RATE_CARD,
  defaultDeclaredValue,
  isHttpsUrl,
  PARCEL_DEFAULTS,
  PARCEL_SIZES,
  parcelFormSchema,
  quoteRateCard,
  quoteWarnings,
  sendleOrderFailure,
  zoneFor,
} from "./shipping-rules";

const receiver = {
  name: "Ada Lovelace",
  lines: ["1 Main St"],
  suburb: "Glebe",
  state: "NSW",
  country: "AU",
  postcode: "2037",
};
const form = {
  sender_outlet_id: 1,
  receiver,
  delivery_instruction: "authority_to_leave",
  parcel_size_id: 2,
  parcel_quantity: 1,
  weight: 0.3,
  volume: 0,
  value: 120,
  description: "",
  country_of_origin: "",
};
const monday = new Date("2026-11-23T03:00:00Z");

describe("parcel constants (§9)", () => {
  it("has the spec's two boxes, defaults and message", () => {
    expect(PARCEL_SIZES).toEqual([
      { id: 1, name: "Small Box", length: 18, width: 13, height: 6, weight: 0.2 },
      { id: 2, name: "Large Box", length: 24, width: 15, height: 6, weight: 0.3 },
    ]);
    expect(PARCEL_DEFAULTS).toMatchObject({
      weight: 0.3,
      volume: 0,
      description: "Prescription glasses",
      countryOfOrigin: "Australia",
    });
    expect(shippingMessages.created).toBe("New shipping order has been successfully created!");
  });
  it("declares the job total rounded down", () => {
    expect(defaultDeclaredValue(249.99)).toBe(249);
    expect(defaultDeclaredValue(-3)).toBe(0);
  });
});

describe("parcel form (§5)", () => {
  it("accepts a domestic parcel without description or country of origin", () => {
    expect(parcelFormSchema.safeParse(form).success).toBe(true);
  });
  it("requires description and country of origin only abroad", () => {
    const abroad = parcelFormSchema.safeParse({ ...form, receiver: { ...receiver, country: "NZ" } });
    expect(abroad.success).toBe(false);
    expect(abroad.error?.issues.map((i) => i.path.join("."))).toEqual(["description", "country_of_origin"]);
    expect(
      parcelFormSchema.safeParse({
        ...form,
        receiver: { ...receiver, country: "NZ" },
        description: "Glasses",
        country_of_origin: "Australia",
      }).success,
    ).toBe(true);
  });
  it("keeps quantity between 1 and 10 and needs a size and an instruction", () => {
    expect(parcelFormSchema.safeParse({ ...form, parcel_quantity: 11 }).success).toBe(false);
    expect(parcelFormSchema.safeParse({ ...form, parcel_quantity: 0 }).success).toBe(false);
    expect(parcelFormSchema.safeParse({ ...form, parcel_size_id: 9 }).success).toBe(false);
    expect(parcelFormSchema.safeParse({ ...form, delivery_instruction: "leave_at_door" }).success).toBe(
      false,
    );
  });
});

describe("Canada's tracking URL", () => {
  it("must be an https web address", () => {
    expect(isHttpsUrl("https://www.canadapost-postescanada.ca/track/123")).toBe(true);
    expect(isHttpsUrl("http://www.canadapost.ca/track/123")).toBe(false);
    expect(isHttpsUrl("javascript:alert(1)")).toBe(false);
    expect(isHttpsUrl("1Z999AA10123456784")).toBe(false);
    expect(isHttpsUrl("https://localhost/x")).toBe(false);
  });
});

describe("failure texts (§8)", () => {
  it("builds quote warnings from errors.errors or key: value pairs", () => {
    expect(quoteWarnings({ errors: { errors: [{ message: "Postcode invalid" }, "Too heavy"] } })).toEqual([
      "Postcode invalid",
      "Too heavy",
    ]);
    expect(quoteWarnings({ errors: { delivery_postcode: ["is invalid"], weight: "too big" } })).toEqual([
      "delivery_postcode: is invalid",
      "weight: too big",
    ]);
    expect(quoteWarnings({ message: "Down" })).toEqual(["Down"]);
  });
  it("shows an AusPost list failure as errors (message), else message plus the list", () => {
    expect(auPostOrderFailure([{ errors: "Invalid address", message: "Rejected" }])).toEqual({
      message: "Invalid address (Rejected)",
      list: [],
    });
    expect(auPostOrderFailure({ message: "Bad", errors: { errors: [{ message: "postcode" }] } })).toEqual({
      message: "Bad",
      list: ["postcode"],
    });
  });
  it("lists Sendle's errors with the message", () => {
    expect(sendleOrderFailure({ message: "Nope", errors: { pickup_date: ["is in the past"] } })).toEqual({
      message: "Nope",
      list: ["pickup_date: is in the past"],
    });
  });
});

describe("rate card", () => {
  it("zones by country and postcode state digit", () => {
    expect(zoneFor({ postcode: "2042", country: "AU" }, { postcode: "2037", country: "AU" })).toBe("local");
    expect(zoneFor({ postcode: "2042", country: "AU" }, { postcode: "3056", country: "Australia" })).toBe(
      "interstate",
    );
    expect(zoneFor({ postcode: "2042", country: "AU" }, { postcode: "1011", country: "NZ" })).toBe(
      "international",
    );
  });
  it("charges the heavier of weight and cubic weight", () => {
    expect(chargeableKg(0.3, 0, 250)).toBe(0.3);
    expect(chargeableKg(0.3, 0.004, 250)).toBe(1);
  });
  it("counts business days over a weekend", () => {
    expect(addBusinessDays(new Date("2026-11-27T00:00:00Z"), 1).toISOString().slice(0, 10)).toBe(
      "2026-11-30",
    );
  });
  it("prices each product by bracket × quantity with a delivery estimate", () => {
    const q = quoteRateCard(
      DEFAULT_RATE_CARD,
      {
        from: { postcode: "2042", country: "AU" },
        to: { postcode: "3056", country: "AU" },
        weight: 0.3,
        volume: 0,
        quantity: 2,
        delivery_instruction: "authority_to_leave",
      },
      monday,
    );
    expect(q[0]).toMatchObject({
      product_id: "LOCAL-PP",
      price: 21.9,
      errors: [],
      delivery_estimate: ["2026-11-25", "2026-12-01"],
    });
    expect(q[1]).toMatchObject({ product_id: "LOCAL-EXP", price: 29.2 });
  });
  it("disables products that cannot take the parcel, saying why", () => {
    const q = quoteRateCard(
      DEFAULT_RATE_CARD,
      {
        from: { postcode: "2042", country: "AU" },
        to: { postcode: "1011", country: "NZ" },
        weight: 6,
        volume: 0,
        quantity: 1,
        delivery_instruction: "authority_to_leave_signature",
      },
      monday,
    );
    expect(q[0].price).toBe(118);
    expect(q[1].price).toBeNull();
    expect(q[1].errors).toEqual([
      "Express Post does not deliver to this destination.",
      "Express Post takes parcels up to 5 kg.",
      "Express Post does not offer Authority to leave (signature).",
    ]);
  });
  it("only moves a shipment forward", () => {
    expect(isForwardMove("created", "in_transit")).toBe(true);
    expect(isForwardMove("delivered", "in_transit")).toBe(false);
  });
});
