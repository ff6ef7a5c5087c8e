// Reading an import's file, streamed, whatever its size (issue 46). CSV goes through iconv-lite
// (UTF-8 or Windows-1252, BOM dropped) into csv-parse's streaming parser; XLSX through exceljs's
// streaming WorkbookReader. exceljs rather than fflate + a SAX parser of our own: it already knows
// shared and inline strings, date cells by their number format, rich text and formula results, and
// reads a sheet row by row from the zip stream (only the shared strings are held, as Excel itself
// writes them once per distinct text). Only the first sheet is read.

import { createHash } from "node:crypto";
import type { Readable } from "node:stream";
import { parse as parseCsv } from "csv-parse";
import ExcelJS from "exceljs";
import iconv from "iconv-lite";

export type ImportFormat = "csv" | "xlsx";
export type ImportEncoding = "utf-8" | "windows-1252";

/** What the upload learnt of the file while storing it. */
export interface FileFacts {
  bytes: number;
  sha256: string;
  format: ImportFormat;
  encoding: ImportEncoding;
  delimiter: string | null;
}

export interface FileRow {
  /** The file's line (the header is line 1). */
  line: number;
  cells: string[];
}

const HEAD_BYTES = 64 * 1024;
const DELIMITERS = [",", ";", "\t", "|"] as const;

/**
 * Watches the bytes going to the store: their count and SHA-256, the first 64 KB for the
 * delimiter, and whether the whole file decodes as UTF-8 (one streaming decoder, nothing kept).
 */
export function fileWatcher() {
  const hash = createHash("sha256");
  const utf8 = new TextDecoder("utf-8", { fatal: true });
  let bytes = 0;
  let validUtf8 = true;
  const head: Buffer[] = [];
  let headBytes = 0;
  return {
    take(chunk: Buffer) {
      hash.update(chunk);
      bytes += chunk.length;
      if (headBytes < HEAD_BYTES) {
        head.push(chunk.subarray(0, HEAD_BYTES - headBytes));
        headBytes += Math.min(chunk.length, HEAD_BYTES - headBytes);
      }
      if (validUtf8) {
        try {
          utf8.decode(chunk, { stream: true });
        } catch {
          validUtf8 = false;
        }
      }
    },
    facts(): FileFacts {
      if (validUtf8) {
        try {
          utf8.decode(); // a multi-byte character cut off at the end
        } catch {
          validUtf8 = false;
        }
      }
      const first = Buffer.concat(head);
      const isXlsx = first.length >= 4 && first.readUInt32BE(0) === 0x504b0304;
      const encoding: ImportEncoding = validUtf8 ? "utf-8" : "windows-1252";
      return {
        bytes,
        sha256: hash.digest("hex"),
        format: isXlsx ? "xlsx" : "csv",
        encoding,
        delimiter: isXlsx ? null : detectDelimiter(iconv.decode(first, encoding)),
      };
    },
  };
}

/** How many times `d` occurs outside quotes in a line. */
function countOutsideQuotes(line: string, d: string): number {
  let n = 0;
  let quoted = false;
  for (const ch of line) {
    if (ch === '"') quoted = !quoted;
    else if (ch === d && !quoted) n++;
  }
  return n;
}

/**
 * The delimiter that splits the first lines into the same number of cells, the most cells if
 * several do; else the one most found on every line. A file of one column: ",".
 */
export function detectDelimiter(text: string): string {
  const lines = text
    .replace(/^\uFEFF/, "")
    .split(/\r?\n/)
    .slice(0, 11)
    .filter((l, i, all) => l.trim() !== "" && (i < all.length - 1 || all.length === 1));
  let best: string = ",";
  let bestScore = 0;
  for (const d of DELIMITERS) {
    const counts = lines.map((l) => countOutsideQuotes(l, d));
    if (!counts.length || counts[0] === 0) continue;
    const steady = counts.every((c) => c === counts[0]);
    const score = steady ? counts[0] * 1000 : Math.min(...counts);
    if (score > bestScore) {
      best = d;
      bestScore = score;
    }
  }
  return best;
}

/** A spreadsheet cell as text: dates as YYYY-MM-DD (the date reader takes ISO whatever the column's format). */
function xlsxCellText(v: unknown): string {
  if (v === null || v === undefined) return "";
  if (v instanceof Date) {
    const iso = v.toISOString();
    return iso.endsWith("T00:00:00.000Z") ? iso.slice(0, 10) : iso.slice(0, 19).replace("T", " ");
  }
  if (typeof v === "object") {
    const o = v as { richText?: { text: string }[]; text?: unknown; result?: unknown; error?: string };
    if (o.richText) return o.richText.map((r) => r.text).join("");
    if (o.result !== undefined) return xlsxCellText(o.result);
    if (o.text !== undefined) return xlsxCellText(o.text);
    if (o.error) return "";
    return "";
  }
  return String(v);
}

async function* xlsxRows(stream: Readable): AsyncGenerator<FileRow> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(stream, {
    sharedStrings: "cache",
    styles: "cache",
    hyperlinks: "ignore",
    worksheets: "emit",
    entries: "emit",
  });
  for await (const sheet of reader) {
    for await (const row of sheet) {
      const values = (row.values ?? []) as unknown[];
      const cells: string[] = [];
      for (let i = 1; i < values.length; i++) cells.push(xlsxCellText(values[i]));
      yield { line: row.number, cells };
    }
    return; // the first sheet only
  }
}

async function* csvRows(
  stream: Readable,
  encoding: ImportEncoding,
  delimiter: string,
): AsyncGenerator<FileRow> {
  const parser = parseCsv({
    delimiter,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    info: true,
  });
  stream.on("error", (err) => parser.destroy(err));
  stream.pipe(iconv.decodeStream(encoding, { stripBOM: true })).pipe(parser);
  for await (const rec of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
    yield { line: rec.info.lines, cells: rec.record };
  }
}

/**
 * The file's rows in order, header first, blank rows left out. The caller stops early by breaking
 * out of the loop (the stream is then destroyed, closing the file).
 */
export async function* fileRows(
  stream: Readable,
  meta: { format: ImportFormat; encoding: ImportEncoding; delimiter: string | null },
): AsyncGenerator<FileRow> {
  try {
    const rows =
      meta.format === "xlsx" ? xlsxRows(stream) : csvRows(stream, meta.encoding, meta.delimiter ?? ",");
    for await (const row of rows) {
      if (row.cells.every((c) => c.trim() === "")) continue;
      yield row;
    }
  } finally {
    stream.destroy();
  }
}

/** Header cells as column names: trimmed, a blank one named by its position, a repeated one numbered. */
export function columnNames(header: string[]): string[] {
  const seen = new Map<string, number>();
  return header.map((h, i) => {
    let name = h.trim().slice(0, 200) || `Column ${i + 1}`;
    const n = (seen.get(name) ?? 0) + 1;
    seen.set(name, n);
    if (n > 1) name = `${name} (${n})`;
    return name;
  });
}
