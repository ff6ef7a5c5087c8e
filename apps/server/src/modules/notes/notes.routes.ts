import {
  createCustomerNote,
  createOrderItemNote,
  createOrderNote,
  createOrderNoteRelative,
  deleteCustomerNote,
  deleteOrderItemNote,
  deleteOrderNote,
  listCustomerNotes,
  listOrderItemNotes,
  listOrderNotes,
  updateOrderNote,
  updateReceiptNote,
} from "@loupe/contract";
import { receiptNoteContent } from "@loupe/domain";
import { notFound } from "../../platform/http/app-error";
import { customerNotesCountSlot, customerNotesCountSqlSlot } from "../customers";
import { createFilesService, noteFileHoldersSlot } from "../files";
import { orderNotesCountSqlSlot, orderNotesSlot } from "../jobs";
import type { ModuleContext } from "../module-context";
import {
  countNotesByCustomer,
  noteHoldsFile,
  notesHoldingFile,
  orderNotesReader,
  orderOfItem,
} from "./notes.queries";
import { createNotesService } from "./notes.service";
import { customerNotesCountSql, orderNotesCountSql } from "./notes-count.sql";

export function registerNotesRoutes({ bind, db, slots, storage }: ModuleContext): void {
  // The jobs list rows and the online-channel list show jobs' notes (jobs sits below notes).
  orderNotesSlot.provide(slots, orderNotesReader);
  orderNotesCountSqlSlot.provide(slots, orderNotesCountSql);
  customerNotesCountSqlSlot.provide(slots, customerNotesCountSql);
  const service = createNotesService(db);
  // What lower modules ask of notes: customers the notes counts, files who holds a file.
  customerNotesCountSlot.provide(slots, countNotesByCustomer);
  noteFileHoldersSlot.provide(slots, { notesHoldingFile, noteHoldsFile });
  // A note's attachments go with it (files module: only files no other note or prescription holds).
  const filesService = createFilesService({ db, storage, slots });
  bind(listCustomerNotes, async ({ query }) => ({ data: await service.listForCustomer(query.user_id) }));
  bind(createCustomerNote, async ({ staff, body, reply }) => {
    reply.status(201);
    return { data: await service.addCustomerNote(staff, body.user_id, body.content, body.files) };
  });
  bind(listOrderNotes, async ({ params }) => ({ data: await service.listForOrder(params.id) }));
  bind(listOrderItemNotes, async ({ params }) => ({ data: await service.listForOrderItem(params.id) }));
  for (const endpoint of [createOrderNote, createOrderNoteRelative]) {
    bind(endpoint, async ({ staff, params, body, reply }) => {
      reply.status(201);
      return { data: await service.addOrderNote(staff, params.id, body.content, body.files) };
    });
  }
  bind(updateOrderNote, async ({ staff, params, body }) => ({
    data: await service.updateOrderNote(staff, params.id, params.noteId, body.content, body.version),
  }));
  bind(updateReceiptNote, async ({ staff, params, body }) => {
    // A receipt note is the job note that starts "Receipt Note:" (jobs-area §3); the prefix is kept.
    const text = receiptNoteContent(body.content);
    return {
      data: await service.updateOrderNote(staff, params.id, params.noteId, text, body.version, {
        receiptNote: true,
      }),
    };
  });
  bind(createOrderItemNote, async ({ staff, params, body, reply }) => {
    reply.status(201);
    return { data: await service.addOrderItemNote(staff, params.id, body.note) };
  });
  bind(deleteOrderNote, async ({ staff, params, query }) => {
    await filesService.removeNoteAttachments(
      await service.removeOrderNote(staff, params.id, params.noteId, undefined, query.version),
    );
    return { message: "Deleted Successfully" };
  });
  bind(deleteOrderItemNote, async ({ staff, params, query }) => {
    const [item] = await orderOfItem(db, params.id);
    if (!item) throw notFound("Order item");
    await filesService.removeNoteAttachments(
      await service.removeOrderNote(staff, item.orderId, params.noteId, params.id, query.version),
    );
    return { message: "Deleted Successfully" };
  });
  bind(deleteCustomerNote, async ({ staff, params, query }) => {
    await filesService.removeNoteAttachments(
      await service.removeCustomerNote(staff, params.id, query.version),
    );
    return { message: "Deleted Successfully" };
  });
}
