import type { Database } from "../db/client";

/** The channel migration 0027's triggers notify on any change to `sessions` or `staff_users`. */
export const AUTH_CHANGED_CHANNEL = "loupe_auth_changed";

export interface SessionCacheOptions {
  /** How long a remembered session is trusted at most, even with no notice (ADR 0020). */
  ttlMs?: number;
  /** How many sessions one process remembers; the oldest go first. */
  maxEntries?: number;
  now?: () => number;
}

interface Entry<T> {
  value: T;
  at: number;
  expiresAt: number;
}

/**
 * The sessions this process has checked lately, so most calls skip the session look-up (ADR 0020).
 * Trusted only while the database's change notices reach this process: any change to a session or
 * a staff member (from any process, or SQL by hand) empties it, so does any write this process
 * answers, and while the notices are not coming in nothing is remembered at all. A look-up that
 * overlapped a change is not remembered (the generation moved on while it ran).
 */
export function createSessionCache<T>({
  ttlMs = 30_000,
  maxEntries = 10_000,
  now = Date.now,
}: SessionCacheOptions = {}) {
  const entries = new Map<string, Entry<T>>();
  let generation = 0;
  let live = false;
  const forgetAll = () => {
    generation++;
    entries.clear();
  };
  return {
    /** The remembered session for a token hash, if it is still to be trusted. */
    get(tokenHash: string): T | undefined {
      if (!live) return undefined;
      const hit = entries.get(tokenHash);
      if (!hit) return undefined;
      const t = now();
      if (t - hit.at >= ttlMs || t >= hit.expiresAt) {
        entries.delete(tokenHash);
        return undefined;
      }
      return hit.value;
    },
    /** Where a look-up starts: remember its answer with `remember(…, startedAt)`. */
    generation: () => generation,
    remember(tokenHash: string, value: T, expiresAt: Date, startedAt: number) {
      if (!live || startedAt !== generation) return;
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
      entries.set(tokenHash, { value, at: now(), expiresAt: expiresAt.getTime() });
    },
    forgetAll,
    /** The change notices are in place: remembering may start. */
    setLive(on: boolean) {
      forgetAll();
      live = on;
    },
  };
}
export type SessionCache<T> = ReturnType<typeof createSessionCache<T>>;

/** Keeps the cache in step with the database's change notices; answers the stop. */
export function followAuthChanges<T>(database: Database, cache: SessionCache<T>) {
  return database.listen(AUTH_CHANGED_CHANNEL, {
    notice: () => cache.forgetAll(),
    live: () => cache.setLive(true),
    lost: () => cache.setLive(false),
  });
}
