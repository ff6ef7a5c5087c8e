import { describe, expect, it } from "vitest";
import { ADMIN_ROLE_ID, MANAGER_ROLE_ID, STAFF_ROLE_ID } from "./constants";
import {
  DEFAULT_DISCOUNT_LIMITS,
  discountNeedsApproval,
  invoiceNumber,
  lineDiscountErrors,
  type PriceLineInput,
  priceQuote,
  shareByLargestRemainder,
} from "./quote-pricing";

// A counter basket: a frame, prescription lenses, an eye test and a case.
const basket: PriceLineInput[] = [
  { unitPriceMinor: 20_000, quantity: 1, taxClass: "standard", kind: "frame" },
  { unitPriceMinor: 30_000, quantity: 1, taxClass: "health", kind: "lens" },
  { unitPriceMinor: 9_000, quantity: 1, taxClass: "health", kind: "service" },
  { unitPriceMinor: 1_999, quantity: 1, taxClass: "standard", kind: "addon" },
];

const taxOf = (q: ReturnType<typeof priceQuote>) =>
  Object.fromEntries(q.taxes.map((t) => [t.name, t.amountMinor]));
const linesAddUp = (q: ReturnType<typeof priceQuote>) => {
  for (const t of q.taxes) {
    const fromLines = q.lines.flatMap((l) => l.taxes).filter((x) => x.name === t.name);
    expect(
      fromLines.reduce((n, x) => n + x.amountMinor, 0),
      t.name,
    ).toBe(t.amountMinor);
  }
  expect(q.lines.reduce((n, l) => n + l.totalMinor, 0)).toBe(q.totalMinor);
  expect(q.lines.reduce((n, l) => n + l.taxMinor, 0)).toBe(q.taxMinor);
};

describe("tax per place on a mixed basket", () => {
  it("BC: GST and PST added on the frame and case; prescription lenses and the eye test carry none", () => {
    const q = priceQuote({ countryCode: "CA", province: "BC" }, basket);
    // 21,999 taxable: GST 5% = 1,099.95 → 1,100; PST 7% = 1,539.93 → 1,540.
    expect(taxOf(q)).toEqual({ GST: 1_100, PST: 1_540 });
    expect(q.lines[1].taxMinor).toBe(0);
    expect(q.lines[2].taxMinor).toBe(0);
    // The case's 99.95 and 139.93 take the leftover cents (largest remainders).
    expect(q.lines[0].taxes).toEqual([
      { name: "GST", rate: 0.05, amountMinor: 1_000 },
      { name: "PST", rate: 0.07, amountMinor: 1_400 },
    ]);
    expect(q.lines[3].taxMinor).toBe(240);
    expect(q.totalMinor).toBe(60_999 + 2_640);
    expect(q.taxIncluded).toBe(false);
    linesAddUp(q);
  });

  it("ON: HST 13%; QC: GST and QST 9.975%; AB: GST alone", () => {
    expect(taxOf(priceQuote({ countryCode: "CA", province: "ON" }, basket))).toEqual({ HST: 2_860 });
    // 21,999 × 9.975% = 2,194.40.
    expect(taxOf(priceQuote({ countryCode: "CA", province: "QC" }, basket))).toEqual({
      GST: 1_100,
      QST: 2_194,
    });
    expect(taxOf(priceQuote({ countryCode: "CA", province: "ab" }, basket))).toEqual({ GST: 1_100 });
  });

  it("AU: GST inside the price of frames and lenses (health is standard there), none on the eye test", () => {
    const q = priceQuote({ countryCode: "AU" }, basket);
    // (20,000 + 30,000 + 1,999) / 11 = 4,727.18.
    expect(taxOf(q)).toEqual({ GST: 4_727 });
    expect(q.lines[2].taxMinor).toBe(0);
    expect(q.lines[1].taxMinor).toBeGreaterThan(0);
    expect(q.totalMinor).toBe(60_999);
    expect(q.taxIncluded).toBe(true);
    linesAddUp(q);
  });

  it("NZ: 15% inside every price; exempt lines carry none anywhere", () => {
    const q = priceQuote({ countryCode: "NZ" }, basket);
    expect(taxOf(q)).toEqual({ GST: 7_956 }); // 60,999 × 15/115 = 7,956.39
    const withExempt = priceQuote({ countryCode: "NZ" }, [
      ...basket,
      { unitPriceMinor: 5_000, quantity: 1, taxClass: "exempt", kind: "service" },
    ]);
    expect(withExempt.lines[4].taxMinor).toBe(0);
    expect(taxOf(withExempt)).toEqual({ GST: 7_956 });
    const bc = priceQuote({ countryCode: "CA", province: "BC" }, [
      { unitPriceMinor: 5_000, quantity: 1, taxClass: "exempt", kind: "addon" },
    ]);
    expect(bc.taxes).toEqual([]);
    expect(bc.totalMinor).toBe(5_000);
  });
});

