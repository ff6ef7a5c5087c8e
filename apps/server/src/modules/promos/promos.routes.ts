import { createPromo, listPromos, type PromoWire } from "@loupe/contract";
import { desc } from "drizzle-orm";
import { AppError } from "../../platform/http/app-error";
import type { ModuleContext } from "../module-context";
import { promos } from "./promos.tables";

type Row = typeof promos.$inferSelect;
const toWire = (p: Row): PromoWire => ({
  id: p.id,
  discountCode: p.discountCode,
  brand: p.brand,
  discountRule: p.discountRule,
  regionNote: p.regionNote,
  startDate: p.startDate,
  endDate: p.endDate,
  combinedWith: p.combinedWith,
  notCombinedWith: p.notCombinedWith,
  "pDFs&Copies": p.pdfs,
});

export function registerPromosRoutes({ bind, db }: ModuleContext): void {
  bind(listPromos, async () =>
    (await db.select().from(promos).orderBy(desc(promos.startDate), desc(promos.id))).map(toWire),
  );
  bind(createPromo, async ({ body, reply }) => {
    const [row] = await db.insert(promos).values(body).onConflictDoNothing().returning();
    if (!row) throw new AppError("conflict", `The discount code ${body.discountCode} already exists.`);
    reply.status(201);
    return toWire(row);
  });
}
