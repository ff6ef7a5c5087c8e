import { eq, inArray, type SQLWrapper, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { customers } from "../customers/customers.tables";
import { files } from "../files/files.tables";
import { prescriptionSources } from "../reference/reference.tables";
import { prescriptionFiles } from "./prescriptions.tables";

/** Every prescription source (each prescription's wire names its source). */
export const allPrescriptionSources = (db: Db) => db.select().from(prescriptionSources);

/** The prescription source of this id, if there is one. */
export const prescriptionSourceById = (db: Db, sourceId: number) =>
  db.select().from(prescriptionSources).where(eq(prescriptionSources.id, sourceId));

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
