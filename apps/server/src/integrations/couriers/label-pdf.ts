import { formatWhen, timeZoneForState } from "@loupe/domain";
import bwipjs from "bwip-js/node";
import { FONT, newPdf, pdfText } from "../../platform/pdf/pdf-document";
import type { CourierAddress } from "./couriers.port";

export interface LabelContent {
  carrier: string;
  productName: string;
  trackingNumber: string;
  reference: string;
  sender: CourierAddress;
  receiver: CourierAddress;
  parcel: { weight: number; quantity: number; length: number; width: number; height: number };
  deliveryInstruction: string;
  createdAt: Date;
}

const addressLines = (a: CourierAddress) =>
  [
    a.name,
    ...a.lines,
    [a.suburb, a.state, a.postcode].filter(Boolean).join(" "),
    a.country,
    a.phone ?? "",
  ].filter(Boolean);

/** A 100 × 150 mm thermal-printer label: sender, receiver, service, and the tracking number as Code 128. */
export async function renderLabelPdf(label: LabelContent): Promise<Buffer> {
  const barcode = await bwipjs.toBuffer({
    bcid: "code128",
    text: label.trackingNumber,
    scale: 3,
    height: 14,
    includetext: true,
    textxalign: "center",
  });
  const mm = 72 / 25.4;
  const { doc, bytes: done } = newPdf({
    size: [100 * mm, 150 * mm],
    margin: 6 * mm,
    info: { Title: `Label ${label.trackingNumber}`, Author: label.carrier },
  });
  const width = doc.page.width - 12 * mm;
  doc.font(FONT.bold).fontSize(16).text(label.carrier, { width });
  doc.font(FONT.regular).fontSize(10).text(label.productName, { width });
  doc.moveDown(0.4);
  doc
    .moveTo(6 * mm, doc.y)
    .lineTo(94 * mm, doc.y)
    .stroke();
  doc.moveDown(0.4);
  doc.font(FONT.bold).fontSize(9).text("DELIVER TO");
  doc
    .font(FONT.regular)
    .fontSize(12)
    .text(pdfText(addressLines(label.receiver).join("\n")), { width });
  doc.moveDown(0.6);
  doc.font(FONT.bold).fontSize(9).text("FROM");
  doc
    .font(FONT.regular)
    .fontSize(8)
    .text(pdfText(addressLines(label.sender).join("\n")), { width });
  doc.moveDown(0.6);
  const p = label.parcel;
  doc
    .fontSize(8)
    .text(
      `Ref ${label.reference} · ${p.quantity} × ${p.length}×${p.width}×${p.height} cm · ${p.weight} kg · ${label.deliveryInstruction.replaceAll("_", " ")}`,
      { width },
    );
  // The sending outlet's day in the day style (dates.ts), not the UTC date: a Perth booking after 4pm
  // is the next day in UTC but the same day on the shop's clock.
  const senderZone = timeZoneForState(label.sender.country, label.sender.state);
  doc.text(`Booked ${formatWhen(label.createdAt, senderZone, "day")}`);
  doc.moveDown(0.6);
  doc.image(barcode, 6 * mm, doc.y, { fit: [width, 32 * mm], align: "center" });
  doc.end();
  return done;
}
