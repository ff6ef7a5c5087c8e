// What other modules may use of pds.
export { createPdsService } from "./pds.service";
