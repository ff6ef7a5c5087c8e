import fs from "node:fs";
import { createRequire } from "node:module";
import PDFDocument from "pdfkit";
import {
  FALLBACK_ORDER,
  type FallbackScript,
  fallbackDraws,
  fallbackFontBytes,
  fallbackFontName,
  scriptOf,
} from "./pdf-fallback-fonts";

/**
 * The fonts every PDF prints with (dockets, tray labels, shipping labels, lens order sheets,
 * demo letters): DejaVu Sans, (its condensed cut, about as wide as Helvetica), embedded and subset by pdfkit. pdfkit's built-in Helvetica only
 * has WinAnsi, so "Tūhoe", "Łukasz Żółć" or "Nguyễn" printed as "Tuhoe", "?ukasz" or "Nguy?n".
 * DejaVu covers Latin (Extended A, B and Additional, so Māori, Polish, Vietnamese, French), Greek
 * and Cyrillic. Other scripts (Chinese, Japanese, Korean, Arabic, Hebrew, Devanagari, Thai) are
 * drawn in a Noto font of their own, run by run (`pdf-fallback-fonts.ts`, issue 52).
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
  withFallbackFonts(doc);
  return doc.font(FONT.regular);
}

type TextOptions = PDFKit.Mixins.TextOptions;
/**
 * Devanagari's shaped glyphs are not in the order the text is read (a vowel sign drawn before its
 * consonant): its runs carry their text as written. Arabic and Hebrew are drawn right to left,
 * which readers (and pdftotext) already turn back into reading order word by word, so they don't.
 */
const REORDERED = new Set<FallbackScript>(["devanagari"]);
const RIGHT_TO_LEFT = new Set<FallbackScript>(["arabic", "hebrew"]);
/** A stretch of text drawn in one font: the document's own (null) or a script's fallback. */
interface Run {
  script: FallbackScript | null;
  text: string;
}

/**
 * Splits a text into runs by script: each character goes to the font of its script (Arabic to
 * Noto Naskh Arabic, Han to Noto Sans SC, JP or KR by the text around it…), else DejaVu when it has
 * it, else the first fallback that has it. Spaces, digits and punctuation stay in the run they are
 * in, so "محمد علي" is one run the font shapes and orders as a whole.
 */
export function textRuns(text: string): Run[] {
  // Most text is Latin, which DejaVu draws whole: no need to look at each character.
  if (/^[\u0020-\u024f\u2000-\u206f\n]*$/.test(text)) return [{ script: null, text }];
  const runs: Run[] = [];
  for (const c of text) {
    const cp = c.codePointAt(0) ?? 0;
    const own = scriptOf(c, text);
    let script: FallbackScript | null;
    if (own && fallbackDraws(own, cp)) script = own;
    else if (drawable(c)) {
      const last = runs[runs.length - 1];
      // A space or a mark between two words of one script belongs to them.
      script =
        last?.script && /[\p{Zs}\p{P}\p{M}\p{Nd}]/u.test(c) && fallbackDraws(last.script, cp)
          ? last.script
          : null;
    } else script = FALLBACK_ORDER.find((s) => fallbackDraws(s, cp)) ?? null;
    const last = runs[runs.length - 1];
    if (last && last.script === script) last.text += c;
    else runs.push({ script, text: c });
  }
  return runs;
}

/**
 * Teaches one document to draw text in any of our scripts: `text`, `widthOfString` and
 * `heightOfString` split a text that needs a fallback into runs and draw each in its font. A text
 * DejaVu draws whole goes straight to pdfkit, as before. A run-split text that fits its line is
 * placed run by run (left, centre or right as asked); a longer one flows as pdfkit's rich text
 * (`continued`), left to right.
 */
