/**
 * Runs `round` every `seconds` (never two at once: the next wait starts when a round ends) until
 * stopped; 0 or less never runs. The background workers on the database (tracking, lens states)
 * use it, so a round in progress is awaited on close and a failed round is only logged.
 */
export function runEvery(
  seconds: number,
  round: () => Promise<unknown>,
  onError: (err: unknown) => void,
): { stop(): Promise<void> } {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  let stopped = false;
  const schedule = () => {
    if (stopped || seconds <= 0) return;
    timer = setTimeout(() => {
      running = round()
        .catch(onError)
        .finally(() => {
          running = null;
          schedule();
        });
    }, seconds * 1000);
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
