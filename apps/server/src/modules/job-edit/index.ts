// What other modules may use of the job edit.
export { registerJobEditRoutes } from "./job-edit.routes";
