/** Runs `fn` `runs` times after a warm-up and answers p50/p95 in milliseconds. */
export async function measure(fn: () => Promise<unknown>, runs = 200): Promise<{ p50: number; p95: number }> {
  for (let i = 0; i < Math.min(20, runs); i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
  }
  return percentiles(times);
}

/** p50 and p95 of a list of timings (sorts it in place). */
export function percentiles(times: number[]): { p50: number; p95: number } {
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
  return { p50: at(0.5), p95: at(0.95) };
}

/**
 * `a` and `b` taken in turns, `runs` times each: both meet the database after the same pause. Timed
 * in separate loops, the raw statement runs back to back on a database that never idles, while the
 * endpoint's statement follows its own JavaScript (measured: the same statement takes 1.1 ms in a
 * tight loop and 1.9 ms after 2 ms of other work in the process).
 */
export async function measureInTurns(
  a: () => Promise<unknown>,
  b: () => Promise<unknown>,
  runs = 200,
): Promise<[{ p50: number; p95: number }, { p50: number; p95: number }]> {
  for (let i = 0; i < Math.min(20, runs); i++) {
    await a();
    await b();
  }
  const times: [number[], number[]] = [[], []];
  for (let i = 0; i < runs; i++) {
    for (const [k, fn] of [a, b].entries()) {
      const t0 = performance.now();
      await fn();
      times[k].push(performance.now() - t0);
    }
  }
  return [percentiles(times[0]), percentiles(times[1])];
}

export const ms = (v: number) => v.toFixed(2).padStart(8);
