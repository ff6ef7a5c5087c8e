import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  invoiceTaxableMinor,
  type QuoteFacts,
  type QuoteRefund,
  quoteRefund,
  type RefundAmounts,
  refundable,
  refundTax,
} from "./partial-refunds";
import { CA_SALES_TAX, includedTax, receiptRules } from "./receipt-tax";

const RATES = {
  AU: receiptRules("AU", null, 0).rates,
  NZ: receiptRules("NZ", null, 0).rates,
  QC: CA_SALES_TAX.QC,
  BC: CA_SALES_TAX.BC,
  ON: CA_SALES_TAX.ON,
};

/** Each credit note's tax, in issue order, as the credit note PDF works it out. */
const notesTax = (f: QuoteFacts, refunds: RefundAmounts[], rates: (typeof RATES)["AU"]) =>
  refunds.map((r, i) => refundTax(f, r, rates, refunds.slice(0, i)));

describe("credit notes add up to the invoice (issue 52)", () => {
  it("three AU lines of 80.00 refunded one at a time give back 21.82 of GST, the invoice's, not 21.81", () => {
    const f: QuoteFacts = {
      items: [1, 2, 3].map((id) => ({ id, quantity: 1, totalAmountMinor: 8_000, taxable: true })),
      couponMinor: 0,
      payments: [{ id: 1, amountMinor: 24_000, card: true, authorisedOnly: false, createdAt: new Date(0) }],
      refunds: [],
      voidOnly: false,
    };
    const refunds = [1, 2, 3].map((id) => ({
      amountMinor: 8_000,
      lines: [{ itemId: id, amountMinor: 8_000 }],
    }));
    const taxes = notesTax(f, refunds, RATES.AU).map((t) => t.taxMinor);
    expect(taxes).toEqual([727, 728, 727]);
    expect(taxes.reduce((a, b) => a + b, 0)).toBe(includedTax(24_000, RATES.AU)[0].amountMinor);
  });

  it("any sequence of partial refunds that completes a job sums, in tax and total, exactly to the invoice", () => {
    const item = fc.record({
      quantity: fc.integer({ min: 1, max: 3 }),
      totalAmountMinor: fc.integer({ min: 1, max: 150_000 }),
      taxable: fc.boolean(),
    });
    // A step returns some units of one item, or an amount on its own (a goodwill refund).
    const step = fc.oneof(
      fc.record({
        kind: fc.constant("items" as const),
        pick: fc.nat(),
        units: fc.integer({ min: 1, max: 3 }),
      }),
      fc.record({
        kind: fc.constant("amount" as const),
        share: fc.double({ min: 0.01, max: 0.6, noNaN: true }),
      }),
    );
    fc.assert(
      fc.property(
        fc.array(item, { minLength: 1, maxLength: 5 }),
        fc.integer({ min: 0, max: 5_000 }),
        fc.array(step, { maxLength: 12 }),
        fc.constantFrom(...(Object.keys(RATES) as (keyof typeof RATES)[])),
        (raw, couponRaw, steps, where) => {
          const items = raw.map((r, i) => ({ id: i + 1, ...r }));
          const gross = items.reduce((n, i) => n + i.totalAmountMinor, 0);
          const couponMinor = Math.min(couponRaw, gross - 1);
          const f: QuoteFacts = {
            items,
            couponMinor,
            payments: [
              {
                id: 1,
                amountMinor: gross - couponMinor,
                card: true,
                authorisedOnly: false,
                createdAt: new Date(0),
              },
            ],
            refunds: [],
            voidOnly: false,
          };
          const done: QuoteRefund[] = [];
          const refund = (req: Parameters<typeof quoteRefund>[1]) => {
            const q = quoteRefund({ ...f, refunds: done }, req);
            if (!q.ok) return false;
            done.push(q.quote);
            return q.quote.completesJob;
          };
          let complete = false;
          for (const s of steps) {
            if (complete) break;
            if (s.kind === "amount") {
              const left = f.payments[0].amountMinor - done.reduce((n, r) => n + r.amountMinor, 0);
              const amountMinor = Math.floor(left * s.share);
              if (amountMinor > 0) complete = refund({ items: [], amountMinor, destination: "card" });
            } else {
              const it = items[s.pick % items.length];
              complete = refund({ items: [{ id: it.id, quantity: s.units }], destination: "card" });
            }
          }
          // Whatever is still on the job goes back last, item by item.
          for (const it of refundable({ ...f, refunds: done }).items)
            if (!complete && it.remainingQuantity)
              complete = refund({
                items: [{ id: it.id, quantity: it.remainingQuantity }],
                destination: "card",
              });
          expect(complete).toBe(true);

          const rates = RATES[where];
          const notes = notesTax(f, done, rates);
          const invoice = includedTax(invoiceTaxableMinor(f), rates);
          expect(done.reduce((n, r) => n + r.amountMinor, 0)).toBe(gross - couponMinor);
          rates.forEach((_rate, i) => {
            expect(notes.reduce((n, t) => n + t.taxes[i].amountMinor, 0)).toBe(invoice[i].amountMinor);
          });
          for (const t of notes) expect(t.taxMinor).toBeGreaterThanOrEqual(0);
        },
      ),
      { numRuns: 400 },
    );
  });
});