describe("rounding to the cent", () => {
  it("the lines' tax adds up to the invoice's tax where rounding each line would not", () => {
    const three = Array.from({ length: 3 }, () => ({
      unitPriceMinor: 333,
      quantity: 1,
      taxClass: "standard" as const,
      kind: "addon" as const,
    }));
    const q = priceQuote({ countryCode: "AU" }, three);
    // 999 / 11 = 90.82 → 91 on the invoice; each line alone is 30.27 → 30 (90 in all).
    expect(q.taxMinor).toBe(91);
    expect(q.lines.map((l) => l.taxMinor)).toEqual([31, 30, 30]);
    linesAddUp(q);
  });

  it("many small CA lines: the tax is the tax on the total, shared so the lines add up", () => {
    const lines = Array.from({ length: 17 }, (_, i) => ({
      unitPriceMinor: 1_001 + i * 7,
      quantity: 1 + (i % 3),
      taxClass: "standard" as const,
      kind: "addon" as const,
    }));
    const q = priceQuote({ countryCode: "CA", province: "QC" }, lines);
    const net = lines.reduce((n, l) => n + l.unitPriceMinor * l.quantity, 0);
    expect(taxOf(q)).toEqual({ GST: Math.round(net * 0.05), QST: Math.round(net * 0.09975) });
    linesAddUp(q);
  });

  it("largest remainder: ties go to the earlier share, and the shares always add up", () => {
    expect(shareByLargestRemainder(2, [0.5, 0.5, 0.5, 0.5])).toEqual([1, 1, 0, 0]);
    expect(shareByLargestRemainder(10, [3.3, 3.3, 3.4])).toEqual([3, 3, 4]);
    expect(shareByLargestRemainder(0, [0, 0])).toEqual([0, 0]);
  });
});

describe("line discounts", () => {
  it("a percent is of the line's price × quantity, half up to the cent; an amount is as given", () => {
    const q = priceQuote({ countryCode: "AU" }, [
      {
        unitPriceMinor: 9_995,
        quantity: 1,
        taxClass: "standard",
        kind: "frame",
        discount: { kind: "percent", percent: 12.5 },
      },
      {
        unitPriceMinor: 2_000,
        quantity: 3,
        taxClass: "standard",
        kind: "addon",
        discount: { kind: "amount", amount_minor: 500 },
      },
    ]);
    expect(q.lines[0].discountMinor).toBe(1_249); // 1,249.375
    expect(q.lines[0].totalMinor).toBe(8_746);
    expect(q.lines[1].totalMinor).toBe(5_500);
    expect(q.discountMinor).toBe(1_749);
    expect(q.subtotalMinor).toBe(15_995);
    expect(q.totalMinor).toBe(14_246);
    linesAddUp(q);
  });

  it("a CA discount comes off before the tax added on top", () => {
    const q = priceQuote({ countryCode: "CA", province: "ON" }, [
      {
        unitPriceMinor: 10_000,
        quantity: 1,
        taxClass: "standard",
        kind: "frame",
        discount: { kind: "amount", amount_minor: 2_000 },
      },
    ]);
    expect(q.taxMinor).toBe(1_040);
    expect(q.totalMinor).toBe(9_040);
  });

  it("refuses a discount above the line, naming the field", () => {
    const line: PriceLineInput = {
      unitPriceMinor: 1_000,
      quantity: 2,
      taxClass: "standard",
      kind: "frame",
      discount: { kind: "amount", amount_minor: 2_001 },
    };
    expect(Object.keys(lineDiscountErrors(line))).toEqual(["discount.amount_minor"]);
    expect(lineDiscountErrors({ ...line, discount: { kind: "amount", amount_minor: 2_000 } })).toEqual({});
    expect(Object.keys(lineDiscountErrors({ ...line, discount: { kind: "percent" } }))).toEqual([
      "discount.percent",
    ]);
  });

  it("above the role's limit needs a manager: staff 10%, managers 30%, administrators none", () => {
    const limits = DEFAULT_DISCOUNT_LIMITS;
    expect(discountNeedsApproval(limits, STAFF_ROLE_ID, 9_995, 999)).toBe(false);
    expect(discountNeedsApproval(limits, STAFF_ROLE_ID, 9_995, 1_000)).toBe(true);
    expect(discountNeedsApproval(limits, MANAGER_ROLE_ID, 9_995, 1_000)).toBe(false);
    expect(discountNeedsApproval(limits, MANAGER_ROLE_ID, 10_000, 3_001)).toBe(true);
    expect(discountNeedsApproval(limits, ADMIN_ROLE_ID, 10_000, 10_000)).toBe(false);
    expect(discountNeedsApproval(limits, STAFF_ROLE_ID, 10_000, 0)).toBe(false);
  });
});

it("invoice numbers: the outlet's abbreviation and six digits", () => {
  expect(invoiceNumber("par", 42)).toBe("PAR-000042");
  expect(invoiceNumber("SYD", 1_234_567)).toBe("SYD-1234567");
});
