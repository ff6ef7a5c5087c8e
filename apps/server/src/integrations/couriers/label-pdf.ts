import bwipjs from "bwip-js/node";
import PDFDocument from "pdfkit";
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
  const doc = new PDFDocument({
    size: [100 * mm, 150 * mm],
    margin: 6 * mm,
    info: { Title: `Label ${label.trackingNumber}`, Author: label.carrier },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  const width = doc.page.width - 12 * mm;
  doc.font("Helvetica-Bold").fontSize(16).text(label.carrier, { width });
  doc.font("Helvetica").fontSize(10).text(label.productName, { width });
  doc.moveDown(0.4);
  doc
    .moveTo(6 * mm, doc.y)
    .lineTo(94 * mm, doc.y)
    .stroke();
  doc.moveDown(0.4);
  doc.font("Helvetica-Bold").fontSize(9).text("DELIVER TO");
  doc.font("Helvetica").fontSize(12).text(addressLines(label.receiver).join("\n"), { width });
  doc.moveDown(0.6);
  doc.font("Helvetica-Bold").fontSize(9).text("FROM");
  doc.font("Helvetica").fontSize(8).text(addressLines(label.sender).join("\n"), { width });
  doc.moveDown(0.6);
  const p = label.parcel;
  doc
    .fontSize(8)
    .text(
      `Ref ${label.reference} · ${p.quantity} × ${p.length}×${p.width}×${p.height} cm · ${p.weight} kg · ${label.deliveryInstruction.replaceAll("_", " ")}`,
      { width },
    );
  doc.text(`Booked ${label.createdAt.toISOString().slice(0, 10)}`);
  doc.moveDown(0.6);
  doc.image(barcode, 6 * mm, doc.y, { fit: [width, 32 * mm], align: "center" });
  doc.end();
  return done;
}
