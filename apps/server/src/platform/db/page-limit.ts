/**
 * A list page's `limit … offset …`. A first page's size is written into the text (an integer the
 * contract has checked), not bound: a first page with no filter values then binds nothing and can
 * run as a named statement planned once (ADR 0046). Other pages bind both, so the texts stay few.
 */
export function pageLimitSql(page: number, perPage: number, p: (v: unknown) => string): string {
  return page === 1 && Number.isSafeInteger(perPage) && perPage > 0
    ? `limit ${perPage}`
    : `limit ${p(perPage)} offset ${p((page - 1) * perPage)}`;
}
