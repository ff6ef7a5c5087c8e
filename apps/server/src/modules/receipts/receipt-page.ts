import {
  couponMinorOf,
  formatRate,
  formatWhen,
  includedTax,
  invoiceTaxableMinor,
  isTaxableOnReceipt,
  REFUNDED_QUANTITY,
  receiptNoteText,
  receiptRules,
} from "@loupe/domain";
import type { ReceiptData } from "./receipts.queries";

export interface Seller {
  legalName: string;
  brand: string;
  taxId: string;
  /** Quebec's own sales-tax registration, printed for QC outlets. */
  qstId?: string;
}

const LOCALES: Record<string, string> = { AU: "en-AU", NZ: "en-NZ", CA: "en-CA" };

const esc = (v: unknown) =>
  String(v ?? "").replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );

/** The receipt's content, worked out once for the page and the e-mail. */
export function receiptModel(r: ReceiptData, seller: Seller) {
  const country = r.region.countryCode;
  const locale = LOCALES[country] ?? "en-AU";
  const currency = r.region.defaultCurrency;
  // The outlet's own clock (ADR 0035): a Perth sale is a Perth time, whatever the region's zone.
  const timeZone = r.outlet.timeZone;
  const money = new Intl.NumberFormat(locale, {
    style: "currency",
    currency,
    currencyDisplay: "narrowSymbol",
  });
  const fmt = (minor: number) => money.format(minor / 100);
  const when = { format: (at: Date | string) => formatWhen(at, timeZone, "exact", { zone: true }) };
  const total = r.order.totalAmountMinor;
  const rules = receiptRules(country, r.outlet.state, total);
  const sold = r.items;
  // The taxable items as charged, after their share of the coupons: the same sum the credit notes
  // return tax from (`refundTax`), so a job refunded in full gives back exactly this tax.
  const taxableGross = invoiceTaxableMinor({
    items: sold.map((i) => ({
      id: i.id,
      quantity: i.quantity,
      totalAmountMinor: i.totalAmountMinor,
      taxable: isTaxableOnReceipt(country, i.requiresPrescription),
    })),
    couponMinor: couponMinorOf(r.order.coupons),
  });
  const taxes = includedTax(taxableGross, rules.rates);
  const taxTotal = taxes.reduce((n, t) => n + t.amountMinor, 0);
  const discounts = sold.reduce((n, i) => n + i.discountAmountMinor, 0);
  const paid = r.payments.reduce((n, p) => n + p.amountMinor, 0);
  const refunded = r.refunds.reduce((n, x) => n + x.amountMinor, 0);
  // The page opens without signing in (a link can be forwarded): the customer's first name and
  // surname initial only (issue 25). Address and e-mail go only into the e-mail to the customer.
  const surname = (r.customer?.lastName ?? r.order.billingLastName ?? "").trim();
  const buyerName =
    `${(r.customer?.firstName ?? r.order.billingFirstName ?? "").trim()} ${surname ? `${[...surname][0]}.` : ""}`.trim();
  const address = r.order.billingAddress
    ? ["address1", "address2", "suburb", "city", "state", "postcode", "country"]
        .map((k) => r.order.billingAddress?.[k])
        .filter(Boolean)
        .join(", ")
    : "";
  return {
    country,
    currency,
    timeZone,
    rules,
    title: rules.title,
    seller,
    outlet: r.outlet,
    invoice: r.order.vendInvoiceNumber,
    uid: r.order.uid,
    date: when.format(r.order.createdAt),
    buyer: { name: buyerName, email: r.order.billingEmail, address },
    items: sold.map((i) => ({
      name: i.name,
      quantity: i.quantity === REFUNDED_QUANTITY ? 1 : i.quantity,
      refunded: i.quantity === REFUNDED_QUANTITY,
      unit: fmt(i.unitPriceMinor),
      discount: i.discountAmountMinor ? `−${fmt(i.discountAmountMinor)}` : "",
      amount: fmt(i.totalAmountMinor),
      // Canada marks zero-rated lines; AU and NZ tax every line here.
      taxCode: country === "CA" ? (isTaxableOnReceipt(country, i.requiresPrescription) ? "T" : "Z") : "",
    })),
    coupons: (r.order.coupons ?? []).map((c) => ({
      code: c.code,
      amount: `−${fmt(Math.round(c.amount * 100))}`,
    })),
    discounts: discounts ? `−${fmt(discounts)}` : null,
    taxes: taxes.map((t) => ({ label: `${t.name} ${formatRate(t.rate)}`, amount: fmt(t.amountMinor) })),
    beforeTax: fmt(total - taxTotal),
    total: fmt(total),
    payments: r.payments.map((p) => ({
      // A job paid in parts (issue 44): the deposit says so; a reference (a gift card's number)
      // stays off a page that opens without signing in.
      label: `${p.kind === "deposit" ? "Deposit · " : ""}${p.paymentTypeName}`,
      date: when.format(p.createdAt),
      amount: fmt(p.amountMinor),
      held: p.state === "authorised",
    })),
    paid: fmt(paid),
    refunds: r.refunds.map((x) => ({
      creditNote: r.creditNotes.find((c) => c.refundId === x.id)?.code ?? null,
      label: `${x.kind === "void" ? "Voided" : "Refunded"}${x.method === "till" ? " at the till" : " to the card"} (${x.reason})`,
      date: when.format(x.completedAt ?? x.createdAt),
      amount: `−${fmt(x.amountMinor)}`,
    })),
    balance: fmt(paid - refunded),
    /** Still owed on the job (issue 44), or null when nothing is. */
    due: r.order.balanceDueMinor > 0 ? fmt(r.order.balanceDueMinor) : null,
    note: r.receiptNote ? receiptNoteText(r.receiptNote) : null,
  };
}
export type ReceiptModel = ReturnType<typeof receiptModel>;

