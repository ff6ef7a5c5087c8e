/**
 * `compute` with its answers kept per key (by default its first argument), all forgotten at once
 * when `limit` are kept: for pure answers asked again and again on a hot path (a zone's day
 * bounds, a day's spelling, a region's statuses within one call).
 */
export function remembered<A extends unknown[], V>(
  compute: (...args: A) => V,
  options: { limit: number; key?: (...args: A) => unknown },
): (...args: A) => V {
  const known = new Map<unknown, V>();
  const keyOf = options.key ?? ((...args: A) => args[0]);
  return (...args) => {
    const key = keyOf(...args);
    if (known.has(key)) return known.get(key) as V;
    const value = compute(...args);
    if (known.size >= options.limit) known.clear();
    known.set(key, value);
    return value;
  };
}
