// What other modules may use of files.
export { type FileRow, toFileWire } from "./files.mappers";
export { filesCustomerMover } from "./files.merge";
export { registerFilesRoutes } from "./files.routes";
export {
  createFilesService,
  FILE_ON_OTHERS_NOTE,
  type FilesService,
  type IncomingFile,
} from "./files.service";
export { type NoteFileHolders, noteFileHoldersSlot, prescriptionHoldsFileSlot } from "./files.slots";
