/** Runs `fn` `runs` times after a warm-up and answers p50/p95 in milliseconds. */
export async function measure(fn: () => Promise<unknown>, runs = 200): Promise<{ p50: number; p95: number }> {
  for (let i = 0; i < Math.min(20, runs); i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
  return { p50: at(0.5), p95: at(0.95) };
}

export const ms = (v: number) => v.toFixed(2).padStart(8);
