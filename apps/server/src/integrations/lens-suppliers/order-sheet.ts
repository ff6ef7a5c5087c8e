import { FONT, newPdf, pdfText } from "../../platform/pdf/pdf-document";

export interface OrderSheet {
  reference: string;
  title: string;
  /** Label → value rows, in reading order (who, deliver to, lens, edging…). */
  facts: [string, string][];
  /** The prescription grid: header row then R and L rows. */
  rx: string[][];
  notes: string | null;
}

/** The A4 order sheet a person at the lab reads (the e-mail's PDF): the same facts as the DCS record. */
export async function renderOrderSheet(sheet: OrderSheet): Promise<Buffer> {
  const { doc, bytes: done } = newPdf({
    size: "A4",
    margin: 48,
    info: { Title: `Lens order ${sheet.reference}` },
  });
  const left = 48;
  const width = doc.page.width - 96;
  doc.font(FONT.bold).fontSize(18).text(pdfText(sheet.title), left, 48, { width });
  doc.font(FONT.regular).fontSize(11).fillColor("#444").text(`Order reference ${sheet.reference}`, { width });
  doc.fillColor("#000").moveDown(0.8);
  for (const [label, value] of sheet.facts) {
    const y = doc.y;
    doc.font(FONT.bold).fontSize(10).text(label, left, y, { width: 140 });
    doc
      .font(FONT.regular)
      .fontSize(10)
      .text(pdfText(value || "—"), left + 150, y, { width: width - 150 });
    doc.moveDown(0.3);
  }
  doc.moveDown(0.6);
  doc.font(FONT.bold).fontSize(12).text("Prescription", left, doc.y, { width });
  doc.moveDown(0.3);
  const cols = sheet.rx[0]?.length ?? 1;
  const colWidth = width / cols;
  for (const [r, row] of sheet.rx.entries()) {
    const y = doc.y;
    row.forEach((cell, c) => {
      doc
        .font(r === 0 || c === 0 ? FONT.bold : FONT.regular)
        .fontSize(10)
        .text(cell, left + c * colWidth, y, { width: colWidth - 4 });
    });
    doc.moveDown(0.4);
    doc
      .moveTo(left, doc.y)
      .lineTo(left + width, doc.y)
      .strokeColor("#bbb")
      .stroke();
    doc.moveDown(0.2);
  }
  if (sheet.notes) {
    doc.moveDown(0.8);
    doc.font(FONT.bold).fontSize(12).text("Notes", left, doc.y, { width });
    doc.font(FONT.regular).fontSize(10).text(pdfText(sheet.notes), { width });
  }
  doc.end();
  return done;
}
