import {
  createCustomerNote,
  createOrderItemNote,
  createOrderNote,
  deleteCustomerNote,
  deleteOrderItemNote,
  deleteOrderNote,
  listCustomerNotes,
  listOrderItemNotes,
  listOrderNotes,
  type NoteWire,
  updateOrderNote,
} from "@loupe/contract";
import { callEndpoint } from "../../lib/api-client";

export type CommentsTarget = { customerId: number } | { orderId: number } | { orderItemId: number };

/**
 * What the comments modal can do on each kind of target, by the calls the spec gives: job notes
 * can be edited by their author and carry files; customer and order-item notes cannot.
 */
export interface NotesApi {
  key: readonly unknown[];
  /** The lists to refresh after a change (their notes counts). */
  owners: readonly unknown[];
  list(): Promise<NoteWire[]>;
  create(content: string, fileIds: number[]): Promise<unknown>;
  /** `version` is the one the note was read at: a stale edit or delete answers 409 (ADR 0007). */
  update?: (noteId: number, content: string, version: number) => Promise<unknown>;
  remove(noteId: number, version: number): Promise<unknown>;
  attachments: boolean;
}

export function notesApi(target: CommentsTarget): NotesApi {
  if ("orderId" in target) {
    const id = target.orderId;
    return {
      key: ["notes", "order", id],
      owners: ["jobs"],
      list: async () => (await callEndpoint(listOrderNotes, { params: { id } })).data,
      create: (content, files) => callEndpoint(createOrderNote, { params: { id }, body: { content, files } }),
      update: (noteId, content, version) =>
        callEndpoint(updateOrderNote, { params: { id, noteId }, body: { content, version } }),
      remove: (noteId, version) =>
        callEndpoint(deleteOrderNote, { params: { id, noteId }, query: { version } }),
      attachments: true,
    };
  }
  if ("orderItemId" in target) {
    const id = target.orderItemId;
    return {
      key: ["notes", "order-item", id],
      owners: ["jobs"],
      list: async () => (await callEndpoint(listOrderItemNotes, { params: { id } })).data,
      create: (note) => callEndpoint(createOrderItemNote, { params: { id }, body: { note } }),
      remove: (noteId, version) =>
        callEndpoint(deleteOrderItemNote, { params: { id, noteId }, query: { version } }),
      attachments: false,
    };
  }
  const userId = target.customerId;
  return {
    key: ["notes", "customer", userId],
    owners: ["customers"],
    list: async () =>
      (await callEndpoint(listCustomerNotes, { query: { user_id: userId, with: "creator" } })).data,
    create: (content) => callEndpoint(createCustomerNote, { body: { content, user_id: userId } }),
    remove: (noteId, version) =>
      callEndpoint(deleteCustomerNote, { params: { id: noteId }, query: { version } }),
    attachments: false,
  };
}
