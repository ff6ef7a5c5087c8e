import { date, jsonb, pgTable, serial, text } from "drizzle-orm/pg-core";

export const promos = pgTable("promos", {
  id: serial("id").primaryKey(),
  discountCode: text("discount_code").notNull().unique(),
  brand: text("brand").notNull(),
  discountRule: text("discount_rule").notNull(),
  regionNote: text("region_note"),
  startDate: date("start_date").notNull(),
  endDate: date("end_date"),
  combinedWith: text("combined_with"),
  notCombinedWith: text("not_combined_with"),
  pdfs: jsonb("pdfs").$type<{ label: string; url: string }[]>().notNull().default([]),
});
