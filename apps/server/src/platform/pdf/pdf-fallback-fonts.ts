import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import PDFDocument from "pdfkit";

/*
 * Fonts for the scripts DejaVu lacks (issue 52): a customer named 王 小明, 김민준, 山田 花子, प्रिया,
 * สมชาย, محمد or דוד prints in their own script on the tray label, the docket and every other PDF.
 * Noto fonts (SIL Open Font License 1.1) from npm packages, so a fresh clone's `npm ci` has them and
 * the server never reads the OS's font folders: `@embedpdf/fonts-*` (Noto Sans SC, JP, KR, Hebrew
 * and Noto Naskh Arabic) and `@expo-google-fonts/noto-sans-{thai,devanagari}`. Each is read from
 * disk only the first time a text needs it, and pdfkit embeds only the glyphs a document uses.
 */

export type FallbackScript = "arabic" | "hebrew" | "devanagari" | "thai" | "jp" | "kr" | "sc";

const require = createRequire(import.meta.url);
/** The folder of an installed package (the `@embedpdf` ones export only their code, not their fonts). */
const packageDir = (name: string) => {
  const main = require.resolve(name);
  return main.slice(0, main.lastIndexOf(`${path.sep}node_modules${path.sep}`) + 1) + `node_modules/${name}`;
};
const embedpdf = (pkg: string, file: string) => () =>
  path.join(packageDir(`@embedpdf/${pkg}`), "fonts", file);
const expo = (pkg: string, file: string) => () => require.resolve(`@expo-google-fonts/${pkg}/${file}`);

const FILES: Record<FallbackScript, { regular: () => string; bold: () => string }> = {
  arabic: {
    regular: embedpdf("fonts-arabic", "NotoNaskhArabic-Regular.ttf"),
    bold: embedpdf("fonts-arabic", "NotoNaskhArabic-Bold.ttf"),
  },
  hebrew: {
    regular: embedpdf("fonts-hebrew", "NotoSansHebrew-Regular.ttf"),
    bold: embedpdf("fonts-hebrew", "NotoSansHebrew-Bold.ttf"),
  },
  devanagari: {
    regular: expo("noto-sans-devanagari", "400Regular/NotoSansDevanagari_400Regular.ttf"),
    bold: expo("noto-sans-devanagari", "700Bold/NotoSansDevanagari_700Bold.ttf"),
  },
  thai: {
    regular: expo("noto-sans-thai", "400Regular/NotoSansThai_400Regular.ttf"),
    bold: expo("noto-sans-thai", "700Bold/NotoSansThai_700Bold.ttf"),
  },
  jp: {
    regular: embedpdf("fonts-jp", "NotoSansJP-Regular.otf"),
    bold: embedpdf("fonts-jp", "NotoSansJP-Bold.otf"),
  },
  kr: {
    regular: embedpdf("fonts-kr", "NotoSansKR-Regular.otf"),
    bold: embedpdf("fonts-kr", "NotoSansKR-Bold.otf"),
  },
  sc: {
    regular: embedpdf("fonts-sc", "NotoSansHans-Regular.otf"),
    bold: embedpdf("fonts-sc", "NotoSansHans-Bold.otf"),
  },
};

const bytes = new Map<string, Buffer>();
/** A fallback font's file, read once per process. */
export function fallbackFontBytes(script: FallbackScript, bold: boolean): Buffer {
  const file = FILES[script][bold ? "bold" : "regular"]();
  let b = bytes.get(file);
  if (!b) {
    b = fs.readFileSync(file);
    bytes.set(file, b);
  }
  return b;
}

/** The name a document registers a fallback under. */
export const fallbackFontName = (script: FallbackScript, bold: boolean) =>
  `Fallback-${script}${bold ? "-Bold" : ""}`;

interface GlyphCoverage {
  hasGlyphForCodePoint(codePoint: number): boolean;
}
const coverage = new Map<FallbackScript, GlyphCoverage>();
/** Whether a fallback font draws this code point (its regular cut, parsed once by pdfkit's fontkit). */
export function fallbackDraws(script: FallbackScript, codePoint: number): boolean {
  let c = coverage.get(script);
  if (!c) {
    const doc = new PDFDocument();
    doc.registerFont("probe", fallbackFontBytes(script, false));
    c = (doc.font("probe") as unknown as { _font: { font: GlyphCoverage } })._font.font;
    coverage.set(script, c);
  }
  return c.hasGlyphForCodePoint(codePoint);
}

/**
 * The script a character must be drawn in, when it is one of the fallbacks' (null: any font that
 * has it). Han characters are ambiguous: a text with kana is Japanese, with Hangul Korean,
 * otherwise Chinese; each font is tried after the preferred one.
 */
export function scriptOf(c: string, context: string): FallbackScript | null {
  if (/\p{Script=Arabic}/u.test(c)) return "arabic";
  if (/\p{Script=Hebrew}/u.test(c)) return "hebrew";
  if (/\p{Script=Devanagari}/u.test(c)) return "devanagari";
  if (/\p{Script=Thai}/u.test(c)) return "thai";
  if (/\p{Script=Hangul}/u.test(c)) return "kr";
  if (/[\p{Script=Hiragana}\p{Script=Katakana}]/u.test(c)) return "jp";
  if (/\p{Script=Han}/u.test(c) || /[\u3000-\u303f\uff00-\uffef]/.test(c)) {
    if (/[\p{Script=Hiragana}\p{Script=Katakana}]/u.test(context)) return "jp";
    if (/\p{Script=Hangul}/u.test(context)) return "kr";
    return "sc";
  }
  return null;
}

/** The fallbacks in the order a character with no script of its own tries them. */
export const FALLBACK_ORDER: FallbackScript[] = ["sc", "jp", "kr", "arabic", "hebrew", "devanagari", "thai"];