const STYLE = `
  body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1a1b1e; margin: 0; background: #f1f3f5; }
  main { max-width: 720px; margin: 24px auto; background: #fff; padding: 32px 40px; border-radius: 8px; box-shadow: 0 1px 3px rgba(0,0,0,.08); }
  h1 { font-size: 22px; margin: 0 0 4px; letter-spacing: .02em; }
  .muted { color: #6c757d; font-size: 13px; }
  header { display: flex; justify-content: space-between; gap: 24px; border-bottom: 2px solid #1a1b1e; padding-bottom: 12px; margin-bottom: 16px; }
  table { width: 100%; border-collapse: collapse; font-size: 14px; margin: 8px 0 16px; }
  th, td { text-align: left; padding: 6px 4px; border-bottom: 1px solid #dee2e6; vertical-align: top; }
  th.n, td.n { text-align: right; white-space: nowrap; }
  .totals td { border: 0; padding: 3px 4px; }
  .totals .grand td { font-weight: 700; font-size: 16px; border-top: 2px solid #1a1b1e; padding-top: 6px; }
  .refunded { color: #c92a2a; font-size: 12px; margin-left: 6px; }
  .note { background: #fff9db; border-left: 3px solid #fab005; padding: 8px 12px; font-size: 14px; white-space: pre-line; }
  .meta { display: grid; grid-template-columns: max-content 1fr; gap: 2px 12px; font-size: 14px; }
  h2 { font-size: 14px; text-transform: uppercase; letter-spacing: .06em; color: #495057; margin: 18px 0 4px; }
  .actions { text-align: right; margin-bottom: 8px; }
  button { font: inherit; padding: 6px 14px; border: 1px solid #adb5bd; background: #fff; border-radius: 4px; cursor: pointer; }
  @media print {
    body { background: #fff; }
    main { box-shadow: none; margin: 0; padding: 0; max-width: none; }
    .actions { display: none; }
    @page { margin: 14mm; }
    tr { break-inside: avoid; }
  }
`;

