// What other modules may use of the job edit.
export { writeQuotedSelection } from "./job-edit.quoted";
export { registerJobEditRoutes } from "./job-edit.routes";
export { createJobEditService } from "./job-edit.service";
