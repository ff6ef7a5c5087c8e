import type { Docket, DocketItem, DocketPaper, Row } from "@loupe/domain";
import { code128, FONT, mm, newPdf, PAPER_SIZES, pdfText } from "./print-pdf";

const MARGIN = mm(9);
const BARCODE_H = mm(11);
/** Room kept at the foot of every page for the repeated barcode. */
const FOOTER = MARGIN + BARCODE_H + mm(4);
const GREY = "#555";
const RULE = "#999";
const FILL = "#e9ecef";

/**
 * The job docket on A5 (default) or A4: every page starts and ends with the invoice barcode, so a
 * sheet folded into the tray still scans; then the customer, outlet and dates, and for each item
 * the frame, lens, prescription table, PD and heights from its saved selection, the lens orders
 * and the job's notes. Black on white, no shading a thermal or laser printer would smear.
 */
export async function renderDocketPdf(docket: Docket, paper: DocketPaper): Promise<Buffer> {
  const barcode = await code128(docket.barcode, 10);
  const [pageW, pageH] = PAPER_SIZES[paper];
  const { doc, bytes } = newPdf({
    size: [pageW, pageH],
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: FOOTER },
    bufferPages: true,
    info: { Title: pdfText(`Job docket ${docket.invoice}`) },
  });
  const left = MARGIN;
  const width = pageW - 2 * MARGIN;
  const limit = pageH - FOOTER;
  const barcodeW = Math.min(mm(62), width * 0.48);

  /** Where a page's content starts, below its header; and the item being drawn, if any. */
  let contentTop = MARGIN;
  let continuing: DocketItem | null = null;

  function pageHeader() {
    const top = MARGIN;
    doc.image(barcode, left + width - barcodeW, top, { fit: [barcodeW, BARCODE_H], align: "right" });
    doc
      .fillColor("#000")
      .font(FONT.regular)
      .fontSize(8)
      .text("JOB DOCKET", left, top, { characterSpacing: 1.5, lineBreak: false });
    doc
      .font(FONT.bold)
      .fontSize(17)
      .text(pdfText(docket.invoice), left, top + 10, { lineBreak: false });
    doc
      .font(FONT.regular)
      .fontSize(9)
      .text(`Job ${pdfText(docket.jobNumber)}`, left, top + 29, { lineBreak: false });
    let y = Math.max(top + BARCODE_H, top + 40) + mm(1.5);
    if (docket.urgent) {
      doc.rect(left, y, width, 16).fill("#000");
      doc
        .fillColor("#fff")
        .font(FONT.bold)
        .fontSize(11)
        .text("URGENT", left, y + 3.5, { width, align: "center", characterSpacing: 3, lineBreak: false });
      doc.fillColor("#000");
      y += 16 + mm(1.5);
    }
    doc
      .moveTo(left, y)
      .lineTo(left + width, y)
      .lineWidth(1.2)
      .strokeColor("#000")
      .stroke();
    doc.x = left;
    doc.y = y + mm(2);
    contentTop = doc.y;
    if (continuing) itemBar(`${continuing.heading} (continued)`, continuing.status);
  }

  /** Starts a new page when `height` more points would run into the footer. */
  function room(height: number) {
    if (doc.y + height > limit) {
      doc.addPage();
      pageHeader();
    }
  }

  const LABEL_W = 72;
  const labelHeight = (label: string) =>
    doc
      .font(FONT.regular)
      .fontSize(7.5)
      .heightOfString(pdfText(label), { width: LABEL_W - 4 }) + 1.2;
  const valueHeight = (value: string, colW: number, size: number) =>
    doc
      .font(FONT.bold)
      .fontSize(size)
      .heightOfString(pdfText(value), { width: colW - LABEL_W });
  const rowHeight = ([label, value]: Row, colW: number, size: number) =>
    Math.max(11, labelHeight(label), valueHeight(value, colW, size)) + 2;
  const rowsHeight = (rows: Row[], colW: number, size = 9) =>
    rows.reduce((h, row) => h + rowHeight(row, colW, size), 0);

  /** Label-value rows in a column; answers the y below them. */
  function drawRows(rows: Row[], x: number, y: number, colW: number, size = 9): number {
    for (const row of rows) {
      const [label, value] = row;
      const h = rowHeight(row, colW, size);
      doc
        .font(FONT.regular)
        .fontSize(7.5)
        .fillColor(GREY)
        .text(pdfText(label), x, y + 1.2, { width: LABEL_W - 4 });
      doc
        .font(FONT.bold)
        .fontSize(size)
        .fillColor("#000")
        .text(pdfText(value), x + LABEL_W, y, { width: colW - LABEL_W });
      y += h;
    }
    return y;
  }

  function sectionTitle(title: string, x: number, y: number, colW: number) {
    doc.font(FONT.bold).fontSize(7.5).fillColor(GREY).text(title.toUpperCase(), x, y, {
      width: colW,
      characterSpacing: 1,
    });
    doc.fillColor("#000");
    return y + 11;
  }

  function drawRx(rx: NonNullable<DocketItem["rx"]>) {
    const head = ["", ...rx.head];
    const eyeW = 22;
    const prismW = width * 0.24;
    const otherW = (width - eyeW - prismW) / (head.length - 2);
    const colX = (i: number) => left + (i === 0 ? 0 : eyeW + (i - 1) * otherW);
    const colW = (i: number) => (i === 0 ? eyeW : i === head.length - 1 ? prismW : otherW);
    const rowH = 17;
    room(rowH * 3 + 30);
    let y = sectionTitle("Prescription", left, doc.y, width);
    doc.rect(left, y, width, rowH).fill(FILL);
    doc.fillColor("#000");
    head.forEach((h, i) => {
      doc
        .font(FONT.bold)
        .fontSize(8)
        .text(h, colX(i) + 3, y + 5, { width: colW(i) - 6, lineBreak: false });
    });
    y += rowH;
    for (const row of rx.rows) {
      row.forEach((cell, i) => {
        const prism = i === head.length - 1;
        doc
          .font(FONT.bold)
          .fontSize(prism ? 8.5 : 11)
          .text(pdfText(cell), colX(i) + 3, y + (prism ? 5 : 4), { width: colW(i) - 6, lineBreak: false });
      });
      y += rowH;
    }
    doc.lineWidth(0.6).strokeColor(RULE);
    doc.rect(left, y - rowH * 3, width, rowH * 3).stroke();
    for (let r = 1; r < 3; r++)
      doc
        .moveTo(left, y - rowH * r)
        .lineTo(left + width, y - rowH * r)
        .stroke();
    for (let i = 1; i < head.length; i++)
      doc
        .moveTo(colX(i), y - rowH * 3)
        .lineTo(colX(i), y)
        .stroke();
    doc.strokeColor("#000");
    doc.y = y + 3;
    if (rx.notes.length) {
      doc
        .font(FONT.regular)
        .fontSize(8)
        .fillColor(GREY)
        .text(pdfText(rx.notes.join("  ·  ")), left, doc.y, { width });
      doc.fillColor("#000");
    }
    doc.y += mm(1.5);
  }

  /** In place of the prescription and PD: a boxed line the workshop cannot miss (issue 24). */
  function drawReentry(text: string) {
    room(11 + 22 + mm(1.5));
    const y = sectionTitle("Prescription", left, doc.y, width);
    doc.lineWidth(1.2).rect(left, y, width, 22).stroke();
    doc
      .font("Helvetica-Bold")
      .fontSize(11)
      .text(pdfText(text), left + 6, y + 6, { width: width - 12, lineBreak: false });
    doc.lineWidth(0.6);
    doc.y = y + 22 + mm(1.5);
  }

  /** The black bar that starts an item (and restarts it on the next page when it runs over). */
  function itemBar(heading: string, status: string) {
    const y0 = doc.y;
    doc.rect(left, y0, width, 18).fill("#000");
    doc
      .fillColor("#fff")
      .font(FONT.bold)
      .fontSize(10)
      .text(pdfText(heading), left + 5, y0 + 4.5, { width: width * 0.62, lineBreak: false, ellipsis: true });
    doc
      .font(FONT.regular)
      .fontSize(8.5)
      .text(pdfText(status), left + width * 0.62, y0 + 5.5, {
        width: width * 0.38 - 5,
        align: "right",
        lineBreak: false,
      });
    doc.fillColor("#000");
    doc.y = y0 + 18 + mm(2);
  }

  /** What `drawItem` will take, so an item that fits on one page is never split across two. */
  function itemHeight(item: DocketItem) {
    const colW = (width - mm(4)) / 2;
    let h = 18 + mm(2) + mm(3.5);
    if (item.frame.length || item.lens.length)
      h += Math.max(rowsHeight(item.frame, colW), rowsHeight(item.lens, colW)) + 11 + mm(1.5);
    if (item.rx) h += 17 * 3 + 11 + 3 + (item.rx.notes.length ? 11 : 0) + mm(1.5);
    if (item.reentry) h += 11 + 22 + mm(1.5);
    for (const rows of [item.pd, item.contactLens])
      if (rows.length) h += rowsHeight(rows, width, 10) + 11 + mm(1);
    return h + item.warnings.length * 14 + (item.selection ? 12 : 0);
  }

  function drawItem(item: DocketItem) {
    const needed = itemHeight(item);
    room(needed <= limit - contentTop ? needed : 80);
    itemBar(item.heading, item.status);
    continuing = item;

    const colW = (width - mm(4)) / 2;
    if (item.frame.length || item.lens.length) {
      const h = Math.max(rowsHeight(item.frame, colW), rowsHeight(item.lens, colW)) + 12;
      room(h);
      const y = doc.y;
      const a = item.frame.length
        ? drawRows(item.frame, left, sectionTitle("Frame", left, y, colW), colW)
        : y;
      const bx = left + colW + mm(4);
      const b = item.lens.length ? drawRows(item.lens, bx, sectionTitle("Lens", bx, y, colW), colW) : y;
      doc.y = Math.max(a, b) + mm(1.5);
    }
    if (item.rx) drawRx(item.rx);
    if (item.reentry) drawReentry(item.reentry);
    for (const [title, rows] of [
      ["Pupil distance and heights", item.pd],
      ["Contact lenses", item.contactLens],
    ] as const) {
      if (!rows.length) continue;
      room(rowsHeight(rows, width, 10) + 12);
      doc.y = drawRows(rows, left, sectionTitle(title, left, doc.y, width), width, 10) + mm(1);
    }
    for (const warning of item.warnings) {
      room(14);
      doc
        .font(FONT.bold)
        .fontSize(9)
        .text(`! ${pdfText(warning)}`, left, doc.y, { width });
    }
    if (item.selection) {
      room(12);
      doc
        .font(FONT.regular)
        .fontSize(7.5)
        .fillColor(GREY)
        .text(pdfText(item.selection), left, doc.y + 1, { width });
    }
    doc.fillColor("#000");
    doc.y += mm(3.5);
    continuing = null;
  }

  pageHeader();
  doc.y = drawRows(docket.header, left, doc.y, width) + mm(2);
  for (const item of docket.items) drawItem(item);

  room(30);
  let y = sectionTitle("Lens orders", left, doc.y, width);
  if (!docket.lensOrders.length) {
    doc.font(FONT.regular).fontSize(9).text("No lens orders yet.", left, y, { width });
  } else {
    // The reference is what the workshop quotes to the lab: the widest column, never cut.
    const cols = [0.22, 0.24, 0.24, 0.3].map((f) => f * width);
    doc.y = y;
    [["Supplier", "State", "Ordered", "Reference"], ...docket.lensOrders].forEach((row, r) => {
      room(13);
      const rowY = doc.y;
      let x = left;
      for (const [i, cell] of row.entries()) {
        const text = pdfText(cell);
        const fit = cols[i] - 4;
        // A long value (an online invoice number, a lab's state name) shrinks to fit its cell
        // rather than wrapping into the next row or losing characters.
        let size = r === 0 ? 7.5 : 9;
        doc.font(r === 0 ? FONT.bold : FONT.regular);
        while (size > 6 && doc.fontSize(size).widthOfString(text) > fit) size -= 0.5;
        doc.fontSize(size).text(text, x, rowY, { width: fit, lineBreak: false, ellipsis: true });
        x += cols[i];
      }
      doc.y = rowY + 13;
    });
  }
  doc.y += mm(3);
  room(30);
  y = sectionTitle("Notes", left, doc.y, width);
  doc.font(FONT.regular).fontSize(9);
  if (!docket.notes.length) doc.text("No notes.", left, y, { width });
  else {
    doc.y = y;
    for (const note of docket.notes) {
      room(doc.heightOfString(pdfText(note), { width }) + 3);
      doc.text(pdfText(note), left, doc.y, { width });
      doc.y += 3;
    }
  }

  // Every page's foot: the barcode again, and where this sheet is in the docket.
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    // The foot is below the flowing text's margin: drawing there must not start another page.
    doc.page.margins.bottom = 0;
    const footY = pageH - MARGIN - BARCODE_H;
    doc
      .moveTo(left, footY - mm(2))
      .lineTo(left + width, footY - mm(2))
      .lineWidth(0.6)
      .strokeColor(RULE)
      .stroke();
    doc.image(barcode, left, footY, { fit: [barcodeW, BARCODE_H] });
    doc
      .font(FONT.regular)
      .fontSize(8)
      .fillColor("#000")
      .text(
        `${pdfText(docket.invoice)} · page ${i - range.start + 1} of ${range.count}`,
        left + barcodeW,
        footY + BARCODE_H - 9,
        {
          width: width - barcodeW,
          align: "right",
          lineBreak: false,
        },
      );
  }
  doc.end();
  return bytes;
}
