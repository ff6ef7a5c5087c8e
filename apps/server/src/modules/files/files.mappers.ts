import type { FileWire } from "@loupe/contract";
import type { files } from "./files.tables";

export type FileRow = typeof files.$inferSelect;

export const toFileWire = (f: FileRow): FileWire => ({
  id: f.id,
  file_name: f.fileName,
  full_path: `/api/staff/files/${f.id}/content`,
  full_thumbnail_path: f.thumbnailKey ? `/api/staff/files/${f.id}/content?thumbnail=1` : null,
  mime_type: f.mimeType,
  size: f.sizeBytes,
  caption: f.caption,
  customer_id: f.customerId,
  created_at: f.createdAt.toISOString(),
  updated_at: f.updatedAt.toISOString(),
});
