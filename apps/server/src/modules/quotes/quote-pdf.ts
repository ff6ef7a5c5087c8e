import type { QuoteWire } from "@loupe/contract";
import { formatRate, formatWhen } from "@loupe/domain";
import { FONT, newPdf, pdfText, ruleAcross } from "../../platform/pdf/pdf-document";
import type { QuoteOutlet } from "./quotes.queries";

const LOCALES: Record<string, string> = { AU: "en-AU", NZ: "en-NZ", CA: "en-CA" };

/** What the quote prints, worked out once (the PDF and the e-mail's text share it). */
export function quoteModel(q: QuoteWire, outlet: QuoteOutlet, brand: string) {
  const money = new Intl.NumberFormat(LOCALES[outlet.countryCode] ?? "en-AU", {
    style: "currency",
    currency: q.currency,
    currencyDisplay: "narrowSymbol",
  });
  const fmt = (minor: number) => money.format(minor / 100);
  const day = (at: string) => formatWhen(at, outlet.timeZone, "day");
  const who = q.customer ?? q.guest;
  const included = q.tax_included;
  return {
    brand,
    title: "Quote",
    reference: q.reference,
    outlet: outlet.name,
    outletLines: [
      outlet.address1,
      [outlet.city, outlet.state, outlet.postcode].filter(Boolean).join(" "),
      outlet.phone,
    ].filter((l): l is string => !!l && l.trim() !== ""),
    date: day(q.created_at),
    validUntil: day(q.expires_at),
    customer: who ? `${who.first_name} ${who.last_name}`.trim() : "",
    lines: q.lines.map((l) => ({
      label: l.name,
      detail: [
        l.selection?.lens ? `Lenses: ${l.selection.lens.name}` : null,
        l.selection?.prescription ? "Made to the prescription and PD on file as quoted" : null,
        l.discount_minor ? `Discount ${fmt(l.discount_minor)}` : null,
        // Taxes are added per line in Canada: say which lines carry none (prescription eyewear, exempt items).
        !included && l.tax_minor === 0 ? "No sales tax" : null,
      ]
        .filter(Boolean)
        .join(" · "),
      quantity: String(l.quantity),
      unit: fmt(l.unit_price_minor),
      amount: fmt(included ? l.total_minor : l.net_minor),
    })),
    subtotal: fmt(q.subtotal_minor),
    discount: q.discount_minor ? fmt(-q.discount_minor) : null,
    taxes: q.taxes.map((t) => ({
      label: `${t.name} ${formatRate(t.rate)}${included ? " included" : ""}`,
      amount: fmt(t.amount_minor),
    })),
    total: fmt(q.total_minor),
    deposit: q.deposit_minimum_minor ? fmt(q.deposit_minimum_minor) : null,
    currency: q.currency,
    statement: included
      ? `Prices include GST. This quote is valid until ${day(q.expires_at)}.`
      : `Sales taxes are added to the prices shown. Prescription eyewear is zero-rated. This quote is valid until ${day(q.expires_at)}.`,
    timeZone: outlet.timeZone,
  };
}
export type QuoteModel = ReturnType<typeof quoteModel>;

/** The quote on A4: the outlet, whom it is for, its lines, the tax and total, and until when it holds. */
export async function renderQuotePdf(m: QuoteModel): Promise<Buffer> {
  const { doc, bytes } = newPdf({
    size: "A4",
    margins: { top: 48, left: 48, right: 48, bottom: 48 },
    info: { Title: pdfText(`${m.title} ${m.reference}`) },
  });
  const left = 48;
  const width = doc.page.width - 96;
  doc.font(FONT.bold).fontSize(20).text(pdfText(m.title), left, 48);
  doc
    .font(FONT.regular)
    .fontSize(10)
    .text(pdfText(`${m.brand} — ${m.outlet}`));
  for (const l of m.outletLines) doc.text(pdfText(l));
  doc.font(FONT.bold).fontSize(12).text(pdfText(m.reference), left, 48, { width, align: "right" });
  doc
    .font(FONT.regular)
    .fontSize(10)
    .text(pdfText(`Date ${m.date}`), { width, align: "right" });
  doc.text(pdfText(`Valid until ${m.validUntil}`), { width, align: "right" });
  doc.y = Math.max(doc.y, 150);
  if (m.customer) {
    doc.font(FONT.bold).text("Prepared for", left, doc.y);
    doc.font(FONT.regular).text(pdfText(m.customer));
  }
  doc.moveDown(1.2);
  const cols = { label: left, qty: left + width - 230, unit: left + width - 180, amount: left + width - 90 };
  const row = (label: string, qty: string, unit: string, amount: string, bold = false) => {
    const y = doc.y;
    doc.font(bold ? FONT.bold : FONT.regular).fontSize(10);
    doc.text(pdfText(label), cols.label, y, { width: cols.qty - cols.label - 8 });
    const after = doc.y;
    doc.text(qty, cols.qty, y, { width: 40, align: "right" });
    doc.text(pdfText(unit), cols.unit, y, { width: 80, align: "right" });
    doc.text(pdfText(amount), cols.amount, y, { width: 90, align: "right" });
    doc.y = Math.max(after, doc.y) + 3;
  };
  const rule = () => ruleAcross(doc, left, width);
  row("Item", "Qty", "Unit price", "Amount", true);
  rule();
  for (const l of m.lines) {
    row(l.label, l.quantity, l.unit, l.amount);
    if (l.detail) {
      doc.font(FONT.regular).fontSize(8.5).fillColor("#444");
      doc.text(pdfText(l.detail), cols.label + 10, doc.y - 1, { width: cols.qty - cols.label - 18 });
      doc.fillColor("#000");
      doc.y += 3;
    }
  }
  rule();
  row("Subtotal", "", "", m.subtotal);
  if (m.discount) row("Discounts", "", "", m.discount);
  for (const t of m.taxes) row(t.label, "", "", t.amount);
  rule();
  row(`Total (${m.currency})`, "", "", m.total, true);
  if (m.deposit) row("Deposit to start the job", "", "", m.deposit);
  doc.moveDown(1.5);
  doc.font(FONT.regular).fontSize(9).fillColor("#444").text(pdfText(m.statement), left, doc.y, { width });
  doc.end();
  return bytes;
}

/** The e-mail's text: the quote in short (the PDF is attached). */
export function quoteText(m: QuoteModel): string {
  return [
    `${m.title} ${m.reference} from ${m.brand} — ${m.outlet}`,
    m.customer ? `Prepared for ${m.customer}` : null,
    "",
    ...m.lines.map((l) => `${l.label} x${l.quantity}  ${l.amount}`),
    ...m.taxes.map((t) => `${t.label}: ${t.amount}`),
    `Total (${m.currency}): ${m.total}`,
    "",
    m.statement,
    "The quote is attached as a PDF.",
  ]
    .filter((l) => l !== null)
    .join("\n");
}
