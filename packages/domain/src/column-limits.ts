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

/**
 * A whole number between `min` and `max` as a query string writes it, read the way the contract's
 * `z.coerce.number()` reads it (`Number(text)`: " 12 ", "1e3" and "0x10" are numbers there too).
 */
export const isIntText = (text: string, min: number, max: number): boolean => {
  const n = Number(text);
  return Number.isInteger(n) && n >= min && n <= max;
};

/** A row id as a query string writes it: a positive whole number that fits an `integer` column. */
export const isRowIdText = (text: string): boolean => isIntText(text, 1, INT32_MAX);
