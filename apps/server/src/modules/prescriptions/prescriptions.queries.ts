import { IMPORTED_SOURCE_SLUG } from "@loupe/domain";
import { asc, eq, inArray, type SQLWrapper, sql } from "drizzle-orm";
import { builtOnce } from "../../platform/db/built-once";
import type { Db } from "../../platform/db/client";
import { customers } from "../customers/customers.tables";
import { files } from "../files/files.tables";
import { prescriptionSources } from "../reference/reference.tables";
import { staffUsers } from "../staff/staff.tables";
import { prescriptionFiles, prescriptions } from "./prescriptions.tables";

/** The prescription source of this id, if there is one. */
export const prescriptionSourceById = (db: Db, sourceId: number) =>
  db.select().from(prescriptionSources).where(eq(prescriptionSources.id, sourceId));

/** The source imported prescriptions carry (reference data, issue 46), or null if a database lacks it. */
export async function importedPrescriptionSourceId(db: Db): Promise<number | null> {
  const [row] = await db
    .select({ id: prescriptionSources.id })
    .from(prescriptionSources)
    .where(eq(prescriptionSources.slug, IMPORTED_SOURCE_SLUG));
  return row?.id ?? null;
}

/**
 * One prescription with its writer's name and its files, in one statement: a row per file (one
 * with `file` null when it has none). The writer and files were two more round trips on every
 * read of one prescription (the job edit reads one on each lens-options call). Its SQL is built
 * once (built-once.ts).
 */
export const prescriptionWithWriterAndFiles = builtOnce(["id"], (db, { id }) =>
  db
    .select({
      rx: prescriptions,
      writerFirst: staffUsers.firstName,
      writerLast: staffUsers.lastName,
      file: files,
    })
    .from(prescriptions)
    .leftJoin(staffUsers, eq(staffUsers.id, prescriptions.staffUserId))
    .leftJoin(prescriptionFiles, eq(prescriptionFiles.prescriptionId, prescriptions.id))
    .leftJoin(files, eq(files.id, prescriptionFiles.fileId))
    .where(eq(prescriptions.id, id))
    // The separate read had no order: on a large table its plan walks the (prescription, file)
    // key, so files came by id; this says so rather than leave it to the join's plan.
    .orderBy(asc(prescriptionFiles.fileId)),
);

/** The files attached to these prescriptions. */
export const filesOfPrescriptions = (db: Db, prescriptionIds: number[]) =>
  db
    .select({ rxId: prescriptionFiles.prescriptionId, file: files })
    .from(prescriptionFiles)
    .innerJoin(files, eq(files.id, prescriptionFiles.fileId))
    .where(inArray(prescriptionFiles.prescriptionId, prescriptionIds));

/** Those of these files that exist. */
export const fileIdsOf = (db: Db, fileIds: number[]) =>
  db.select({ id: files.id }).from(files).where(inArray(files.id, fileIds));

/** The customer of this id, if there is one. */
export const customerIdOf = (db: Db, customerId: number) =>
  db.select({ id: customers.id }).from(customers).where(eq(customers.id, customerId));

/** The customer of this id (a prescription is e-mailed to them). */
export const customerById = (db: Db, customerId: number) =>
  db.select().from(customers).where(eq(customers.id, customerId));

/** SQL: a prescription holds the file whose id is `fileId` (asked by the files module, below). */
export const prescriptionHoldsFile = (fileId: SQLWrapper) =>
  sql`exists (select 1 from ${prescriptionFiles} where ${prescriptionFiles.fileId} = ${fileId})`;
