import { CACHE_LIFETIME_MS, type CachedList } from "@loupe/domain";

/** Reference lists cached in localStorage with the spec's lifetimes (one week / one day). */
const PREFIX = "loupe.cache.";

export function readCached<T>(name: CachedList): T | undefined {
  try {
    const raw = localStorage.getItem(PREFIX + name);
    if (!raw) return undefined;
    const entry = JSON.parse(raw) as { at: number; value: T };
    if (Date.now() - entry.at > CACHE_LIFETIME_MS[name]) {
      localStorage.removeItem(PREFIX + name);
      return undefined;
    }
    return entry.value;
  } catch {
    return undefined;
  }
}

export function writeCached<T>(name: CachedList, value: T): void {
  localStorage.setItem(PREFIX + name, JSON.stringify({ at: Date.now(), value }));
}

export function cachedAt(name: CachedList): number | undefined {
  try {
    const raw = localStorage.getItem(PREFIX + name);
    return raw ? (JSON.parse(raw) as { at: number }).at : undefined;
  } catch {
    return undefined;
  }
}

/** Settings → Clear Cache: every cached list goes; the session stays. */
export function clearCache(): void {
  for (const key of Object.keys(localStorage)) if (key.startsWith(PREFIX)) localStorage.removeItem(key);
}
