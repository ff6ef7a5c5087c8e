/**
 * What any value from outside may be before it reaches the database. Ids and counts land in
 * PostgreSQL `integer` columns (32 bits), and PostgreSQL text cannot hold U+0000: a value past
 * either limit is the caller's mistake, refused by name, not a database error. Without zod, so the
 * first screen's address-query rules can use them too (customers-route-query.ts).
 */
export const INT32_MAX = 2_147_483_647;
export const INT32_MIN = -2_147_483_648;

export const NUL_MESSAGE = "must not contain a NUL character";
export const containsNul = (s: string): boolean => s.includes("\u0000");
