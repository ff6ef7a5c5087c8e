// The orders the Shopify stand-in keeps, written as Shopify's REST Order resource: money as
// decimal strings, timestamps with the shop's offset to the second, line items with their
// discount_allocations and tax_lines, refunds with their refund transactions, the totals Shopify
// works out (subtotal_price, total_tax, total_price, current_total_price, total_outstanding).
import { REGION } from "@loupe/domain";

export type StandInOrder = Record<string, any> & { id: number; updated_at: string; refunds: any[] };

export interface StandInLineInput {
  sku: string | null;
  quantity?: number;
  /** Per unit, as the shop prices it (tax in or out by taxes_included), e.g. "149.00". */
  price?: string;
  name?: string;
  /** Off the whole line, e.g. "10.00". */
  discount?: string;
}

export interface StandInCustomerInput {
  first_name: string;
  last_name: string;
  email?: string | null;
  phone?: string | null;
  accepts_marketing?: boolean;
}

/** The region's shop settings: AU and NZ price with GST in, CA (Ontario) adds HST on top. */
export function shopTaxes(regionId: number) {
  if (regionId === REGION.CA)
    return { currency: "CAD", taxesIncluded: false, offset: "-05:00", rates: [{ title: "HST", rate: 0.13 }] };
  if (regionId === REGION.NZ)
    return { currency: "NZD", taxesIncluded: true, offset: "+12:00", rates: [{ title: "GST", rate: 0.15 }] };
  return { currency: "AUD", taxesIncluded: true, offset: "+10:00", rates: [{ title: "GST", rate: 0.1 }] };
}

export const toMoney = (minor: number) => {
  const abs = Math.abs(minor);
  return `${minor < 0 ? "-" : ""}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
};
export const fromMoney = (s: string) => {
  const m = /^(\d+)(?:\.(\d{1,2}))?$/.exec(s.trim());
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? "").padEnd(2, "0"));
};

/** A Shopify timestamp: to the second, in the shop's offset ("2026-11-29T15:02:57+10:00"). */
export function shopTime(ms: number, offset: string): string {
  const sign = offset.startsWith("-") ? -1 : 1;
  const [h, m] = offset.slice(1).split(":").map(Number);
  const shifted = new Date(Math.floor(ms / 1000) * 1000 + sign * (h! * 60 + m!) * 60_000);
  return shifted.toISOString().slice(0, 19) + offset;
}

/** A price for a SKU the caller did not price: stable per SKU, between 89.00 and 488.95. */
export function priceForSku(sku: string | null): number {
  let h = 0;
  for (const c of sku ?? "item") h = (h * 31 + c.charCodeAt(0)) >>> 0;
  return (89 + (h % 400)) * 100 + (h % 2 ? 95 : 0);
}

/** Demo customers, one list per region: invented names at example domains, numbers in each country's form. */
const PEOPLE: Record<number, [string, string, string][]> = {
  [REGION.AU]: [
    ["Olivia", "Nguyen", "+61412345678"],
    ["Jack", "Thompson", "+61423456789"],
    ["Charlotte", "Wilson", "+61434567890"],
    ["Liam", "Papadopoulos", "+61445678901"],
    ["Mia", "O'Connor", "+61456789012"],
  ],
  [REGION.NZ]: [
    ["Aroha", "Ngata", "+64211234567"],
    ["Oliver", "Smith", "+64221234567"],
    ["Isla", "Patel", "+64271234567"],
    ["Nikau", "Walker", "+64201234567"],
  ],
  [REGION.CA]: [
    ["Emma", "Tremblay", "+14165550142"],
    ["Noah", "Roy", "+16475550183"],
    ["Chloé", "Gagnon", "+14375550121"],
    ["Ethan", "MacDonald", "+19055550167"],
  ],
};

export function demoCustomer(regionId: number, pick: number): StandInCustomerInput & { index: number } {
  const list = PEOPLE[regionId] ?? PEOPLE[REGION.AU]!;
  const index = pick % list.length;
  const [first, last, phone] = list[index]!;
  const local = `${first}.${last}`
    .normalize("NFD")
    .replace(/[^A-Za-z.]/g, "")
    .toLowerCase();
  return {
    index,
    first_name: first,
    last_name: last,
    email: `${local}@example.com`,
    phone,
    accepts_marketing: index % 2 === 0,
  };
}

/** Works the line items' tax and the order's totals out again, as Shopify does after a change. */
export function recompute(order: StandInOrder, rates: { title: string; rate: number }[]) {
  const sumRate = rates.reduce((s, r) => s + r.rate, 0);
  let subtotal = 0;
  let tax = 0;
  let lines = 0;
  let discounts = 0;
  for (const li of order.line_items) {
    const price = fromMoney(li.price)!;
    const discount = li.discount_allocations.reduce((s: number, a: any) => s + fromMoney(a.amount)!, 0);
    const base = price * li.quantity - discount;
    li.tax_lines = rates.map((r) => {
      const amount = Math.round(order.taxes_included ? (base * r.rate) / (1 + sumRate) : base * r.rate);
      tax += amount;
      return {
        title: r.title,
        rate: r.rate,
        price: toMoney(amount),
        price_set: moneySet(amount, order.currency),
        channel_liable: false,
      };
    });
    li.total_discount = toMoney(discount);
    subtotal += base;
    lines += price * li.quantity;
    discounts += discount;
  }
  const total = order.taxes_included ? subtotal : subtotal + tax;
  const refunded = order.refunds.reduce(
    (s: number, r: any) => s + r.transactions.reduce((t: number, x: any) => t + fromMoney(x.amount)!, 0),
    0,
  );
  const paid = ["paid", "partially_refunded", "refunded"].includes(order.financial_status);
  Object.assign(order, {
    total_line_items_price: toMoney(lines),
    total_discounts: toMoney(discounts),
    subtotal_price: toMoney(subtotal),
    total_tax: toMoney(tax),
    total_price: toMoney(total),
    total_price_set: moneySet(total, order.currency),
    current_total_price: toMoney(total - refunded),
    total_outstanding: toMoney(paid ? 0 : total),
    tax_lines: rates.map((r) => ({
      title: r.title,
      rate: r.rate,
      price: toMoney(
        order.line_items.reduce(
          (s: number, li: any) => s + fromMoney(li.tax_lines.find((t: any) => t.title === r.title).price)!,
          0,
        ),
      ),
    })),
  });
  return { totalMinor: total, refundedMinor: refunded };
}

export const moneySet = (minor: number, currency: string) => ({
  shop_money: { amount: toMoney(minor), currency_code: currency },
  presentment_money: { amount: toMoney(minor), currency_code: currency },
});
