export interface RetryPolicy {
  /** The wait after the first failed run; each further failure doubles it. */
  baseMs: number;
  /** No wait grows past this. */
  maxMs: number;
}

/**
 * How long to wait after the `failures`-th failed run: doubling from `baseMs`, capped at `maxMs`,
 * of which a random half is dropped ("equal jitter"), so tasks that failed together (a provider or
 * the database was down) do not all come back at the same instant.
 */
export function retryDelayMs(
  failures: number,
  policy: RetryPolicy,
  random: () => number = Math.random,
): number {
  const full = Math.min(policy.maxMs, policy.baseMs * 2 ** Math.max(0, failures - 1));
  return Math.round(full / 2 + random() * (full / 2));
}
