// What other modules may use of promos.
export { registerPromosRoutes } from "./promos.routes";
