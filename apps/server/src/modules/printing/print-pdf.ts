import bwipjs from "bwip-js/node";
import PDFDocument from "pdfkit";

/** Millimetres to PDF points. */
export const mm = (n: number) => (n * 72) / 25.4;

/** A5 and A4 portrait, in points. */
export const PAPER_SIZES = { A5: [mm(148), mm(210)], A4: [mm(210), mm(297)] } as const;

// pdfkit's built-in Helvetica writes WinAnsi (Latin-1 plus a few marks): anything else would
// print as garbage, so accents outside it are folded (ā → a) and the rest become "?".
const WIN_ANSI_EXTRA = new Set("€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ");
const printable = (c: string) => {
  const code = c.codePointAt(0) ?? 0;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(c);
};

/** Text as the PDF's built-in fonts can print it. */
export function pdfText(text: string): string {
  let out = "";
  for (const c of text.replace(/[\r\t]/g, " ")) {
    if (c === "\n" || printable(c)) out += c;
    else {
      const folded = c.normalize("NFD").replace(/\p{M}/gu, "");
      out += [...folded].every(printable) && folded ? folded : "?";
    }
  }
  return out;
}

/** A Code 128 barcode as a PNG, for pdfkit's `image`. Bars only: the PDF prints the text itself, larger. */
export function code128(text: string, heightMm: number): Promise<Buffer> {
  return bwipjs.toBuffer({ bcid: "code128", text, scale: 3, height: heightMm, includetext: false });
}

/** A new document and the promise of its bytes once `end()` is called. */
export function newPdf(options: PDFKit.PDFDocumentOptions) {
  const doc = new PDFDocument({ ...options, info: { Producer: "Loupe", Creator: "Loupe", ...options.info } });
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  const bytes = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  return { doc, bytes };
}

/** The largest font size (down to `min`) at which `text` fits `width` on one line. */
export function fitFontSize(doc: PDFKit.PDFDocument, text: string, width: number, max: number, min: number) {
  for (let size = max; size > min; size -= 0.5) {
    if (doc.fontSize(size).widthOfString(text) <= width) return size;
  }
  return min;
}
