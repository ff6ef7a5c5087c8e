// What other modules may use of printing.
export { registerPrintingRoutes } from "./printing.routes";
