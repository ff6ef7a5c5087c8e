/** A failed round waits twice as long as the one before it, up to this many times the interval. */
const MAX_BACKOFF = 8;

/**
 * Runs `round` every `seconds` (never two at once: the next wait starts when a round ends) until
 * stopped; 0 or less never runs. The background workers on the database (tracking, lens states)
 * use it, so a round in progress is awaited on close and a failed round is only logged, never
 * thrown: a database that is down must not end the process. After a failure the next round waits
 * twice as long (up to 8 intervals), so a loop backs off while the database is away, and returns to
 * its interval after the first round that succeeds (ADR 0055).
 */
export function runEvery(
  seconds: number,
  round: () => Promise<unknown>,
  onError: (err: unknown) => void,
): { stop(): Promise<void> } {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  let stopped = false;
  let backoff = 1;
  const schedule = () => {
    if (stopped || seconds <= 0) return;
    timer = setTimeout(
      () => {
        running = Promise.resolve()
          .then(round)
          .then(
            () => {
              backoff = 1;
            },
            (err) => {
              backoff = Math.min(backoff * 2, MAX_BACKOFF);
              try {
                onError(err);
              } catch {
                // A logger that throws must not end the loop, nor the process.
              }
            },
          )
          .finally(() => {
            running = null;
            schedule();
          });
      },
      seconds * 1000 * backoff,
    );
    timer.unref();
  };
  schedule();
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
