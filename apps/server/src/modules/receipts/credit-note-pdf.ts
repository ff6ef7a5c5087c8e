import {
  couponMinorOf,
  creditNoteRules,
  formatRate,
  formatWhen,
  isTaxableOnReceipt,
  refundTax,
} from "@loupe/domain";
import { FONT, newPdf, pdfText, ruleAcross } from "../../platform/pdf/pdf-document";
import type { CreditNoteData } from "./credit-notes.queries";
import type { Seller } from "./receipt-page";
import type { ReceiptData } from "./receipts.queries";

const LOCALES: Record<string, string> = { AU: "en-AU", NZ: "en-NZ", CA: "en-CA" };

/** What the credit note prints, worked out once (the PDF and the e-mail's text share it). */
export function creditNoteModel(r: ReceiptData, c: CreditNoteData, seller: Seller) {
  const country = r.region.countryCode;
  const locale = LOCALES[country] ?? "en-AU";
  const money = new Intl.NumberFormat(locale, {
    style: "currency",
    currency: r.region.defaultCurrency,
    currencyDisplay: "narrowSymbol",
  });
  const fmt = (minor: number) => money.format(minor / 100);
  // Times on the outlet's clock in the receipt's spelling (dates.ts), so a credit note and the receipt
  // it adjusts write the same sale at the same minute the same way.
  const timeZone = r.outlet.timeZone;
  const when = { format: (at: Date | string) => formatWhen(at, timeZone, "exact", { zone: true }) };
  const rules = creditNoteRules(country, r.outlet.state, c.note.amountMinor);
  const taxFacts = {
    items: r.items.map((i) => ({
      id: i.id,
      quantity: i.quantity,
      totalAmountMinor: i.totalAmountMinor,
      taxable: isTaxableOnReceipt(country, i.requiresPrescription),
    })),
    couponMinor: couponMinorOf(r.order.coupons),
  };
  // The notes issued before this one: the tax is rounded over them all, so the job's notes add up to its invoice.
  const earlier = r.creditNotes.filter((n) => n.number < c.note.number);
  const tax = refundTax(
    taxFacts,
    { amountMinor: c.note.amountMinor, lines: c.note.lines },
    rules.rates,
    earlier,
  );
  const linesMinor = c.note.lines.reduce((n, l) => n + l.amountMinor, 0);
  const surname = (r.customer?.lastName ?? r.order.billingLastName ?? "").trim();
  const buyer =
    `${(r.customer?.firstName ?? r.order.billingFirstName ?? "").trim()} ${surname ? `${[...surname][0]}.` : ""}`.trim();
  return {
    country,
    rules,
    title: rules.title,
    code: c.note.code,
    seller,
    outlet: r.outlet.name,
    issued: when.format(c.note.issuedAt),
    invoice: r.order.vendInvoiceNumber,
    invoiceDate: when.format(r.order.createdAt),
    buyer: rules.showBuyer || buyer ? buyer : "",
    lines: [
      ...c.note.lines.map((l) => {
        const item = r.items.find((i) => i.id === l.itemId);
        const taxable = isTaxableOnReceipt(country, item?.requiresPrescription ?? false);
        return {
          label: `${item?.name ?? `Item ${l.itemId}`} returned`,
          quantity: String(l.quantity),
          amount: fmt(l.amountMinor),
          taxCode: country === "CA" ? (taxable ? "T" : "Z") : "",
        };
      }),
      // An amount other than the items' value: the difference is an adjustment line of its own.
      ...(c.note.amountMinor !== linesMinor
        ? [
            {
              label: c.note.lines.length ? "Adjustment to the items' value" : `Refund: ${c.note.reason}`,
              quantity: "",
              amount: fmt(c.note.amountMinor - linesMinor),
              taxCode: "",
            },
          ]
        : []),
    ],
    taxes: tax.taxes.map((t) => ({ label: `${t.name} ${formatRate(t.rate)}`, amount: fmt(t.amountMinor) })),
    beforeTax: fmt(c.note.amountMinor - tax.taxMinor),
    total: fmt(c.note.amountMinor),
    currency: r.region.defaultCurrency,
    reason: c.note.reason,
    destination: c.note.destination,
    issuedBy: c.issuedBy,
    approvedBy: c.approvedBy,
    timeZone,
  };
}
export type CreditNoteModel = ReturnType<typeof creditNoteModel>;