function withFallbackFonts(doc: PDFKit.PDFDocument) {
  const registered = new Set<string>();
  let current: string = FONT.regular;
  const font = doc.font.bind(doc);
  (doc as { font: unknown }).font = (name: string | Buffer, ...rest: unknown[]) => {
    if (typeof name === "string") current = name;
    return (font as (...a: unknown[]) => PDFKit.PDFDocument)(name, ...rest);
  };
  const fontOf = (script: FallbackScript | null, base: string) => {
    if (!script) return base;
    const bold = base === FONT.bold;
    const name = fallbackFontName(script, bold);
    if (!registered.has(name)) {
      doc.registerFont(name, fallbackFontBytes(script, bold));
      registered.add(name);
    }
    return name;
  };
  const needsFallback = (runs: Run[]) => runs.some((r) => r.script !== null);
  // While a split text is measured or drawn, pdfkit's own calls (its line wrapper measures words
  // through widthOfString) are about one run in the font already selected: pass them straight on.
  let inRuns = false;
  const width = doc.widthOfString.bind(doc);
  const runsWidth = (runs: Run[], options?: TextOptions) => {
    const base = current;
    let w = 0;
    for (const r of runs) {
      font(fontOf(r.script, base));
      w += width(r.text, options);
    }
    font(base);
    return w;
  };
  doc.widthOfString = (text: string, options?: TextOptions) => {
    if (inRuns) return width(text, options);
    const runs = textRuns(String(text));
    return needsFallback(runs) ? runsWidth(runs, options) : width(text, options);
  };
  const text = doc.text.bind(doc) as (...a: unknown[]) => PDFKit.PDFDocument;
  (doc as { text: unknown }).text = (str: unknown, ...args: unknown[]) => {
    if (inRuns) return text(str, ...args);
    const runs = typeof str === "string" ? textRuns(str) : [];
    if (!needsFallback(runs)) return text(str, ...args);
    inRuns = true;
    try {
      return drawRuns(runs, args);
    } finally {
      inRuns = false;
    }
  };
  /**
   * A run whose glyphs are not in reading order once shaped (Arabic and Hebrew drawn right to
   * left, Devanagari's vowel signs before their consonant) carries its text as written
   * (`/ActualText`), so a reader copying it, or `pdftotext`, gets the name in its logical order.
   */
  const spoken = (r: Run, draw: () => void) => {
    if (!r.script || !REORDERED.has(r.script)) return draw();
    doc.markContent("Span", { actual: r.text } as never);
    draw();
    doc.endMarkedContent();
  };
  function drawRuns(runs: Run[], args: unknown[]) {
    let x: number | undefined;
    let y: number | undefined;
    let options: TextOptions = {};
    if (typeof args[0] === "object" && args[0] !== null) options = args[0] as TextOptions;
    else {
      x = args[0] as number | undefined;
      y = args[1] as number | undefined;
      options = (args[2] as TextOptions | undefined) ?? {};
    }
    const base = current;
    const startX = x ?? doc.x;
    const startY = y ?? doc.y;
    const room = options.width ?? doc.page.width - doc.page.margins.right - startX;
    const total = runsWidth(runs, options);
    if (options.lineBreak === false || total <= room) {
      const offset =
        options.align === "center" ? (room - total) / 2 : options.align === "right" ? room - total : 0;
      let cx = startX + Math.max(0, offset);
      const { width: _w, align: _a, continued: _c, ...rest } = options;
      const single = { ...rest, lineBreak: false };
      for (const r of runs) {
        font(fontOf(r.script, base));
        const w = width(r.text, options);
        if (r.script && RIGHT_TO_LEFT.has(r.script)) {
          // Word by word from the right edge of the run: the first word rightmost, as it is read,
          // each shaped on its own, with the gap a reader (and pdftotext) takes for a space.
          let right = cx + w;
          for (const word of r.text.split(/(\s+)/)) {
            right -= width(word, options);
            if (word.trim()) text(word, right, startY, single);
          }
        } else spoken(r, () => text(r.text, cx, startY, single));
        cx += w;
      }
      font(base);
      doc.x = startX;
      doc.y = startY + doc.currentLineHeight(true) + (options.lineGap ?? 0);
      return doc;
    }
    runs.forEach((r, i) => {
      font(fontOf(r.script, base));
      const last = i === runs.length - 1;
      const opts = { ...options, continued: last ? options.continued : true };
      spoken(r, () => (i === 0 ? text(r.text, startX, startY, opts) : text(r.text, opts)));
    });
    font(base);
    return doc;
  }
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
 * Text as the PDF's fonts can print it: names as written, in any script a font here draws (the
 * fallbacks included); a character none has loses its accents if that makes it printable, else
 * becomes "?", never a blank box.
 */
export function pdfText(text: string): string {
  let out = "";
  for (const c of text.replace(/[\r\t]/g, " ")) {
    if (c === "\n" || drawable(c) || anyFallbackDraws(c)) out += c;
    else {
      const folded = c.normalize("NFD").replace(/\p{M}/gu, "");
      out += folded && [...folded].every(drawable) ? folded : "?";
    }
  }
  return out;
}

/** Whether a fallback font draws this character (an emoji or an unassigned code point: none does). */
function anyFallbackDraws(c: string): boolean {
  const cp = c.codePointAt(0) ?? 0;
  const own = scriptOf(c, c);
  return own ? fallbackDraws(own, cp) : FALLBACK_ORDER.some((s) => fallbackDraws(s, cp));
}

/** A thin grey line across the page's text width under a table's head or above its totals. */
export function ruleAcross(doc: PDFKit.PDFDocument, left: number, width: number): void {
  doc
    .moveTo(left, doc.y)
    .lineTo(left + width, doc.y)
    .lineWidth(0.6)
    .strokeColor("#888")
    .stroke();
  doc.y += 4;
}
