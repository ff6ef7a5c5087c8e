import { inflateSync } from "node:zlib";

/**
 * The text a PDF prints: pdfkit writes Helvetica text as hex strings inside deflated content
 * streams, one TJ array per run, split where it kerns.
 */
export function pdfText(bytes: Buffer): string {
  const raw = bytes.toString("latin1");
  const out: string[] = [];
  for (const m of raw.matchAll(/stream\r?\n/g)) {
    const start = (m.index ?? 0) + m[0].length;
    const end = raw.indexOf("endstream", start);
    let content: string;
    try {
      content = inflateSync(bytes.subarray(start, end)).toString("latin1");
    } catch {
      continue;
    }
    for (const tj of content.matchAll(/\[([^\]]*)\]\s*TJ/g))
      out.push(
        [...tj[1].matchAll(/<([0-9a-fA-F]*)>/g)]
          .map((h) => Buffer.from(h[1], "hex").toString("latin1"))
          .join(""),
      );
  }
  return out.join("\n");
}
