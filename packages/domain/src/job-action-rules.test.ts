import { describe, expect, it } from "vitest";
import { describeJobEvent, receiptNoteContent, receiptNoteText, refundState } from "./job-action-rules";
import { CA_SALES_TAX, includedTax, isTaxableOnReceipt, receiptRules } from "./receipt-tax";

const base = {
  statusSlug: "in-progress",
  isPointOfSale: false,
  items: [{ quantity: 1 }, { quantity: 1 }],
  payments: [{ amountMinor: 10_000, authorisedOnly: false, createdAt: new Date("2026-11-20T01:00:00Z") }],
  refundedMinor: 0,
  completed: null,
  now: new Date("2026-11-23T01:00:00Z"),
  timeZone: "Australia/Sydney",
} as const;

describe("refundState", () => {
  it("a paid card job is a refund of what was paid", () => {
    expect(refundState(base)).toMatchObject({
      is_refundable: true,
      refund_type: "refund",
      refundableMinor: 10_000,
    });
  });
  it("an authorised-only card is a void", () => {
    expect(
      refundState({ ...base, payments: [{ ...base.payments[0], authorisedOnly: true }] }).refund_type,
    ).toBe("void");
  });
  it("a point-of-sale job paid today in the outlet's zone is a void, yesterday a refund", () => {
    // 23 Nov 01:00 UTC is 23 Nov 12:00 in Sydney; 22 Nov 14:00 UTC is 23 Nov 01:00 there: the same day.
    const today = { ...base.payments[0], createdAt: new Date("2026-11-22T14:00:00Z") };
    expect(refundState({ ...base, isPointOfSale: true, payments: [today] }).refund_type).toBe("void");
    const yesterday = { ...base.payments[0], createdAt: new Date("2026-11-22T12:00:00Z") };
    expect(refundState({ ...base, isPointOfSale: true, payments: [yesterday] }).refund_type).toBe("refund");
  });
  it("all items at quantity −1, a refunded status or a completed refund: refunded, not refundable", () => {
    expect(refundState({ ...base, items: [{ quantity: -1 }, { quantity: -1 }] })).toMatchObject({
      refunded: true,
      is_refundable: false,
      refund_type: null,
    });
    expect(refundState({ ...base, statusSlug: "refunded" }).refunded).toBe(true);
    expect(refundState({ ...base, completed: "void" })).toMatchObject({ voided: true, refunded: false });
  });
  it("nothing left to return, or a cancelled job, is not refundable", () => {
    expect(refundState({ ...base, refundedMinor: 10_000 }).is_refundable).toBe(false);
    expect(refundState({ ...base, payments: [] }).is_refundable).toBe(false);
    expect(refundState({ ...base, statusSlug: "cancelled" }).is_refundable).toBe(false);
    expect(refundState({ ...base, refundedMinor: 3_000 }).refundableMinor).toBe(7_000);
  });
});

describe("receipt tax", () => {
  it("AU: tax invoice, GST 1/11, buyer from $1,000", () => {
    expect(receiptRules("AU", "NSW", 99_999)).toMatchObject({ title: "Tax invoice", showBuyer: false });
    expect(receiptRules("AU", "NSW", 100_000).showBuyer).toBe(true);
    expect(includedTax(11_000, receiptRules("AU", "NSW", 11_000).rates)).toEqual([
      { name: "GST", rate: 0.1, amountMinor: 1_000 },
    ]);
  });
  it("NZ: taxable supply information above $200, GST 3/23", () => {
    expect(receiptRules("NZ", null, 20_000).title).toBe("Receipt");
    expect(receiptRules("NZ", null, 20_001).title).toBe("Receipt: taxable supply information");
    expect(includedTax(11_500, receiptRules("NZ", null, 11_500).rates)[0].amountMinor).toBe(1_500);
  });
  it("CA: HST or GST+PST/QST by province, registration from $100, prescription eyewear zero-rated", () => {
    expect(receiptRules("CA", "ON", 9_999).showRegistration).toBe(false);
    expect(receiptRules("CA", "ON", 10_000)).toMatchObject({
      showRegistration: true,
      registrationLabel: "GST/HST number",
    });
    expect(receiptRules("CA", "AB", 10_000).registrationLabel).toBe("GST number");
    expect(includedTax(11_300, CA_SALES_TAX.ON)).toEqual([{ name: "HST", rate: 0.13, amountMinor: 1_300 }]);
    expect(includedTax(11_497.5, CA_SALES_TAX.QC).map((t) => t.amountMinor)).toEqual([500, 998]);
    expect(isTaxableOnReceipt("CA", true)).toBe(false);
    expect(isTaxableOnReceipt("AU", true)).toBe(true);
  });
});

describe("receipt notes and timeline words", () => {
  it("keeps one prefix", () => {
    expect(receiptNoteContent("Gift")).toBe("Receipt Note: Gift");
    expect(receiptNoteContent("Receipt Note: Gift")).toBe("Receipt Note: Gift");
    expect(receiptNoteText("Receipt Note: Gift")).toBe("Gift");
  });
  it("says changes in staff words", () => {
    expect(describeJobEvent({ kind: "priority", from: "1", to: "2" })).toBe("Priority: Normal → Urgent");
    expect(describeJobEvent({ kind: "item_status", from: "Paid", to: "Ready To Go", item: "2" })).toBe(
      "Item 2 status: Paid → Ready To Go",
    );
    expect(
      describeJobEvent({
        kind: "lens_not_sent",
        from: "LO1001-7-1",
        to: "the supplier's mail server refused it: 550 5.1.1 Mailbox unavailable",
        item: "1",
      }),
    ).toBe(
      "Item 1: lens order LO1001-7-1 not sent — the supplier's mail server refused it: 550 5.1.1 Mailbox unavailable",
    );
  });
});