/** The credit note on one A4 page: seller and registration, the original invoice, what was returned, the tax it gives back. */
export async function renderCreditNotePdf(m: CreditNoteModel): Promise<Buffer> {
  const { doc, bytes } = newPdf({
    size: "A4",
    margins: { top: 48, left: 48, right: 48, bottom: 48 },
    info: { Title: pdfText(`${m.title} ${m.code}`) },
  });
  const left = 48;
  const width = doc.page.width - 96;
  doc.font(FONT.bold).fontSize(20).text(pdfText(m.title), left, 48);
  doc
    .font(FONT.regular)
    .fontSize(10)
    .text(pdfText(`${m.seller.legalName} trading as ${m.seller.brand}`));
  doc.text(pdfText(`${m.rules.registrationLabel} ${m.seller.taxId}`));
  if (m.seller.qstId) doc.text(pdfText(`QST ${m.seller.qstId}`));
  doc.text(pdfText(m.outlet));
  doc.font(FONT.bold).fontSize(12).text(pdfText(m.code), left, 48, { width, align: "right" });
  doc
    .font(FONT.regular)
    .fontSize(10)
    .text(pdfText(`Issued ${m.issued}`), { width, align: "right" });
  doc.moveDown(4);
  const meta = (label: string, value: string) => {
    const y = doc.y;
    doc.font(FONT.bold).text(pdfText(label), left, y, { width: 150 });
    doc.font(FONT.regular).text(pdfText(value), left + 150, y, { width: width - 150 });
  };
  doc.y = Math.max(doc.y, 150);
  meta("Original tax invoice", `${m.invoice}, ${m.invoiceDate}`);
  if (m.buyer) meta("Customer", m.buyer);
  meta("Reason", m.reason);
  meta("Money returned", m.destination);
  if (m.approvedBy) meta("Approved by", m.approvedBy);
  if (m.issuedBy) meta("Issued by", m.issuedBy);
  doc.moveDown(1.2);
  const cols = { label: left, qty: left + width - 190, amount: left + width - 110 };
  const row = (label: string, qty: string, amount: string, bold = false) => {
    const y = doc.y;
    doc.font(bold ? FONT.bold : FONT.regular).fontSize(10);
    doc.text(pdfText(label), cols.label, y, { width: cols.qty - cols.label - 8 });
    const after = doc.y;
    doc.text(qty, cols.qty, y, { width: 60, align: "right" });
    doc.text(pdfText(amount), cols.amount, y, { width: 110, align: "right" });
    doc.y = Math.max(after, doc.y) + 3;
  };
  const rule = () => ruleAcross(doc, left, width);
  row("Description", "Qty", "Credited", true);
  rule();
  for (const l of m.lines) row(l.label, l.quantity, `${l.amount}${l.taxCode ? ` ${l.taxCode}` : ""}`);
  rule();
  if (m.country === "CA") row("Subtotal before tax", "", m.beforeTax);
  for (const t of m.taxes)
    row(`${m.rules.taxHeading}: ${t.label}${m.country === "CA" ? "" : " included"}`, "", t.amount);
  rule();
  row(`Total credited (${m.currency})`, "", m.total, true);
  doc.moveDown(1.5);
  doc
    .font(FONT.regular)
    .fontSize(9)
    .fillColor("#444")
    .text(pdfText(m.rules.statement), left, doc.y, { width });
  if (m.country === "CA") doc.text("T = taxable, Z = zero-rated.", { width });
  doc.text(pdfText(`Times are ${m.timeZone}.`), { width });
  doc.end();
  return bytes;
}

/** The e-mail's text: the note in short and its link. */
export function creditNoteText(m: CreditNoteModel, url: string): string {
  return [
    `${m.title} ${m.code} — ${m.seller.legalName} (${m.seller.brand})`,
    `${m.rules.registrationLabel} ${m.seller.taxId}`,
    `Original tax invoice ${m.invoice}`,
    "",
    ...m.lines.map((l) => `${l.label}${l.quantity ? ` x${l.quantity}` : ""}  ${l.amount}`),
    ...m.taxes.map((t) => `${m.rules.taxHeading}: ${t.label}: ${t.amount}`),
    `Total credited (${m.currency}): ${m.total}`,
    `Reason: ${m.reason}. Money returned ${m.destination}.`,
    m.approvedBy ? `Approved by ${m.approvedBy}.` : null,
    "",
    `Open or print it: ${url}`,
    "",
    m.rules.statement,
  ]
    .filter((l) => l !== null)
    .join("\n");
}
