import { registerAccessLogRoutes } from "./access-log/access-log.routes";
import { registerAddressesRoutes } from "./addresses/addresses.routes";
import { registerApprovalsRoutes } from "./approvals/approvals.routes";
import { registerAuthRoutes } from "./auth/auth.routes";
import { registerCustomersRoutes } from "./customers/customers.routes";
import { registerFilesRoutes } from "./files/files.routes";
import { registerJobEditRoutes } from "./job-edit/job-edit.routes";
import { registerJobsRoutes } from "./jobs/jobs.routes";
import { registerSavedSearchesRoutes } from "./jobs/saved-searches.routes";
import { registerLensOrdersRoutes } from "./lens-orders/lens-orders.routes";
import { registerMessagesRoutes } from "./messages/messages.routes";
import type { ModuleContext } from "./module-context";
import { registerNewsletterRoutes } from "./newsletter/newsletter.routes";
import { registerNotesRoutes } from "./notes/notes.routes";
import { registerOutboxRoutes } from "./outbox/outbox.routes";
import { registerPaymentsRoutes } from "./payments/payments.routes";
import { registerPdsRoutes } from "./pds/pds.routes";
import { registerPrescriptionsRoutes } from "./prescriptions/prescriptions.routes";
import { registerPrintingRoutes } from "./printing/printing.routes";
import { registerPromosRoutes } from "./promos/promos.routes";
import { registerReceiptsRoutes } from "./receipts/receipts.routes";
import { registerReferenceRoutes } from "./reference/reference.routes";
import { registerReferralsRoutes } from "./referrals/referrals.routes";
import { registerSettingsRoutes } from "./settings/settings.routes";
import { registerShippingRoutes } from "./shipping/shipping.routes";
import { registerShopLoginRoutes } from "./shop-login/shop-login.routes";
import { registerStaffRoutes } from "./staff/staff.routes";
import { registerSuppliersRoutes } from "./suppliers/suppliers.routes";

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
  registerShopLoginRoutes,
  registerPaymentsRoutes,
  registerReferralsRoutes,
  registerNewsletterRoutes,
  registerPromosRoutes,
  registerJobsRoutes,
  registerSavedSearchesRoutes,
  registerReceiptsRoutes,
  registerShippingRoutes,
  registerJobEditRoutes,
  registerPrintingRoutes,
  registerSuppliersRoutes,
  registerLensOrdersRoutes,
  registerAccessLogRoutes,
  registerSettingsRoutes,
  registerApprovalsRoutes,
];
