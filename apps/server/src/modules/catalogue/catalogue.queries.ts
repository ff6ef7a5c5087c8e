import type { Db } from "../../platform/db/client";
import { regions } from "../reference/reference.tables";

/** The regions as an import names them: by country code (AU, NZ, CA) or by id. */
export async function regionLookup(db: Db): Promise<(text: string) => number | null> {
  const rows = await db.select({ id: regions.id, code: regions.countryCode }).from(regions);
  const byCode = new Map(rows.map((r) => [r.code.toUpperCase(), r.id]));
  const ids = new Set(rows.map((r) => r.id));
  return (text) => {
    const t = text.trim().toUpperCase();
    if (byCode.has(t)) return byCode.get(t)!;
    return /^\d{1,9}$/.test(t) && ids.has(Number(t)) ? Number(t) : null;
  };
}
