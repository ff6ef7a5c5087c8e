import { int32Text, rowIdText } from "@loupe/domain";
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
});
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;

export const errorCodes = {
  validation_failed: 422,
  bad_request: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal: 500,
  not_implemented: 501,
  upstream_failed: 502,
} as const;
export type ErrorCode = keyof typeof errorCodes;

/** `{ data: T }`: the spec's "response data.data". */
export const dataEnvelope = <T extends z.ZodType>(item: T) => z.object({ data: item });

export const pagination = z.object({
  total: z.number(),
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
  z.object({ data: z.object({ hits: z.array(item), total: z.number() }) });

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
export const idParams = z.object({ id: qId });
