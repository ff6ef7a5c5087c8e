// Attachments (customers-area §5, §9).

export const ALLOWED_FILE_EXTENSIONS = ["jpeg", "jpg", "png", "bmp", "pdf", "doc", "docx"] as const;
export const PREVIEW_EXTENSIONS = ["jpg", "jpeg", "png", "bmp"] as const;
export const MAX_FILE_KB = 10024;
export const MAX_FILE_BYTES = MAX_FILE_KB * 1024;
export const FILE_TYPE_MESSAGE = "File must be an image, pdf or doc/docx";
export const FILE_REMOVED = "File successfully removed!";
export const FILE_REMOVE_CONFIRM = "Please confirm that you want to delete file.";
export const FILE_DELETED_FROM_PRESCRIPTION = "File deleted from prescription";
export const FILE_TOO_LARGE_MESSAGE = "The file has to be smaller than 9.8MB";
/** A file (or its thumbnail) whose row is kept but whose bytes the file store no longer holds (ADR 0048). */
export const fileBytesMissingMessage = (fileName: string, thumbnail = false) =>
  `The ${thumbnail ? "thumbnail of the file" : "file"} "${fileName}" is missing from the file store. Upload it again, or ask an administrator to restore the file store.`;

export const extensionOf = (name: string): string =>
  name.includes(".") ? name.split(".").pop()!.toLowerCase() : "";

export const hasAllowedExtension = (name: string): boolean =>
  (ALLOWED_FILE_EXTENSIONS as readonly string[]).includes(extensionOf(name));

export const canPreview = (name: string): boolean =>
  (PREVIEW_EXTENSIONS as readonly string[]).includes(extensionOf(name));

/**
 * Whether bytes sniffed as `mime` may be stored under extension `ext`. Old .doc files sniff as a
 * compound file (x-cfb) and .docx as a zip, so those two are accepted only under their own names.
 */
export function isAllowedSniffedType(mime: string | undefined, ext: string): boolean {
  const e = ext.toLowerCase();
  switch (mime) {
    case "image/jpeg":
      return e === "jpg" || e === "jpeg";
    case "image/png":
      return e === "png";
    case "image/bmp":
      return e === "bmp";
    case "application/pdf":
      return e === "pdf";
    case "application/x-cfb":
    case "application/msword":
      return e === "doc";
    case "application/zip":
    case "application/vnd.openxmlformats-officedocument.wordprocessingml.document":
      return e === "docx";
    default:
      return false;
  }
}
