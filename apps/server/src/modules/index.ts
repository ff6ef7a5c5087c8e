import { registerAuthRoutes } from "./auth/auth.routes";
import { registerCustomersRoutes } from "./customers/customers.routes";
import { registerFilesRoutes } from "./files/files.routes";
import type { ModuleContext } from "./module-context";
import { registerOutboxRoutes } from "./outbox/outbox.routes";
import { registerPdsRoutes } from "./pds/pds.routes";
import { registerPrescriptionsRoutes } from "./prescriptions/prescriptions.routes";
import { registerReferenceRoutes } from "./reference/reference.routes";
import { registerStaffRoutes } from "./staff/staff.routes";

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
];