/** The receipt as a self-contained page: printable (its own print stylesheet), no outside resources. */
export function receiptHtml(
  m: ReceiptModel,
  options: { nonce?: string; forEmail?: boolean; creditNoteUrl?: (code: string) => string } = {},
): string {
  const o = m.outlet;
  const outletAddress = [o.address1, o.address2, o.suburb, o.city, o.state, o.postcode, o.country]
    .filter(Boolean)
    .join(", ");
  const registration = m.rules.showRegistration
    ? `<div>${esc(m.rules.registrationLabel)} ${esc(m.seller.taxId)}</div>${
        m.seller.qstId ? `<div>QST ${esc(m.seller.qstId)}</div>` : ""
      }`
    : "";
  const rows = m.items
    .map(
      (i) => `<tr>
        <td>${esc(i.name)}${i.refunded ? '<span class="refunded">refunded</span>' : ""}</td>
        <td class="n">${i.quantity}</td>
        <td class="n">${esc(i.unit)}</td>
        <td class="n">${esc(i.discount)}</td>
        <td class="n">${esc(i.amount)}${i.taxCode ? ` ${i.taxCode}` : ""}</td>
      </tr>`,
    )
    .join("");
  const line = (label: string, amount: string, cls = "") =>
    `<tr class="${cls}"><td>${esc(label)}</td><td class="n">${esc(amount)}</td></tr>`;
  const taxLines =
    m.country === "CA"
      ? [line("Subtotal before tax", m.beforeTax), ...m.taxes.map((t) => line(t.label, t.amount))].join("")
      : m.taxes.map((t) => line(`${t.label} included`, t.amount)).join("");
  const buyer =
    m.rules.showBuyer || m.buyer.name
      ? `<h2>Customer</h2><div class="meta"><span>Name</span><span>${esc(m.buyer.name)}</span>${
          options.forEmail && m.rules.showBuyer && m.buyer.address
            ? `<span>Address</span><span>${esc(m.buyer.address)}</span>`
            : ""
        }${options.forEmail && m.rules.showBuyer && m.buyer.email ? `<span>E-mail</span><span>${esc(m.buyer.email)}</span>` : ""}</div>`
      : "";
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${esc(m.title)} ${esc(m.invoice)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
  ${options.forEmail ? "" : '<div class="actions"><button type="button" id="print">Print</button></div>'}
  <header>
    <div>
      <h1 data-testid="receipt-title">${esc(m.title)}</h1>
      <div><strong>${esc(m.seller.legalName)}</strong> trading as ${esc(m.seller.brand)}</div>
      <div class="muted">${esc(o.name)} · ${esc(outletAddress)}</div>
      <div class="muted">${[o.phone, o.email].filter(Boolean).map(esc).join(" · ")}</div>
    </div>
    <div style="text-align:right;font-size:14px" data-testid="receipt-registration">${registration}</div>
  </header>
  <div class="meta">
    <span>Invoice</span><span>${esc(m.invoice)}</span>
    <span>Job</span><span>${esc(m.uid)}</span>
    <span>Date</span><span>${esc(m.date)}</span>
  </div>
  ${buyer}
  <h2>Items</h2>
  <table>
    <thead><tr><th>Description</th><th class="n">Qty</th><th class="n">Unit price</th><th class="n">Discount</th><th class="n">Amount</th></tr></thead>
    <tbody>${rows}</tbody>
  </table>
  <table class="totals" data-testid="receipt-totals">
    ${m.discounts ? line("Discounts (taken off the amounts above)", m.discounts) : ""}
    ${m.coupons.map((c) => line(`Coupon ${c.code}`, c.amount)).join("")}
    ${taxLines}
    ${line(`Total (${m.currency})`, m.total, "grand")}
  </table>
  <p class="muted">${esc(m.rules.statement)}${m.country === "CA" ? " T = taxable, Z = zero-rated." : ""}</p>
  <h2>Payments</h2>
  <table>
    ${m.payments.map((p) => line(`${p.label}${p.held ? " (authorised)" : ""} · ${p.date}`, p.amount)).join("") || line("No payments", "")}
    ${m.refunds.map((x) => line(`${x.label} · ${x.date}${x.creditNote ? ` · credit note ${x.creditNote}` : ""}`, x.amount)).join("")}
    ${line("Balance paid", m.balance, "grand")}
    ${m.due ? line("Balance due", m.due, "grand") : ""}
  </table>
  ${
    options.creditNoteUrl && m.refunds.some((x) => x.creditNote)
      ? `<h2>Credit notes</h2><ul data-testid="receipt-credit-notes">${m.refunds
          .filter((x) => x.creditNote)
          .map(
            (x) =>
              `<li><a href="${esc(options.creditNoteUrl!(x.creditNote!))}">${esc(x.creditNote)}</a> · ${esc(x.amount)}</li>`,
          )
          .join("")}</ul>`
      : ""
  }
  ${m.note ? `<h2>Note</h2><div class="note" data-testid="receipt-note">${esc(m.note)}</div>` : ""}
  <p class="muted">Times are ${esc(m.timeZone)}. Thank you for shopping with ${esc(m.seller.brand)}.</p>
</main>
${options.nonce ? `<script nonce="${options.nonce}">document.getElementById("print").addEventListener("click",function(){window.print()})</script>` : ""}
</body>
</html>`;
}

/** The plain-text part of the receipt e-mail. */
export function receiptText(m: ReceiptModel): string {
  return [
    `${m.title} — ${m.seller.legalName} (${m.seller.brand})`,
    m.rules.showRegistration ? `${m.rules.registrationLabel} ${m.seller.taxId}` : null,
    `${m.outlet.name}`,
    `Invoice ${m.invoice} · ${m.date}`,
    "",
    ...m.items.map((i) => `${i.name}${i.refunded ? " (refunded)" : ""}  x${i.quantity}  ${i.amount}`),
    "",
    ...m.taxes.map((t) => `${t.label}${m.country === "CA" ? "" : " included"}: ${t.amount}`),
    `Total (${m.currency}): ${m.total}`,
    ...m.refunds.map((x) => `${x.label}: ${x.amount}`),
    m.note ? `\nNote: ${m.note}` : null,
    "",
    m.rules.statement,
  ]
    .filter((l) => l !== null)
    .join("\n");
}
