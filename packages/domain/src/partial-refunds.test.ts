import { describe, expect, it } from "vitest";
import { formatMoney } from "./dates";
import {
  PARTIAL_REFUND_MESSAGES,
  type QuoteFacts,
  quoteRefund,
  refundable,
  refundTax,
} from "./partial-refunds";
import { CA_SALES_TAX, receiptRules } from "./receipt-tax";

const t0 = new Date("2026-11-20T01:00:00Z");
const t1 = new Date("2026-11-21T01:00:00Z");
const card = (id: number, amountMinor: number, createdAt = t0) => ({
  id,
  amountMinor,
  card: true,
  authorisedOnly: false,
  createdAt,
});
const till = (id: number, amountMinor: number, createdAt = t0) => ({
  ...card(id, amountMinor, createdAt),
  card: false,
});

/** A frame (A$300 less a A$30 discount) and lenses (A$200), paid by card. */
const job: QuoteFacts = {
  items: [
    { id: 1, quantity: 1, totalAmountMinor: 27_000, taxable: true },
    { id: 2, quantity: 1, totalAmountMinor: 20_000, taxable: true },
  ],
  couponMinor: 0,
  payments: [card(10, 47_000)],
  refunds: [],
  voidOnly: false,
};

const ok = (r: ReturnType<typeof quoteRefund>) => {
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.quote;
};

describe("refundable amount", () => {
  it("a returned frame refunds its price after its discount, tax included, to the card", () => {
    const q = ok(quoteRefund(job, { items: [{ id: 1, quantity: 1 }], destination: "card" }));
    expect(q).toMatchObject({
      amountMinor: 27_000,
      lines: [{ itemId: 1, quantity: 1, amountMinor: 27_000 }],
      splits: [{ paymentId: 10, amountMinor: 27_000 }],
      itemsRefundedInFull: [1],
      completesJob: false,
    });
  });

  it("order coupons are shared over the items by their totals, the last taking the rounding", () => {
    const f = { ...job, couponMinor: 1_001, payments: [card(10, 45_999)] };
    const a = ok(quoteRefund(f, { items: [{ id: 1, quantity: 1 }], destination: "card" })).amountMinor;
    const b = ok(quoteRefund(f, { items: [{ id: 2, quantity: 1 }], destination: "card" })).amountMinor;
    expect(a).toBe(27_000 - Math.round((1_001 * 27_000) / 47_000));
    expect(a + b).toBe(45_999);
  });

  it("a line of three units refunds one at a time to exactly its total", () => {
    const f: QuoteFacts = {
      ...job,
      items: [{ id: 5, quantity: 3, totalAmountMinor: 10_000, taxable: true }],
      payments: [card(10, 10_000)],
    };
    const first = ok(quoteRefund(f, { items: [{ id: 5, quantity: 1 }], destination: "card" }));
    expect(first.amountMinor).toBe(3_333);
    expect(first.itemsRefundedInFull).toEqual([]);
    const after1 = { ...f, refunds: [{ amountMinor: 3_333, lines: first.lines, splits: first.splits }] };
    expect(refundable(after1).items[0]).toMatchObject({ refundedQuantity: 1, remainingQuantity: 2 });
    const second = ok(quoteRefund(after1, { items: [{ id: 5, quantity: 2 }], destination: "card" }));
    expect(second.amountMinor).toBe(6_667);
    expect(second.completesJob).toBe(true);
    expect(second.itemsRefundedInFull).toEqual([5]);
  });

  it("several card payments are refunded in the order they were taken, each up to what it has left", () => {
    const f = { ...job, payments: [card(11, 30_000, t1), card(10, 17_000, t0)] };
    const q = ok(quoteRefund(f, { items: [{ id: 1, quantity: 1 }], destination: "card" }));
    expect(q.splits).toEqual([
      { paymentId: 10, amountMinor: 17_000 },
      { paymentId: 11, amountMinor: 10_000 },
    ]);
  });

  it("earlier partial refunds reduce what is left, per item and per payment", () => {
    const f = {
      ...job,
      payments: [card(10, 17_000), card(11, 30_000, t1)],
      refunds: [
        {
          amountMinor: 17_500,
          lines: [],
          splits: [
            { paymentId: 10, amountMinor: 17_000 },
            { paymentId: 11, amountMinor: 500 },
          ],
        },
      ],
    };
    const state = refundable(f);
    expect(state.remainingMinor).toBe(29_500);
    expect(state.payments.map((p) => p.remainingMinor)).toEqual([0, 29_500]);
    const q = ok(quoteRefund(f, { items: [{ id: 1, quantity: 1 }], destination: "card" }));
    expect(q.splits).toEqual([{ paymentId: 11, amountMinor: 27_000 }]);
    const r = quoteRefund(f, { items: [], amountMinor: 29_501, destination: "card" }, (m) =>
      formatMoney(m / 100, "AUD"),
    );
    expect(r).toEqual({ ok: false, errors: { amount: [PARTIAL_REFUND_MESSAGES.tooMuch("$295.00")] } });
  });

  it("refuses a refunded item, too many units, an unknown item and nothing chosen, naming the field", () => {
    const f = { ...job, items: [{ ...job.items[0], quantity: -1 }, job.items[1]] };
    expect(quoteRefund(f, { items: [{ id: 1, quantity: 1 }], destination: "card" })).toEqual({
      ok: false,
      errors: { "items.0.id": [PARTIAL_REFUND_MESSAGES.itemRefunded] },
    });
    expect(quoteRefund(job, { items: [{ id: 2, quantity: 2 }], destination: "card" })).toEqual({
      ok: false,
      errors: { "items.0.quantity": [PARTIAL_REFUND_MESSAGES.tooMany(1)] },
    });
    expect(quoteRefund(job, { items: [{ id: 9, quantity: 1 }], destination: "card" }).ok).toBe(false);
    expect(quoteRefund(job, { items: [], destination: "card" })).toEqual({
      ok: false,
      errors: { items: [PARTIAL_REFUND_MESSAGES.nothingChosen] },
    });
  });

  it("an amount overrides the items' value and the till takes money a card could not", () => {
    const f = { ...job, payments: [card(10, 20_000), till(12, 27_000)] };
    const q = ok(
      quoteRefund(f, { items: [{ id: 1, quantity: 1 }], amountMinor: 25_000, destination: "till" }),
    );
    expect(q).toMatchObject({ amountMinor: 25_000, splits: [{ paymentId: null, amountMinor: 25_000 }] });
    expect(quoteRefund(f, { items: [], amountMinor: 25_000, destination: "card" }).ok).toBe(false);
    expect(
      quoteRefund(
        { ...job, payments: [till(12, 47_000)] },
        { items: [], amountMinor: 100, destination: "card" },
      ),
    ).toEqual({
      ok: false,
      errors: { destination: [PARTIAL_REFUND_MESSAGES.noCard] },
    });
  });

  it("a held card or a sale paid today at the till is voided in full, never partly refunded", () => {
    expect(
      quoteRefund({ ...job, voidOnly: true }, { items: [{ id: 1, quantity: 1 }], destination: "card" }).ok,
    ).toBe(false);
  });

  it("the amount that empties the job completes it", () => {
    expect(ok(quoteRefund(job, { items: [], amountMinor: 47_000, destination: "card" })).completesJob).toBe(
      true,
    );
  });
});

