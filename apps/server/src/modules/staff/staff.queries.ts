import { eq, inArray } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { outlets, regions } from "../reference/reference.tables";

/** The outlets of these ids (the staff wire shows each member's outlet). */
export const outletsByIds = (db: Db, ids: number[]) =>
  db.select().from(outlets).where(inArray(outlets.id, ids));

/** Every region (few, and the wire shows each member's region). */
export const allRegions = (db: Db) => db.select().from(regions);

export const regionById = (db: Db, id: number) => db.select().from(regions).where(eq(regions.id, id));

export const outletById = (db: Db, id: number) => db.select().from(outlets).where(eq(outlets.id, id));
