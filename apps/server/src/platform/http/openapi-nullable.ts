/**
 * OpenAPI 3.0 reads `nullable: true` as adding null to `type` only: an `enum` still limits the
 * value, so a nullable enum must list null itself (OAS 3.0.3 "nullable" clarification) or a strict
 * validator refuses every null the API answers (a customer's `gender`, a job's `refund_type`).
 * zod's nullable enums come out without it; this adds it everywhere in the document, in place.
 */
export function listNullInNullableEnums<T>(node: T): T {
  if (Array.isArray(node)) for (const item of node) listNullInNullableEnums(item);
  else if (node && typeof node === "object") {
    const schema = node as Record<string, unknown>;
    if (schema.nullable === true && Array.isArray(schema.enum) && !schema.enum.includes(null))
      schema.enum = [...schema.enum, null];
    for (const value of Object.values(schema)) listNullInNullableEnums(value);
  }
  return node;
}
