import { z } from "zod";
import { defineEndpoint } from "./endpoint";
import { dataEnvelope, idParams, messageEnvelope } from "./envelope";

export const fileWire = z.object({
  id: z.number(),
  file_name: z.string(),
  full_path: z.string(),
  full_thumbnail_path: z.string().nullable(),
  mime_type: z.string(),
  size: z.number(),
  caption: z.string().nullable(),
  customer_id: z.number().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type FileWire = z.infer<typeof fileWire>;

export const uploadCustomerFiles = defineEndpoint({
  access: { resource: "file", action: "create", customer: "id" },
  method: "POST",
  base: "api",
  path: "/customer/:id/files",
  summary: "Upload files (multipart files[n]) to a customer",
  params: idParams,
  multipart: true,
  response: dataEnvelope(z.array(fileWire)),
});

export const listCustomerFiles = defineEndpoint({
  access: { resource: "file", action: "list", customer: "id" },
  method: "GET",
  base: "api",
  path: "/customer/:id/files",
  summary: "A customer's files, newest first",
  params: idParams,
  response: dataEnvelope(z.array(fileWire)),
});

export const uploadStaffFile = defineEndpoint({
  access: { resource: "file", action: "create" },
  method: "POST",
  base: "api",
  path: "/staff/files",
  summary: "Upload a file (multipart) to attach to a note or prescription",
  multipart: true,
  response: dataEnvelope(z.array(fileWire)),
});

export const getFile = defineEndpoint({
  access: { resource: "file", action: "view" },
  method: "GET",
  base: "api",
  path: "/staff/files/:id",
  summary: "A file's details",
  params: idParams,
  response: dataEnvelope(fileWire),
});

export const downloadFile = defineEndpoint({
  files: {
    description: "The file as stored (its own media type: an image, a PDF…)",
    mediaTypes: ["application/octet-stream", "image/*", "application/pdf"],
    stored: true,
  },
  access: { resource: "file", action: "download" },
  method: "GET",
  base: "api",
  path: "/staff/files/:id/content",
  summary:
    "A file's bytes, with the bearer token in the Authorization header (thumbnail=1 for the image thumbnail; download=1 to save). Documents always download.",
  params: idParams,
  query: z.object({
    thumbnail: z.string().optional(),
    download: z.string().optional(),
  }),
});

export const deleteFile = defineEndpoint({
  access: { resource: "file", action: "delete" },
  method: "DELETE",
  base: "api",
  path: "/staff/files/:id",
  summary: "Remove a file",
  params: idParams,
  response: messageEnvelope,
});
