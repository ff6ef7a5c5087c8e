// Every kind the engine can import: one handler per kind, each in kinds/<kind>.ts. A kind not
// listed here is refused at upload ("This kind of record cannot be imported yet.").
import type { ImportKind } from "@loupe/domain";
import type { ImportKindHandler } from "./import-kind";
import { customersKind } from "./kinds/customers";
import { jobItemsKind } from "./kinds/job-items";
import { jobPaymentsKind } from "./kinds/job-payments";
import { jobsKind } from "./kinds/jobs";
import { notesKind } from "./kinds/notes";
import { pdsKind } from "./kinds/pds";
import { prescriptionsKind } from "./kinds/prescriptions";
import { recallsKind } from "./kinds/recalls";

export const IMPORT_KIND_HANDLERS: Partial<Record<ImportKind, ImportKindHandler<any, any>>> = {
  customers: customersKind,
  prescriptions: prescriptionsKind,
  pds: pdsKind,
  notes: notesKind,
  recalls: recallsKind,
  jobs: jobsKind,
  job_items: jobItemsKind,
  job_payments: jobPaymentsKind,
};
