import type { FileStorage } from "../integrations/file-storage";
import type { Db } from "../platform/db/client";
import { seedDemoMarketing, seedDemoTemplates } from "./demo-actions";
import { seedDemoCatalogue } from "./demo-catalogue";
import { seedDemoCustomers } from "./demo-customers";
import { seedDemoFiles } from "./demo-files";
import { seedDemoJobs } from "./demo-jobs";
import { seedLensCatalogue } from "./demo-lens-catalogue";
import { seedDemoRecalls } from "./demo-recalls";
import { seedDemoSelections } from "./demo-selections";
import { seedDemoStaff } from "./demo-staff";
import { seedDemoSupplierContacts } from "./demo-suppliers";
import { ensureReferenceData } from "./reference-data";

export interface DemoSize {
  customers: number;
  jobs: number;
}

/** Steps after reference data and staff, in order; each checks for itself whether it already ran. */
const demoSteps: ((db: Db, size: DemoSize) => Promise<void>)[] = [
  seedDemoCustomers,
  seedDemoTemplates,
  seedDemoMarketing,
  seedDemoJobs,
  seedLensCatalogue,
  // The catalogue proper (issue 44), after the lenses its lens products are made with.
  seedDemoCatalogue,
  // After the catalogue: selections need its lenses, and it moves some items to other products.
  seedDemoSelections,
  seedDemoSupplierContacts,
  // After customers and jobs: recalls follow from their prescriptions.
  seedDemoRecalls,
];

export const DEFAULT_DEMO_SIZE: DemoSize = { customers: 300, jobs: 3000 };

export async function seedDemo(
  db: Db,
  storage: FileStorage,
  size: DemoSize = DEFAULT_DEMO_SIZE,
): Promise<void> {
  await ensureReferenceData(db);
  await seedDemoStaff(db);
  for (const step of demoSteps) await step(db, size);
  await seedDemoFiles(db, storage);
}
