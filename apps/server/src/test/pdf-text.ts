import { execFileSync } from "node:child_process";
import { inflateSync } from "node:zlib";

/**
 * Whether poppler's `pdftotext` is on this machine (`.ci/run` installs it; a fresh machine may lack
 * it): the tests that must read a PDF as a reader does use it, the others this file's own reader.
 */
export const hasPdftotext = (() => {
  try {
    execFileSync("pdftotext", ["-v"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
})();

/** Every `N 0 obj … endobj` of a PDF: its dictionary text and its (inflated) stream. */
function readObjects(bytes: Buffer) {
  const raw = bytes.toString("latin1");
  const objects = new Map<number, { dict: string; stream?: string }>();
  for (const m of raw.matchAll(/(\d+) 0 obj\b/g)) {
    const start = (m.index ?? 0) + m[0].length;
    const end = raw.indexOf("endobj", start);
    const body = raw.slice(start, end);
    const at = body.search(/stream\r?\n/);
    if (at < 0) {
      objects.set(Number(m[1]), { dict: body });
      continue;
    }
    const head = body.slice(0, at);
    const dataStart = start + at + (body.slice(at).startsWith("stream\r\n") ? 8 : 7);
    const dataEnd = raw.indexOf("endstream", dataStart);
    const data = bytes.subarray(dataStart, dataEnd);
    let stream: string;
    try {
      stream = /\/FlateDecode/.test(head) ? inflateSync(data).toString("latin1") : data.toString("latin1");
    } catch {
      stream = "";
    }
    objects.set(Number(m[1]), { dict: head, stream });
  }
  return objects;
}

const hexText = (hex: string) =>
  String.fromCodePoint(...(hex.match(/.{4}/g) ?? []).map((h) => Number.parseInt(h, 16)));

/** A ToUnicode CMap: the code of each glyph (as hex) → the text it prints. */
function readCMap(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const r of block[1].matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\[[^\]]*\]|<[0-9a-fA-F]+>)/g)) {
      const from = Number.parseInt(r[1], 16);
      const to = Number.parseInt(r[2], 16);
      if (r[3].startsWith("[")) {
        // A ligature's entry holds two code points, which pdfkit writes with a space: <0066 0069>.
        [...r[3].matchAll(/<([0-9a-fA-F\s]+)>/g)].forEach((t, i) => {
          map.set(from + i, hexText(t[1].replace(/\s/g, "")));
        });
      } else {
        const first = Number.parseInt(r[3].slice(1, -1), 16);
        for (let c = from; c <= to; c++) map.set(c, String.fromCodePoint(first + c - from));
      }
    }
  }
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g))
    for (const r of block[1].matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F\s]+)>/g))
      map.set(Number.parseInt(r[1], 16), hexText(r[2].replace(/\s/g, "")));
  return map;
}

/**
 * The text a PDF prints, one line per text run (TJ), split where it kerns. pdfkit writes the
 * built-in fonts' text as WinAnsi hex bytes, and an embedded font's as two-byte glyph codes that
 * the font's ToUnicode map turns back into text.
 */
export function pdfText(bytes: Buffer): string {
  const objects = readObjects(bytes);
  // Font resource names (pdfkit numbers them once per document: /F1, /F2…) → their ToUnicode maps.
  const fonts = new Map<string, Map<number, string> | null>();
  for (const { dict } of objects.values()) {
    for (const f of dict.matchAll(/\/(F\d+)\s+(\d+) 0 R/g)) {
      const toUnicode = /\/ToUnicode\s+(\d+) 0 R/.exec(objects.get(Number(f[2]))?.dict ?? "");
      const cmap = toUnicode ? objects.get(Number(toUnicode[1]))?.stream : undefined;
      fonts.set(f[1], cmap ? readCMap(cmap) : null);
    }
  }
  const out: string[] = [];
  for (const { stream } of objects.values()) {
    if (!stream) continue;
    let font: Map<number, string> | null = null;
    for (const op of stream.matchAll(/\/(F\d+)\s+[\d.]+\s+Tf|\[([^\]]*)\]\s*TJ/g)) {
      if (op[1]) {
        font = fonts.get(op[1]) ?? null;
        continue;
      }
      const hexes = [...op[2].matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => h[1]);
      out.push(
        hexes
          .map((h) =>
            font
              ? (h.match(/.{4}/g) ?? []).map((code) => font?.get(Number.parseInt(code, 16)) ?? "").join("")
              : Buffer.from(h, "hex").toString("latin1"),
          )
          .join(""),
      );
    }
  }
  return out.join("\n");
}
