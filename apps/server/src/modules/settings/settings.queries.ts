import { eq } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { regions } from "../reference/reference.tables";
import { staffUsers } from "../staff/staff.tables";
import { roleSettings } from "./settings.tables";

/** The settings record with the name of who saved it last. */
export const settingsWithEditor = (db: Db, id: number) =>
  db
    .select({ record: roleSettings, firstName: staffUsers.firstName, lastName: staffUsers.lastName })
    .from(roleSettings)
    .leftJoin(staffUsers, eq(staffUsers.id, roleSettings.updatedBy))
    .where(eq(roleSettings.id, id));

/** Every region's id (approval limits are set per region). */
export const regionIds = (db: Db) => db.select({ id: regions.id }).from(regions);
