// What other modules may use of the newsletter.
export { registerNewsletterRoutes } from "./newsletter.routes";
