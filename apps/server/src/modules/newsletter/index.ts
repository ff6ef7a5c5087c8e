// What other modules may use of the newsletter.
export { registerNewsletterRoutes } from "./newsletter.routes";
export { type SubscriberExportRow, subscribersExportReader } from "./newsletter-export";