describe("tax inside a refund, rounded to the cent", () => {
  it("AUD: GST 1/11 of the refunded frame", () => {
    const { taxMinor } = refundTax(
      job,
      { amountMinor: 27_000, lines: [{ itemId: 1, amountMinor: 27_000 }] },
      receiptRules("AU", null, 0).rates,
    );
    expect(taxMinor).toBe(2_455); // 270.00 / 11 = 24.5454…
  });
  it("NZD: GST 3/23 of an amount-only refund", () => {
    const { taxMinor } = refundTax(job, { amountMinor: 1_001, lines: [] }, receiptRules("NZ", null, 0).rates);
    expect(taxMinor).toBe(131); // 10.01 × 3/23 = 1.3056…
  });
  it("CAD: a zero-rated prescription line carries no tax; a taxable frame shows GST and PST in BC", () => {
    const ca: QuoteFacts = {
      ...job,
      items: [
        { id: 1, quantity: 1, totalAmountMinor: 11_200, taxable: true },
        { id: 2, quantity: 1, totalAmountMinor: 20_000, taxable: false },
      ],
    };
    expect(
      refundTax(ca, { amountMinor: 20_000, lines: [{ itemId: 2, amountMinor: 20_000 }] }, CA_SALES_TAX.BC)
        .taxMinor,
    ).toBe(0);
    const frame = refundTax(
      ca,
      { amountMinor: 11_200, lines: [{ itemId: 1, amountMinor: 11_200 }] },
      CA_SALES_TAX.BC,
    );
    expect(frame.taxes.map((t) => [t.name, t.amountMinor])).toEqual([
      ["GST", 500],
      ["PST", 700],
    ]);
    // ON HST 13% on C$0.99: 0.99/1.13×0.13 = 0.1139 → 11 cents.
    expect(
      refundTax(ca, { amountMinor: 99, lines: [{ itemId: 1, amountMinor: 99 }] }, CA_SALES_TAX.ON).taxMinor,
    ).toBe(11);
  });
});
