import type { z } from "zod";
import type { Endpoint } from "./endpoint";
import { expectedVersion, versionQuery } from "./envelope";

interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  left?: z.ZodType;
  right?: z.ZodType;
  in?: z.ZodType;
  innerType?: z.ZodType;
}
const defOf = (s: z.ZodType) => (s as unknown as { _zod: { def: Def } })._zod.def;

/** Whether an object schema (through intersections and wrappers) has `key` as exactly `field`. */
function hasField(schema: z.ZodType | undefined, key: string, field: z.ZodType): boolean {
  if (!schema) return false;
  const d = defOf(schema);
  if (d.type === "object") return d.shape?.[key] === field;
  if (d.type === "intersection") return hasField(d.left, key, field) || hasField(d.right, key, field);
  if (d.type === "pipe") return hasField(d.in, key, field);
  return d.innerType ? hasField(d.innerType, key, field) : false;
}

/**
 * Where a versioned write takes the version its caller edited (ADR 0007): the body's
 * `version: expectedVersion` (updates) or the `version` query (deletes); null for any other
 * endpoint. The binder answers 428 when a versioned write comes without it (ADR 0027).
 */
export function versionSlot(endpoint: Endpoint): "body" | "query" | null {
  if (endpoint.method === "GET") return null;
  if (hasField(endpoint.body, "version", expectedVersion)) return "body";
  if (endpoint.query === versionQuery || hasField(endpoint.query, "version", versionQuery.shape.version))
    return "query";
  return null;
}

/** The 428's sentence, written once in the domain. */
export { VERSION_REQUIRED } from "@loupe/domain";
