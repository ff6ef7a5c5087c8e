import { describe, expect, it } from "vitest";
import { pdfText } from "../../test/pdf-text";
import { renderDocketPdf } from "./docket-pdf";

const docket = (reference: string) => ({
  barcode: "PAR-100827",
  invoice: "PAR-100827",
  jobNumber: "100827",
  urgent: false,
  header: [["Customer", "Ada Lovelace"]] as [string, string][],
  items: [],
  lensOrders: [["Hoya", "In production (Hoya code 5)", "24th Nov 2026, 10am", reference]],
  notes: [],
});

describe("docket lens orders", () => {
  // The workshop quotes the reference to the lab: a long one must print whole, on one line.
  it.each(["LOqmbphn24-1-1", "PAR-10082733-123456-2", "ONLINE-2026-0001234567-12-3"])(
    "prints the reference %s whole on A5 and A4",
    async (reference) => {
      for (const paper of ["A5", "A4"] as const) {
        const lines = pdfText(await renderDocketPdf(docket(reference), paper)).split("\n");
        expect(lines).toContain(reference);
      }
    },
  );
});
