// A prefix search on a btree read in byte order ("C" collation) is one index range; the customers
// name tiers (ADR 0019) and the jobs name count (ADR 0042) read it.

/**
 * The smallest string greater than every string that starts with `s` (byte order, as "C" compares
 * UTF-8): `s` with its last character moved on by one. Null when there is none (the last character
 * is the highest code point); then the range has no upper end.
 */
export function prefixEnd(s: string): string | null {
  const chars = Array.from(s);
  while (chars.length) {
    const last = chars.pop() as string;
    let cp = (last.codePointAt(0) as number) + 1;
    if (cp >= 0xd800 && cp <= 0xdfff) cp = 0xe000; // surrogates are not characters
    if (cp <= 0x10ffff) return chars.join("") + String.fromCodePoint(cp);
  }
  return null;
}

/** `expr` starts with `term`, as one range of a byte-order btree on `expr`: [term, prefixEnd(term)). */
export function prefixRangeSql(expr: string, term: string, p: (v: unknown) => string): string {
  const end = prefixEnd(term);
  return `${expr} >= ${p(term)}${end === null ? "" : ` and ${expr} < ${p(end)}`}`;
}

/**
 * How many rows of `from` have `expr` starting with `term`, counted up to `cap` + 1 off a byte-order
 * btree on `expr` (one range, read in order, stopped at the limit); `also` adds " and …" filters.
 */
export function prefixCountSql(
  from: string,
  expr: string,
  term: string,
  p: (v: unknown) => string,
  cap: number,
  also = "",
): string {
  return `(select count(*)::int from (select 1 from ${from} where ${prefixRangeSql(expr, term, p)}${also} limit ${cap + 1}) s)`;
}
