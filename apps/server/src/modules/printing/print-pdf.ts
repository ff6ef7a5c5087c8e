import bwipjs from "bwip-js/node";

export { FONT, newPdf, pdfText } from "../../platform/pdf/pdf-document";

/** Millimetres to PDF points. */
export const mm = (n: number) => (n * 72) / 25.4;

/** A5 and A4 portrait, in points. */
export const PAPER_SIZES = { A5: [mm(148), mm(210)], A4: [mm(210), mm(297)] } as const;

/** A Code 128 barcode as a PNG, for pdfkit's `image`. Bars only: the PDF prints the text itself, larger. */
export function code128(text: string, heightMm: number): Promise<Buffer> {
  return bwipjs.toBuffer({ bcid: "code128", text, scale: 3, height: heightMm, includetext: false });
}

/** The largest font size (down to `min`) at which `text` fits `width` on one line. */
export function fitFontSize(doc: PDFKit.PDFDocument, text: string, width: number, max: number, min: number) {
  for (let size = max; size > min; size -= 0.5) {
    if (doc.fontSize(size).widthOfString(text) <= width) return size;
  }
  return min;
}
