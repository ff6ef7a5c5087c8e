import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import type { FileStorage } from "../integrations/file-storage";
import { customers } from "../modules/customers/customers.tables";
import { files } from "../modules/files/files.tables";
import { prescriptionFiles, prescriptions } from "../modules/prescriptions/prescriptions.tables";
import { prescriptionSources } from "../modules/reference/reference.tables";
import type { Db } from "../platform/db/client";
import { createPdfDocument } from "../platform/pdf/pdf-document";
import { createRng } from "./rng";

const scanSvg = (
  name: string,
  n: number,
) => `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="560">
  <rect width="800" height="560" fill="#fdfdf8"/><rect x="20" y="20" width="760" height="520" fill="none" stroke="#1c7ed6" stroke-width="4"/>
  <text x="50" y="90" font-family="sans-serif" font-size="34" fill="#1a1b1e">Spectacle prescription</text>
  <text x="50" y="150" font-family="sans-serif" font-size="24" fill="#495057">Patient: ${name}</text>
  <text x="50" y="230" font-family="monospace" font-size="26" fill="#1a1b1e">R  -1.${n % 4}5 / -0.50 x ${10 + (n % 170)}</text>
  <text x="50" y="280" font-family="monospace" font-size="26" fill="#1a1b1e">L  -1.00 / -0.25 x ${20 + (n % 150)}</text>
  <text x="50" y="330" font-family="monospace" font-size="26" fill="#1a1b1e">Add +2.00</text>
  <text x="50" y="470" font-family="sans-serif" font-size="20" fill="#868e96">Optometrist signature ____________</text></svg>`;

function referralPdf(name: string): Promise<Buffer> {
  return new Promise((resolve) => {
    const doc = createPdfDocument({ size: "A5" });
    const chunks: Buffer[] = [];
    doc.on("data", (c: Buffer) => chunks.push(c));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc
      .fontSize(18)
      .text("Optometrist referral")
      .moveDown()
      .fontSize(12)
      .text(`Patient: ${name}`)
      .text("Reason: routine review");
    doc.end();
  });
}

/**
 * Scans and referral letters for a few demo customers, real bytes in the file storage; some scans
 * are the only content of a prescription (shown as "Please edit prescription"). Skipped when files exist.
 */
export async function seedDemoFiles(db: Db, storage: FileStorage): Promise<void> {
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(files);
  if (n > 0) return;
  const rng = createRng(77);
  const some = await db.select().from(customers).orderBy(customers.id).limit(24);
  const [source] = await db
    .select()
    .from(prescriptionSources)
    .where(sql`${prescriptionSources.slug} = 'customer-upload'`);
  for (const [i, c] of some.entries()) {
    const name = `${c.firstName} ${c.lastName}`;
    const png = await sharp(Buffer.from(scanSvg(name, i)))
      .png()
      .toBuffer();
    const thumb = await sharp(png).resize(320, 320, { fit: "inside" }).jpeg({ quality: 80 }).toBuffer();
    const key = `demo/${randomUUID()}.png`;
    const thumbKey = key.replace(/\.png$/, ".thumb.jpg");
    await storage.put(key, png, "image/png");
    await storage.put(thumbKey, thumb, "image/jpeg");
    const [scan] = await db
      .insert(files)
      .values({
        customerId: c.id,
        fileName: "prescription-scan.png",
        storageKey: key,
        thumbnailKey: thumbKey,
        mimeType: "image/png",
        sizeBytes: png.length,
      })
      .returning();
    if (i % 3 === 0 && source) {
      const [rx] = await db
        .insert(prescriptions)
        .values({ customerId: c.id, typeId: 1, sourceId: source.id, rightSph: 0, leftSph: 0 })
        .returning();
      await db.insert(prescriptionFiles).values({ prescriptionId: rx.id, fileId: scan.id });
    }
    if (rng.chance(0.5)) {
      const pdf = await referralPdf(name);
      const pdfKey = `demo/${randomUUID()}.pdf`;
      await storage.put(pdfKey, pdf, "application/pdf");
      await db.insert(files).values({
        customerId: c.id,
        fileName: "referral.pdf",
        storageKey: pdfKey,
        mimeType: "application/pdf",
        sizeBytes: pdf.length,
      });
    }
  }
}
