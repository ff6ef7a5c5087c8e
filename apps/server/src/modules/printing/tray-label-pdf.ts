import type { TrayLabel } from "@loupe/domain";
import { code128, FONT, fitFontSize, mm, newPdf, pdfText } from "./print-pdf";

const WIDTH = mm(62);
const HEIGHT = mm(100);
const MARGIN = mm(3);

/**
 * The tray label on 62 mm label stock (62 × 100 mm, the common label printers' continuous roll):
 * URGENT across the top when the job is urgent, the invoice number and its Code 128 barcode, the
 * job number, the customer's surname large, outlet, created date, the promised date and item count.
 * No prescription.
 */
export async function renderTrayLabelPdf(label: TrayLabel): Promise<Buffer> {
  const barcode = await code128(label.barcode, 12);
  const { doc, bytes } = newPdf({
    size: [WIDTH, HEIGHT],
    margin: MARGIN,
    info: { Title: pdfText(`Tray label ${label.invoice}`) },
  });
  const width = WIDTH - 2 * MARGIN;
  let y = MARGIN;
  if (label.urgent) {
    doc.rect(0, 0, WIDTH, mm(11)).fill("#000");
    doc.fillColor("#fff").font(FONT.bold).fontSize(22).text("URGENT", 0, mm(2.6), {
      width: WIDTH,
      align: "center",
      characterSpacing: 3,
    });
    doc.fillColor("#000");
    y = mm(13);
  }
  const invoice = pdfText(label.invoice);
  doc
    .font(FONT.bold)
    .fontSize(fitFontSize(doc, invoice, width, 20, 9))
    .text(invoice, MARGIN, y, {
      width,
      align: "center",
    });
  y = doc.y + mm(1);
  doc.image(barcode, MARGIN, y, { fit: [width, mm(14)], align: "center" });
  y += mm(15);
  doc
    .font(FONT.regular)
    .fontSize(9)
    .text(`Job ${pdfText(label.jobNumber)}`, MARGIN, y, { width, align: "center" });
  y = doc.y + mm(2);
  doc
    .moveTo(MARGIN, y)
    .lineTo(WIDTH - MARGIN, y)
    .lineWidth(0.8)
    .stroke();
  const surname = pdfText(label.surname);
  const surnameSize = fitFontSize(doc.font(FONT.bold), surname, width, 26, 10);
  const bottom = HEIGHT - MARGIN - mm(8);
  // Surname, outlet and date centred in the space between the two rules.
  const block = surnameSize * 1.2 + mm(1.5) + 11 * 1.2 + 10 * 1.2 + (label.promised ? 12 * 1.2 + mm(1) : 0);
  y += Math.max(mm(2.5), (bottom - y - block) / 2);
  doc.fontSize(surnameSize).text(surname, MARGIN, y, { width, align: "center" });
  y = doc.y + mm(1.5);
  doc.font(FONT.regular).fontSize(11).text(pdfText(label.outlet), MARGIN, y, { width, align: "center" });
  doc.fontSize(10).text(pdfText(label.created), { width, align: "center" });
  // The promise in bold: the bench sorts trays by it (issue 27).
  if (label.promised) {
    doc.moveDown(0.3);
    doc.font(FONT.bold).fontSize(12).text(pdfText(label.promised), MARGIN, doc.y, { width, align: "center" });
  }
  doc
    .moveTo(MARGIN, bottom)
    .lineTo(WIDTH - MARGIN, bottom)
    .lineWidth(0.8)
    .stroke();
  doc
    .font(FONT.bold)
    .fontSize(14)
    .text(pdfText(label.items), MARGIN, bottom + mm(2), { width, align: "center" });
  doc.end();
  return bytes;
}
