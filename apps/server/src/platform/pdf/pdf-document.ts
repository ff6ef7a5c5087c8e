import fs from "node:fs";
import { createRequire } from "node:module";
import PDFDocument from "pdfkit";

/**
 * The fonts every PDF prints with (dockets, tray labels, shipping labels, lens order sheets,
 * demo letters): DejaVu Sans, (its condensed cut, about as wide as Helvetica), embedded and subset by pdfkit. pdfkit's built-in Helvetica only
 * has WinAnsi, so "Tūhoe", "Łukasz Żółć" or "Nguyễn" printed as "Tuhoe", "?ukasz" or "Nguy?n".
 * DejaVu covers Latin (Extended A, B and Additional, so Māori, Polish, Vietnamese, French), Greek
 * and Cyrillic.
 */
export const FONT = { regular: "Body", bold: "Body-Bold" } as const;

// The files come from the `dejavu-fonts-ttf` package, resolved like any other dependency: the
// production bundle keeps third-party packages external (apps/server/build.mjs), so this finds
// node_modules from src/ under tsx and from dist/ alike, and never reads the OS's font folders.
const require = createRequire(import.meta.url);
let fontBytes: Record<keyof typeof FONT, Buffer> | undefined;
function fonts() {
  fontBytes ??= {
    regular: fs.readFileSync(require.resolve("dejavu-fonts-ttf/ttf/DejaVuSansCondensed.ttf")),
    bold: fs.readFileSync(require.resolve("dejavu-fonts-ttf/ttf/DejaVuSansCondensed-Bold.ttf")),
  };
  return fontBytes;
}

/** A pdfkit document with the fonts registered and the regular one selected. */
export function createPdfDocument(options: PDFKit.PDFDocumentOptions = {}): PDFKit.PDFDocument {
  const doc = new PDFDocument({ ...options, info: { Producer: "Loupe", Creator: "Loupe", ...options.info } });
  const f = fonts();
  doc.registerFont(FONT.regular, f.regular);
  doc.registerFont(FONT.bold, f.bold);
  return doc.font(FONT.regular);
}

/** A new document and the promise of its bytes once `end()` is called. */
export function newPdf(options: PDFKit.PDFDocumentOptions) {
  const doc = createPdfDocument(options);
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  const bytes = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  return { doc, bytes };
}

interface GlyphCoverage {
  hasGlyphForCodePoint(codePoint: number): boolean;
}
let coverage: GlyphCoverage | undefined;
/** Whether the embedded font draws this character (pdfkit's fontkit font, read once). */
function drawable(c: string): boolean {
  coverage ??= (createPdfDocument() as unknown as { _font: { font: GlyphCoverage } })._font.font;
  return coverage.hasGlyphForCodePoint(c.codePointAt(0) ?? 0);
}

/**
 * Text as the PDF's font can print it: names as written; a character the font lacks (a CJK
 * name, say) loses its accents if that makes it printable, else becomes "?", never a blank box.
 */
export function pdfText(text: string): string {
  let out = "";
  for (const c of text.replace(/[\r\t]/g, " ")) {
    if (c === "\n" || drawable(c)) out += c;
    else {
      const folded = c.normalize("NFD").replace(/\p{M}/gu, "");
      out += folded && [...folded].every(drawable) ? folded : "?";
    }
  }
  return out;
}
