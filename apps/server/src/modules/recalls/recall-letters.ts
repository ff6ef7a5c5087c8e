import { formatCalendarDay } from "@loupe/domain";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { FONT, newPdf, pdfText as printable } from "../../platform/pdf/pdf-document";
import { customerAddress, outletWithCountry } from "./recalls.queries";
import { recallSteps } from "./recalls.tables";

/** Millimetres to PDF points. */
const mm = (v: number) => (v * 72) / 25.4;

/**
 * The DL window envelope's address window (C5/DL "window left": 20 mm from the left, 45 mm from the
 * top, 90 × 45 mm): the address block is printed inside it with a few millimetres' margin, so a
 * sheet folded in three shows it whole.
 */
export const ADDRESS_WINDOW = { left: mm(20), top: mm(45), width: mm(90), height: mm(45) };
const PAD = mm(4);

/**
 * The outlet's recall letters of a day (its own clock), one A4 page each: the outlet's letterhead
 * at the top right, the customer's address in the window, the date, and the step's text as filled
 * in by the run. A day without letters is one page saying so.
 */
export async function recallLettersPdf(db: Db, outletId: number, day: string): Promise<Buffer | null> {
  const outlet = await outletWithCountry(db, outletId);
  if (!outlet) return null;
  const letters = await db
    .select()
    .from(recallSteps)
    .where(
      and(
        eq(recallSteps.outletId, outletId),
        eq(recallSteps.channel, "letter"),
        eq(recallSteps.dueOn, day),
        inArray(recallSteps.status, ["queued", "sent"]),
      ),
    )
    .orderBy(asc(recallSteps.id));
  const { doc, bytes } = newPdf({
    size: "A4",
    margin: 0,
    autoFirstPage: false,
    info: { Title: "Recall letters" },
  });
  const head = [
    outlet.name,
    outlet.address1,
    outlet.address2,
    [outlet.suburb ?? outlet.city, outlet.state, outlet.postcode].filter(Boolean).join(" "),
    outlet.phone ? `Phone ${outlet.phone}` : null,
    outlet.email,
  ].filter((l): l is string => Boolean(l));
  const letterhead = () => {
    const x = mm(120);
    doc
      .font(FONT.bold)
      .fontSize(14)
      .text(printable(head[0]), x, mm(15), { width: mm(75), align: "right" });
    doc.font(FONT.regular).fontSize(9);
    for (const line of head.slice(1)) doc.text(printable(line), { width: mm(75), align: "right" });
  };
  if (!letters.length) {
    doc.addPage();
    letterhead();
    doc.fontSize(12).text(`No recall letters for ${formatCalendarDay(day)}.`, mm(20), mm(100));
  }
  for (const letter of letters) {
    const a = await customerAddress(db, letter.customerId);
    doc.addPage();
    letterhead();
    const w = ADDRESS_WINDOW;
    const lines = a
      ? [
          `${a.firstName} ${a.lastName}`.trim(),
          a.address1,
          a.address2,
          [a.suburb ?? a.city, a.state, a.postcode].filter(Boolean).join(" "),
          a.country,
        ].filter((l): l is string => Boolean(l))
      : ["(no address on file)"];
    doc
      .font(FONT.regular)
      .fontSize(11)
      .text(lines.map(printable).join("\n"), w.left + PAD, w.top + PAD, {
        width: w.width - 2 * PAD,
        height: w.height - 2 * PAD,
        lineGap: 1,
      });
    doc.fontSize(10).text(formatCalendarDay(day), mm(20), mm(100));
    doc
      .fontSize(11)
      .text(printable(letter.body ?? ""), mm(20), mm(115), { width: mm(170), lineGap: 3, paragraphGap: 6 });
  }
  doc.end();
  return bytes;
}
