import { registerAccessLogRoutes } from "./access-log";
import { registerAddressesRoutes } from "./addresses";
import { registerApprovalsRoutes } from "./approvals";
import { registerAuthRoutes } from "./auth";
import { registerCatalogueRoutes } from "./catalogue";
import { registerCustomerMergesRoutes } from "./customer-merges";
import { registerCustomersRoutes } from "./customers";
import { registerExportsRoutes } from "./exports";
import { registerFilesRoutes } from "./files";
import { registerImportsRoutes } from "./imports";
import { registerIntakeRoutes } from "./intake";
import { registerJobEditRoutes } from "./job-edit";
import { registerJobsRoutes, registerSavedSearchesRoutes } from "./jobs";
import { registerLensOrdersRoutes } from "./lens-orders";
import { registerMessagesRoutes } from "./messages";
import type { ModuleContext } from "./module-context";
import { registerNewsletterRoutes } from "./newsletter";
import { registerNotesRoutes } from "./notes";
import { registerOutboxRoutes } from "./outbox";
import { registerPaymentsRoutes } from "./payments";
import { registerPdsRoutes } from "./pds";
import { registerPrescriptionsRoutes } from "./prescriptions";
import { registerPrintingRoutes } from "./printing";
import { registerPromosRoutes } from "./promos";
import { registerQuotesRoutes } from "./quotes";
import { registerReadyMessagesRoutes } from "./ready-messages";
import { registerRecallsRoutes } from "./recalls";
import { registerReceiptsRoutes } from "./receipts";
import { registerReferenceRoutes } from "./reference";
import { registerReferralsRoutes } from "./referrals";
import { registerSettingsRoutes } from "./settings";
import { registerShippingRoutes } from "./shipping";
import { registerShopLoginRoutes } from "./shop-login";
import { registerStaffRoutes } from "./staff";
import { registerSuppliersRoutes } from "./suppliers";

/** Every business module's routes. A new module adds one line here. */
export const moduleRoutes: ((ctx: ModuleContext) => void | Promise<void>)[] = [
  registerAuthRoutes,
  registerStaffRoutes,
  registerReferenceRoutes,
  registerOutboxRoutes,
  registerCustomersRoutes,
  registerPrescriptionsRoutes,
  registerPdsRoutes,
  registerFilesRoutes,
  registerNotesRoutes,
  registerAddressesRoutes,
  registerMessagesRoutes,
  registerReadyMessagesRoutes,
  registerRecallsRoutes,
  registerShopLoginRoutes,
  registerPaymentsRoutes,
  registerReferralsRoutes,
  registerNewsletterRoutes,
  registerPromosRoutes,
  registerJobsRoutes,
  registerSavedSearchesRoutes,
  registerReceiptsRoutes,
  registerShippingRoutes,
  registerCatalogueRoutes,
  registerJobEditRoutes,
  registerPrintingRoutes,
  registerSuppliersRoutes,
  registerLensOrdersRoutes,
  registerAccessLogRoutes,
  registerSettingsRoutes,
  registerApprovalsRoutes,
  registerExportsRoutes,
  registerQuotesRoutes,
  registerIntakeRoutes,
  registerImportsRoutes,
  registerCustomerMergesRoutes,
];
