/**
 * At most `limit` calls at once, the next `backlog` waiting their turn in order, and any beyond
 * refused at once. A burst of deliveries from outside (a provider's retry storm) then holds a few of
 * the pool's connections, not all of them, and staff reads keep theirs; a refused delivery is
 * answered 503 with Retry-After and comes again, as the providers promise.
 */
export class GateFull extends Error {
  constructor() {
    super("Too many calls waiting");
  }
}

export interface ConcurrencyGate {
  run<T>(fn: () => Promise<T>): Promise<T>;
  /** Calls running and waiting now (for tests and metrics). */
  readonly running: number;
  readonly waiting: number;
}

export function createConcurrencyGate(limit: number, backlog: number): ConcurrencyGate {
  let running = 0;
  const queue: (() => void)[] = [];
  const release = () => {
    running--;
    const next = queue.shift();
    if (next) {
      running++;
      next();
    }
  };
  return {
    get running() {
      return running;
    },
    get waiting() {
      return queue.length;
    },
    async run<T>(fn: () => Promise<T>): Promise<T> {
      if (running >= limit) {
        if (queue.length >= backlog) throw new GateFull();
        // The slot is handed over by `release`, so a late arrival cannot jump the queue.
        await new Promise<void>((resolve) => queue.push(resolve));
      } else running++;
      try {
        return await fn();
      } finally {
        release();
      }
    },
  };
}
