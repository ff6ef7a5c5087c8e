// Reading Shopify's Order resource: money strings in exact minor units, the order's state, the
// customer's consent, and what is not an order.
import { describe, expect, it } from "vitest";
import { moneyToMinor, parseShopifyOrder, saleOfOrder } from "./shopify.order";

const order = (over: Record<string, unknown> = {}) => ({
  id: 450789469,
  name: "#1001",
  created_at: "2025-10-01T10:00:00-04:00",
  updated_at: "2025-10-01T10:00:05-04:00",
  processed_at: "2025-10-01T10:00:00-04:00",
  cancelled_at: null,
  financial_status: "paid",
  currency: "CAD",
  total_price: "113.00",
  total_tax: "13.00",
  taxes_included: false,
  location_id: null,
  source_name: "web",
  email: "bob@example.com",
  customer: {
    id: 207119551,
    first_name: "Bob",
    last_name: "Norman",
    email: "bob@example.com",
    phone: null,
    email_marketing_consent: { state: "subscribed", opt_in_level: "single_opt_in" },
  },
  line_items: [
    {
      id: 466157049,
      sku: "FR-1",
      name: "Frame",
      quantity: 1,
      price: "100.00",
      tax_lines: [{ price: "13.00", rate: 0.13 }],
    },
  ],
  refunds: [],
  payment_gateway_names: ["shopify_payments"],
  ...over,
});
const read = (over: Record<string, unknown> = {}, regionId = 5) => {
  const parsed = parseShopifyOrder(order(over));
  if (!parsed.ok) throw new Error(parsed.problem);
  return saleOfOrder(parsed.order, { key: "shopify-ca", regionId });
};

describe("Shopify money strings", () => {
  it("are read in exact minor units, never rounded", () => {
    expect(moneyToMinor("19.99")).toBe(1999);
    expect(moneyToMinor("0.1")).toBe(10);
    expect(moneyToMinor("19")).toBe(1900);
    expect(moneyToMinor("-5.00")).toBe(-500);
    expect(moneyToMinor("19.990")).toBe(1999);
    expect(moneyToMinor(12.5)).toBe(1250);
    expect(moneyToMinor("1234567.89")).toBe(123456789);
    expect(moneyToMinor("19.999")).toBeNull();
    expect(moneyToMinor("1e3")).toBeNull();
    expect(moneyToMinor("12,50")).toBeNull();
    expect(moneyToMinor("")).toBeNull();
  });
});

describe("a Shopify order as a sale", () => {
  it("takes its version from updated_at in epoch milliseconds, whatever the offset", () => {
    const sale = read();
    expect(sale.version).toBe(String(Date.UTC(2025, 9, 1, 14, 0, 5)));
    expect(sale.createdAt).toBe("2025-10-01T14:00:00.000Z");
    expect(sale.invoiceNumber).toBe("1001");
  });

  it("is open until paid, closed once paid or refunded, voided when cancelled", () => {
    for (const s of ["pending", "authorized", "partially_paid", null])
      expect(read({ financial_status: s }).state).toBe("open");
    for (const s of ["paid", "partially_refunded", "refunded"])
      expect(read({ financial_status: s }).state).toBe("closed");
    expect(read({ cancelled_at: "2025-10-02T09:00:00-04:00", financial_status: "refunded" }).state).toBe(
      "voided",
    );
    expect(read({ financial_status: "partially_paid" }).payments).toEqual([]);
  });

  it("takes marketing consent only from a subscribed customer, and the older flag when consent is absent", () => {
    const consent = (state: string | null, accepts?: boolean) =>
      read({
        customer: {
          ...order().customer,
          email_marketing_consent: state ? { state } : null,
          accepts_marketing: accepts,
        },
      }).customer!.acceptsMarketing;
    expect(consent("subscribed")).toBe(true);
    for (const s of ["not_subscribed", "unsubscribed", "pending", "redacted"]) expect(consent(s)).toBe(false);
    expect(consent(null, true)).toBe(true);
    expect(consent(null)).toBeNull();
  });

  it("has no customer when a counter sale gave no contact at all", () => {
    expect(
      read({ customer: null, email: "", phone: null, billing_address: null, source_name: "pos" }).customer,
    ).toBeNull();
  });

  it("sums a line's discount allocations, and counts only successful refund transactions", () => {
    const sale = read({
      line_items: [
        {
          id: 1,
          sku: " ",
          title: "Frame",
          quantity: 2,
          price: "50.00",
          total_discount: "0.00",
          discount_allocations: [{ amount: "5.00" }, { amount: "2.50" }],
          tax_lines: [{ price: "12.03", rate: 0.13 }],
        },
      ],
      refunds: [
        {
          id: 9,
          created_at: "2025-10-03T09:00:00-04:00",
          note: null,
          transactions: [
            { amount: "20.00", kind: "refund", status: "success" },
            { amount: "20.00", kind: "refund", status: "failure" },
          ],
        },
        { id: 10, created_at: "2025-10-03T09:00:00-04:00", note: "restock only", transactions: [] },
      ],
    });
    expect(sale.lines[0]).toMatchObject({
      sku: null,
      name: "Frame",
      discountMinor: 750,
      totalMinor: 9250,
      taxMinor: 1203,
    });
    expect(sale.refunds).toEqual([
      { externalId: "9", amountMinor: 2000, at: "2025-10-03T13:00:00.000Z", reason: null },
    ]);
  });

  it("is not an order without its name, with money that is not money, or with a bad timestamp", () => {
    const problem = (over: Record<string, unknown>) => {
      const parsed = parseShopifyOrder(order(over));
      return parsed.ok ? "ok" : parsed.problem;
    };
    expect(problem({ name: undefined })).toMatch(/^name:/);
    expect(problem({ total_price: "12.345" })).toMatch(/^total_price: not an amount of money/);
    expect(problem({ updated_at: "yesterday" })).toMatch(/^updated_at: not a timestamp/);
    expect(problem({ line_items: [{ id: 1, quantity: 1, price: "abc" }] })).toMatch(/^line_items\.0\.price/);
  });
});
