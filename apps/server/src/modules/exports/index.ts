// What other modules may use of the list exports (issue 29 part 5): only its routes.
export { registerExportsRoutes } from "./exports.routes";
