import { describe, expect, it } from "vitest";
import { pdfText } from "../../test/pdf-text";
import { renderLabelPdf } from "./label-pdf";

const address = (state: string) => ({
  name: "Loupe Fremantle",
  lines: ["1 Market St"],
  suburb: "Fremantle",
  state,
  postcode: "6160",
  country: "AU",
});

describe("courier label", () => {
  it("writes the booking day on the sending outlet's clock in the day style, not as a UTC ISO date", async () => {
    // 5:55am on 27 November in Perth is still 26 November in UTC.
    const bytes = await renderLabelPdf({
      carrier: "Local",
      productName: "Parcel",
      trackingNumber: "LOC123456",
      reference: "FRE-100827",
      sender: address("WA"),
      receiver: address("WA"),
      parcel: { weight: 1, quantity: 1, length: 20, width: 10, height: 5 },
      deliveryInstruction: "leave_at_door",
      createdAt: new Date("2026-11-26T21:55:00Z"),
    });
    const text = pdfText(bytes);
    expect(text).toContain("Booked 27th Nov 2026");
    expect(text).not.toContain("2026-11-26");
  });
});
