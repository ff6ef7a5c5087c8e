import { ADMIN_ROLE_ID, MANAGER_ROLE_ID, STAFF_ROLE_ID } from "@loupe/domain";
import { describe, expect, it } from "vitest";
import {
  checkDiscount,
  depositErrors,
  EMPTY_GUEST,
  guestBody,
  guestErrors,
  needsSelection,
  parseMoneyText,
} from "./counter-rules";

const staff = { roleId: STAFF_ROLE_ID, homeRegionId: 1, outletCountryCode: "AU" };
const manager = { ...staff, roleId: MANAGER_ROLE_ID };
const admin = { roleId: ADMIN_ROLE_ID, homeRegionId: null, outletCountryCode: "AU" };
const aud = (minor: number) => `$${(minor / 100).toFixed(2)}`;

describe("amounts typed at the counter", () => {
  it.each([
    ["129.95", 12995],
    ["$50", 5000],
    ["1,200.5", 120050],
    [" 0.07 ", 7],
  ])("%s is %i cents", (text, minor) => expect(parseMoneyText(text)).toBe(minor));

  it.each(["", "abc", "1.999", "-5", "12.3.4", "1e3"])("%s is not an amount", (text) =>
    expect(parseMoneyText(text)).toBeNull(),
  );
});

describe("who a quote is for", () => {
  it("a guest needs a first name and a mobile or an e-mail", () => {
    expect(guestErrors(EMPTY_GUEST)).toEqual({
      first_name: "The guest first name field is required.",
      mobile: "A guest needs a mobile or an e-mail.",
    });
    expect(guestErrors({ ...EMPTY_GUEST, first_name: "Ana", mobile: "0412 345 678" })).toEqual({});
    expect(guestErrors({ ...EMPTY_GUEST, first_name: "Ana", email: "ana@" })).toEqual({
      email: "The guest email must be a valid email address.",
    });
  });

  it("sends blanks as null", () => {
    expect(guestBody({ first_name: " Ana ", last_name: "", mobile: "", email: "a@b.co" })).toEqual({
      first_name: "Ana",
      last_name: "",
      mobile: null,
      email: "a@b.co",
    });
  });
});

describe("which products open the job edit's steps", () => {
  it("glasses and contact lenses do; a plain frame, a service or an add-on do not", () => {
    expect(needsSelection({ requires_prescription: true, kind: "lens" })).toBe(true);
    expect(needsSelection({ requires_prescription: false, kind: "contact_lens" })).toBe(true);
    expect(needsSelection({ requires_prescription: false, kind: "frame" })).toBe(false);
    expect(needsSelection({ requires_prescription: false, kind: "service" })).toBe(false);
  });
});

describe("a line's discount", () => {
  const line = { unitPriceMinor: 10_000, quantity: 2 }; // $200.00

  it("empty is no discount", () => {
    expect(checkDiscount({ kind: "amount", text: "" }, line, staff, 1)).toMatchObject({
      ok: true,
      discount: null,
      discountMinor: 0,
    });
  });

  it("within the staff limit (10%) passes; above it asks for a manager", () => {
    const within = checkDiscount({ kind: "amount", text: "20.00" }, line, staff, 1);
    expect(within).toMatchObject({ ok: true, discountMinor: 2000, verdict: { allowed: true } });
    const above = checkDiscount({ kind: "percent", text: "10.5" }, line, staff, 1);
    expect(above).toMatchObject({
      ok: true,
      discount: { kind: "percent", percent: 10.5 },
      discountMinor: 2100,
      verdict: { allowed: false, refusal: "approval" },
    });
  });

  it("a manager's own limit is higher, an administrator has none", () => {
    const form = { kind: "percent" as const, text: "25" };
    expect(checkDiscount(form, line, manager, 1)).toMatchObject({ verdict: { allowed: true } });
    expect(checkDiscount({ kind: "percent", text: "31" }, line, manager, 1)).toMatchObject({
      verdict: { refusal: "approval" },
    });
    expect(checkDiscount({ kind: "percent", text: "90" }, line, admin, 1)).toMatchObject({
      verdict: { allowed: true },
    });
  });

  it("refuses more than the line, a percent over 100 and what is not a number", () => {
    expect(checkDiscount({ kind: "amount", text: "200.01" }, line, admin, 1)).toEqual({
      ok: false,
      error: "The discount cannot be more than the line's price.",
    });
    expect(checkDiscount({ kind: "percent", text: "101" }, line, admin, 1)).toMatchObject({ ok: false });
    expect(checkDiscount({ kind: "amount", text: "ten" }, line, admin, 1)).toMatchObject({ ok: false });
  });
});

describe("the deposit", () => {
  const facts = { totalMinor: 45_000, minimumMinor: 22_500 };
  const form = { amountText: "225.00", tender: "cash" as const, reference: "" };

  it("at least the minimum, at most the total", () => {
    expect(depositErrors(form, facts, aud)).toEqual({});
    expect(depositErrors({ ...form, amountText: "450" }, facts, aud)).toEqual({});
    expect(depositErrors({ ...form, amountText: "224.99" }, facts, aud)).toEqual({
      amount: "The deposit must be at least $225.00.",
    });
    expect(depositErrors({ ...form, amountText: "450.01" }, facts, aud)).toEqual({
      amount: "The deposit cannot be more than the job's total ($450.00).",
    });
    expect(depositErrors({ ...form, amountText: "lots" }, facts, aud)).toHaveProperty("amount");
  });

  it("asks how it is paid, and a gift card's or health fund's number", () => {
    expect(depositErrors({ ...form, tender: null }, facts, aud)).toHaveProperty("tender");
    expect(depositErrors({ ...form, tender: "gift_card" }, facts, aud)).toEqual({
      reference: "The Gift card no. is required.",
    });
    expect(depositErrors({ ...form, tender: "health_fund", reference: "HF-1" }, facts, aud)).toEqual({});
    expect(depositErrors({ ...form, tender: "eftpos" }, facts, aud)).toEqual({});
  });
});

describe("the prescription a new quote line starts from", () => {
  it("is the customer's newest of the item's kind (spectacle or contact lens)", async () => {
    const { latestPrescription } = await import("../job-edit/selection-steps");
    const list = [
      { id: 1, type_id: 1, created_at: "2026-10-01T00:00:00Z" },
      { id: 2, type_id: 1, created_at: "2026-11-20T00:00:00Z" },
      { id: 3, type_id: 2, created_at: "2026-11-28T00:00:00Z" },
      { id: 4, type_id: 1, created_at: "2026-03-01T00:00:00Z" },
    ];
    expect(latestPrescription(list)?.id).toBe(2);
    expect(latestPrescription(list, 2)?.id).toBe(3);
    expect(latestPrescription([])).toBeNull();
  });
});
