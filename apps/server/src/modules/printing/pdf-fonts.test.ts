import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { docketContent, type PrintJobFacts, trayLabelContent } from "@loupe/domain";
import { afterAll, describe, expect, it } from "vitest";
import { renderLabelPdf } from "../../integrations/couriers/label-pdf";
import { hasPdftotext, pdfText } from "../../test/pdf-text";
import { renderDocketPdf } from "./docket-pdf";
import { renderTrayLabelPdf } from "./tray-label-pdf";

/**
 * Names print as written (issue 33): the PDFs embed a font with Latin Extended (Māori macrons,
 * Polish, Vietnamese, French), not Helvetica's WinAnsi. Read back by poppler's `pdftotext`, the
 * way any PDF reader copies the text; PRINT_OUT=<dir> keeps the files to look at.
 */
const NAME = { firstName: "Tūhoe", lastName: "Nguyễn-Żółć" };
const NOTE = "Łukasz Żółć collects; lunettes prêtes à récupérer — élève Ōtautahi";

const job: PrintJobFacts = {
  id: 1,
  uid: "JFONT1",
  invoice: "BRN-FONT-1",
  priority: 1,
  createdAt: "2026-11-24T23:00:00Z",
  dueDate: null,
  status: "New Order",
  customer: { ...NAME, guest: false },
  outlet: { name: "Brunswick", abbreviation: "BRN" },
  timeZone: "Australia/Melbourne",
  brand: "Loupe",
  items: [],
  notes: [{ content: NOTE, createdAt: "2026-11-25T01:00:00Z", by: "Zoë Brontë" }],
  lensOrders: [],
};

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "loupe-pdf-fonts-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** The text poppler reads from a PDF. */
function pdftotext(name: string, bytes: Buffer): string {
  const file = path.join(dir, `${name}.pdf`);
  fs.writeFileSync(file, bytes);
  if (process.env.PRINT_OUT) fs.copyFileSync(file, path.join(process.env.PRINT_OUT, `${name}.pdf`));
  return execFileSync("pdftotext", ["-enc", "UTF-8", file, "-"], { encoding: "utf8" });
}

// Read back as a PDF reader does, by poppler: `.ci/run` installs it; without it the file is skipped.
describe.skipIf(!hasPdftotext)("PDFs print names as written", () => {
  it("a tray label prints the surname with its letters (NGUYỄN-ŻÓŁĆ)", async () => {
    const bytes = await renderTrayLabelPdf(trayLabelContent(job));
    const text = pdftotext("tray-label", bytes);
    expect(text).toContain("NGUYỄN-ŻÓŁĆ");
    expect(pdfText(bytes)).toContain("NGUYỄN-ŻÓŁĆ");
    // Embedded, so every reader draws the same letters.
    expect(bytes.toString("latin1")).toMatch(/\/FontFile2/);
  });

  it.each(["A5", "A4"] as const)(
    "a %s docket prints “Tūhoe Nguyễn-Żółć” and French notes exactly",
    async (paper) => {
      const bytes = await renderDocketPdf(docketContent(job, "2026-11-25T02:00:00Z"), paper);
      const text = pdftotext(`docket-${paper}`, bytes).replace(/\s+/g, " ");
      expect(text).toContain("Tūhoe Nguyễn-Żółć");
      expect(text).toContain(NOTE);
      expect(text).toContain("Zoë Brontë");
      expect(pdfText(bytes)).toContain("Tūhoe Nguyễn-Żółć");
    },
  );

  it("a shipping label prints the receiver as written", async () => {
    const address = {
      lines: ["12 Rue Sainte-Cécile"],
      suburb: "Ōtautahi",
      state: "",
      postcode: "8011",
      country: "NZ",
    };
    const bytes = await renderLabelPdf({
      carrier: "Local courier",
      productName: "Parcel",
      trackingNumber: "LC000001",
      reference: "BRN-FONT-1",
      sender: { ...address, name: "Loupe Brunswick" },
      receiver: { ...address, name: "Tūhoe Nguyễn-Żółć" },
      parcel: { weight: 1, quantity: 1, length: 20, width: 10, height: 5 },
      deliveryInstruction: "AUTHORITY_TO_LEAVE",
      createdAt: new Date("2026-11-25T02:00:00Z"),
    });
    const text = pdftotext("shipping-label", bytes);
    expect(text).toContain("Tūhoe Nguyễn-Żółć");
    expect(text).toContain("12 Rue Sainte-Cécile");
  });
});
