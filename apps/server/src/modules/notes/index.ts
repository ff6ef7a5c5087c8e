// What other modules may use of notes.

export { type ImportedNote, importNotes, removeImportedNotes, removeNotesOfOrders } from "./notes.import";
export { notesCustomerMover } from "./notes.merge";
export { countNotesByCustomer } from "./notes.queries";
export { registerNotesRoutes } from "./notes.routes";
export { createNotesService, type NotesService } from "./notes.service";
export { customerNotesCountSql, orderNotesCountSql } from "./notes-count.sql";
