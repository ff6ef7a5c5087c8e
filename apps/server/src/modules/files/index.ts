// What other modules may use of files.
export { createFilesService } from "./files.service";
