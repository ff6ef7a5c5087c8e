import { int32Text, rowId, rowIdText, TOTAL_KINDS } from "@loupe/domain";
import { z } from "zod";

/**
 * The one error shape every failure answers with. `code` is what clients switch on; `message`
 * and `error` carry the same human text because the spec's screens read either field; `errors`
 * maps a field name to its messages for forms.
 */
export const errorEnvelope = z.object({
  code: z.string(),
  message: z.string(),
  error: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
  /** The request's id, also in the `x-request-id` header and on the server's log line for it. */
  request_id: z.string().optional(),
  /** Structured facts behind the message: `versionConflict` (see below) for a stale edit's 409 (ADR 0007). */
  details: z.record(z.string(), z.unknown()).optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;

export const errorCodes = {
  validation_failed: 422,
  bad_request: 400,
  unauthenticated: 401,
  forbidden: 403,
  /** The rulebook needs a manager's approval for this call: a refund or void above the region's limit (ADR 0022). */
  approval_required: 403,
  not_found: 404,
  conflict: 409,
  /** The record is known but its stored bytes are not in the file store (a file's content, ADR 0048). */
  gone: 410,
  payload_too_large: 413,
  /** A versioned write sent no `version`: "Send the version you edited" (ADR 0022, 0027). */
  precondition_required: 428,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal: 500,
  not_implemented: 501,
  upstream_failed: 502,
  /** The database cannot be reached or cannot serve right now; the answer carries Retry-After (ADR 0055). */
  unavailable: 503,
} as const;
export type ErrorCode = keyof typeof errorCodes;

/** `{ data: T }`: the spec's "response data.data". */
export const dataEnvelope = <T extends z.ZodType>(item: T) => z.object({ data: item });

/** How far `total` can be trusted (ADR 0016, domain's TOTAL_KINDS). Absent means exact. */
export const totalKind = z.enum(TOTAL_KINDS);

export const pagination = z.object({
  total: z.number(),
  total_kind: totalKind.optional(),
  count: z.number(),
  per_page: z.number(),
  current_page: z.number(),
  total_pages: z.number(),
});
export type Pagination = z.infer<typeof pagination>;

/** `{ data: T[], meta: { pagination } }`: the spec's paged lists. */
export const pagedEnvelope = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), meta: z.object({ pagination }) });

/** `{ data: { hits, total } }`: the search-index ("MEILI") lists. */
export const hitsEnvelope = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.object({ hits: z.array(item), total: z.number(), total_kind: totalKind.optional() }) });

export const messageEnvelope = z.object({ message: z.string() });

/**
 * Query-string and path helpers: everything arrives as text. Every number the API takes is bounded
 * to what an `integer` column holds (domain's input rules), so a huge id is a 422, not a 500.
 */
export const qInt = int32Text();
export const qId = rowIdText();
export const qBool = z
  .union([z.boolean(), z.enum(["true", "false", "1", "0"])])
  .transform((v) => v === true || v === "true" || v === "1");

/**
 * Optimistic locking (ADR 0007). Every versioned record answers its `version`; an edit or delete
 * may send back the one it read, and a stale one answers 409 `conflict` with these details.
 * Optional on the wire for the spec's older callers; the web app always sends it.
 */
export const expectedVersion = rowId().optional();
export const versionQuery = z.object({ version: qId.optional() });
/** `details.versionConflict` of a 409 `conflict` answered to a stale edit or delete. */
export const versionConflictDetails = z.object({
  /** What the record is, in staff words ("prescription", "customer"…). */
  record: z.string(),
  id: z.number(),
  /** The version the client sent and the one the record is at now. */
  expected_version: z.number(),
  current_version: z.number(),
  /** When and by whom it was last changed; the client formats the time in its outlet's zone. */
  updated_at: z.string(),
  updated_by: z.object({ id: z.number(), full_name: z.string() }).nullable(),
});
export type VersionConflictDetails = z.infer<typeof versionConflictDetails>;
export const idParams = z.object({ id: qId });
