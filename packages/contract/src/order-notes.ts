import { isReceiptNote, messageSchema, rowId } from "@loupe/domain";
import { z } from "zod";
import { noteWire } from "./customer-actions";
import { defineEndpoint } from "./endpoint";
import { dataEnvelope, expectedVersion, idParams, messageEnvelope, qId, versionQuery } from "./envelope";

const content = z.string().trim().min(2, "The content field has to be at least 2 characters").max(5000);
const orderNote = z.object({
  id: qId,
  noteId: qId,
});

export const listOrderNotes = defineEndpoint({
  method: "GET",
  base: "api",
  path: "/staff/orders/:id/notes",
  jobRule: { action: "view_job", target: (r) => ({ order: r.params.id }) },
  summary: "A job's notes (and its items' notes), newest first",
  params: idParams,
  response: dataEnvelope(z.array(noteWire)),
});

export const listOrderItemNotes = defineEndpoint({
  method: "GET",
  base: "api",
  path: "/staff/order-items/:id/notes",
  jobRule: { action: "view_job", target: (r) => ({ item: r.params.id }) },
  summary: "An order item's notes, newest first",
  params: idParams,
  response: dataEnvelope(z.array(noteWire)),
});

export const createOrderNote = defineEndpoint({
  jobRule: {
    // A note that starts "Receipt Note:" is the job's receipt note; other notes are comments.
    action: (r) => (isReceiptNote(String(r.body?.content ?? "").trim()) ? "receipt_note" : "job_note"),
    target: (r) => ({ order: r.params.id }),
  },
  method: "POST",
  base: "api",
  path: "/staff/orders/:id/notes",
  summary: "Write a note on a job, with uploaded file ids attached",
  params: idParams,
  body: z.strictObject({ content, files: z.array(rowId()).max(10).optional() }),
  response: dataEnvelope(noteWire),
});

export const createOrderNoteRelative = defineEndpoint({
  ...createOrderNote,
  path: "/orders/:id/note",
  summary: "Write a note on a job (relative path)",
});

export const updateOrderNote = defineEndpoint({
  method: "PUT",
  base: "api",
  path: "/staff/orders/:id/notes/:noteId",
  jobRule: { action: "job_note", target: (r) => ({ order: r.params.id }) },
  summary: "Edit a job note (its author only)",
  params: orderNote,
  body: z.strictObject({ content, version: expectedVersion }),
  response: dataEnvelope(noteWire),
});

export const updateReceiptNote = defineEndpoint({
  jobRule: { action: "receipt_note", target: (r) => ({ order: r.params.id }) },
  method: "PUT",
  base: "api",
  path: "/staff/orders/:id/note-receipt/:noteId",
  summary: "Edit a job's receipt note (kept prefixed 'Receipt Note:')",
  params: orderNote,
  body: z.strictObject({ content, version: expectedVersion }),
  response: dataEnvelope(noteWire),
});

export const createOrderItemNote = defineEndpoint({
  method: "POST",
  base: "legacy",
  path: "/orders-item/:id/note",
  jobRule: { action: "job_note", target: (r) => ({ item: r.params.id }) },
  summary: "Write a note on an order item (older API)",
  params: idParams,
  body: z.strictObject({ user_id: rowId().optional(), note: content }),
  response: dataEnvelope(noteWire),
});

export const deleteOrderNote = defineEndpoint({
  method: "DELETE",
  base: "legacy",
  path: "/orders/:id/note/:noteId",
  jobRule: { action: "job_note", target: (r) => ({ order: r.params.id }) },
  summary: "Remove a job note (its author only)",
  params: orderNote,
  query: versionQuery,
  response: messageEnvelope,
});

export const deleteOrderItemNote = defineEndpoint({
  method: "DELETE",
  base: "legacy",
  path: "/orders-item/:id/note/:noteId",
  jobRule: { action: "job_note", target: (r) => ({ item: r.params.id }) },
  summary: "Remove an order item note (its author only)",
  params: orderNote,
  query: versionQuery,
  response: messageEnvelope,
});

export const sendOrderMessage = defineEndpoint({
  method: "POST",
  base: "api",
  path: "/staff/orders/:id/messages",
  jobRule: { action: "send_message", target: (r) => ({ order: r.params.id }) },
  summary: "Send an SMS or e-mail about a job; records a job note",
  serviceValidates: true,
  params: idParams,
  body: messageSchema,
  response: messageEnvelope,
});
