// Every module's tables, gathered for Drizzle (typed queries) and drizzle-kit (migrations).

export * from "./integrations/couriers/local.tables";
export * from "./integrations/lens-suppliers/simulator.tables";
export * from "./integrations/payments/sandbox.tables";
export * from "./modules/access-log/access-log.tables";
export * from "./modules/addresses/addresses.tables";
export * from "./modules/auth/auth.tables";
export * from "./modules/customers/customers.tables";
export * from "./modules/files/files.tables";
export * from "./modules/job-edit/job-edit.tables";
export * from "./modules/jobs/jobs.tables";
export * from "./modules/lens-orders/lens-orders.tables";
export * from "./modules/messages/messages.tables";
export * from "./modules/newsletter/newsletter.tables";
export * from "./modules/notes/notes.tables";
export * from "./modules/outbox/outbox.tables";
export * from "./modules/payments/payments.tables";
export * from "./modules/pds/pds.tables";
export * from "./modules/prescriptions/prescriptions.tables";
export * from "./modules/promos/promos.tables";
export * from "./modules/receipts/receipts.tables";
export * from "./modules/reference/reference.tables";
export * from "./modules/referrals/referrals.tables";
export * from "./modules/shipping/shipping.tables";
export * from "./modules/shop-login/shop-login.tables";
export * from "./modules/staff/staff.tables";
export * from "./modules/suppliers/suppliers.tables";
