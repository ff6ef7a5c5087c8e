import { docketContent, formatWhen, type PrintJobFacts } from "@loupe/domain";
import { describe, expect, it } from "vitest";
import { pdfText } from "../../test/pdf-text";
import { renderDocketPdf } from "./docket-pdf";

// A docket is read beside the receipt and the screens: its days and times use dates.ts's styles
// (a day "6th Sep 2027", an instant "27th Nov 2026, 5:55am AWST"), never an ISO date.
const job: PrintJobFacts = {
  id: 1,
  uid: "100827",
  invoice: "FRE-100827",
  priority: 1,
  createdAt: "2026-11-26T21:55:00Z",
  dueDate: "2026-12-04",
  status: "In progress",
  customer: { firstName: "Ada", lastName: "Lovelace", guest: false },
  outlet: { name: "Fremantle", abbreviation: "FRE" },
  timeZone: "Australia/Perth",
  brand: "Loupe",
  items: [
    {
      id: 11,
      quantity: 1,
      productName: "Single vision glasses",
      parentTypeKey: "glasses",
      lensesType: "single-vision",
      requiresPrescription: true,
      status: "In progress",
      outlet: "FRE",
      additionalInfo: {
        id: 2,
        revision: 1,
        data: {
          prescription: {
            id: 7,
            right_sph: -1.25,
            left_sph: -1,
            expiry_date_stamp: "2027-09-06",
          },
        },
      },
    },
  ],
  notes: [],
  lensOrders: [],
};

describe("docket dates", () => {
  it("prints the prescription's expiry, the created time and the promised day in the styles of every document", async () => {
    const text = pdfText(await renderDocketPdf(docketContent(job, "2026-11-27T01:00:00Z"), "A5"));
    expect(text).toContain("Expires 6th Sep 2027");
    expect(text).not.toContain("2027-09-06");
    expect(text).toContain(formatWhen(job.createdAt, job.timeZone, "exact", { zone: true }));
    expect(text).toContain("27th Nov 2026, 5:55am AWST");
    expect(text).toContain("4th Dec 2026");
  });
});
