import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { docketContent, type PrintJobFacts, trayLabelContent } from "@loupe/domain";
import { afterAll, describe, expect, it } from "vitest";
import { pdfText as printable, textRuns } from "../../platform/pdf/pdf-document";
import { hasPdftotext } from "../../test/pdf-text";
import { renderDocketPdf } from "./docket-pdf";
import { renderTrayLabelPdf } from "./tray-label-pdf";

/**
 * Names in every script (issue 52): a name DejaVu cannot draw prints in a Noto font of its script,
 * embedded as a subset, and reads back with poppler's `pdftotext` as a PDF reader copies it.
 * PRINT_OUT=<dir> keeps the files to look at.
 */
const NAMES = {
  chinese: { firstName: "小明", lastName: "王" },
  japanese: { firstName: "さくら", lastName: "山田" },
  korean: { firstName: "민준", lastName: "김" },
  arabic: { firstName: "محمد", lastName: "العلي" },
  hebrew: { firstName: "דוד", lastName: "כהן" },
  devanagari: { firstName: "प्रिया", lastName: "शर्मा" },
  thai: { firstName: "สมชาย", lastName: "ใจดี" },
} as const;

const job = (name: { firstName: string; lastName: string }): PrintJobFacts => ({
  id: 1,
  uid: "JSCRIPT1",
  invoice: "BRN-SCRIPT-1",
  priority: 1,
  createdAt: "2026-11-24T23:00:00Z",
  dueDate: null,
  status: "New Order",
  customer: { ...name, guest: false },
  outlet: { name: "Brunswick", abbreviation: "BRN" },
  timeZone: "Australia/Melbourne",
  brand: "Loupe",
  items: [],
  notes: [
    {
      content: `Collect: ${name.firstName} ${name.lastName}`,
      createdAt: "2026-11-25T01:00:00Z",
      by: "Zoë Brontë",
    },
  ],
  lensOrders: [],
});

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "loupe-pdf-scripts-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function pdftotext(name: string, bytes: Buffer): string {
  const file = path.join(dir, `${name}.pdf`);
  fs.writeFileSync(file, bytes);
  if (process.env.PRINT_OUT) fs.copyFileSync(file, path.join(process.env.PRINT_OUT, `${name}.pdf`));
  return execFileSync("pdftotext", ["-enc", "UTF-8", file, "-"], { encoding: "utf8" });
}

describe.skipIf(!hasPdftotext)("names in every script print on the tray label and the docket", () => {
  it.each(Object.entries(NAMES))("%s", async (script, name) => {
    const labelBytes = await renderTrayLabelPdf(trayLabelContent(job(name)));
    const label = pdftotext(`tray-label-${script}`, labelBytes);
    const docketBytes = await renderDocketPdf(docketContent(job(name), "2026-11-25T02:00:00Z"), "A5");
    const docket = pdftotext(`docket-${script}`, docketBytes);
    expect(label).not.toContain("?");
    expect(label).toContain(name.lastName);
    // Read in reading order, right-to-left names included (poppler marks those with U+202B…U+202C).
    expect(docket.replace(/[\u202a-\u202e]/g, "").replace(/\s+/g, " ")).toContain(
      `${name.firstName} ${name.lastName}`,
    );
    expect(docket).toContain("Collect:");
    // The script's font is embedded as a subset: the label stays small, never the whole font.
    expect(labelBytes.toString("latin1")).toMatch(/\/BaseFont \/[A-Z]{6}\+Noto/);
    expect(labelBytes.length).toBeLessThan(120_000);
    expect(docketBytes.length).toBeLessThan(120_000);
  });
});

describe("text runs by script", () => {
  it("keeps Latin whole, gives Han to the Japanese font beside kana and to the Chinese one alone", () => {
    expect(textRuns("Tūhoe Nguyễn")).toEqual([{ script: null, text: "Tūhoe Nguyễn" }]);
    expect(textRuns("王 小明").map((r) => r.script)).toEqual(["sc"]);
    expect(textRuns("山田 さくら").map((r) => r.script)).toEqual(["jp"]);
    expect(textRuns("Collect: محمد العلي")).toEqual([
      { script: null, text: "Collect: " },
      { script: "arabic", text: "محمد العلي" },
    ]);
  });

  it("keeps what no font draws as '?' and everything a fallback draws as written", () => {
    expect(printable("王 小明 · 김민준 · สมชาย")).toBe("王 小明 · 김민준 · สมชาย");
    expect(printable("\u{10FFFD}")).toBe("?");
  });
});
