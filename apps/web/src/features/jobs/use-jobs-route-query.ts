import {
  cleanJobsRouteQuery,
  customFilterDefinition,
  JOB_QUERY_KEYS,
  JOBS_DEFAULT_SORT,
  jobsOpeningQuery,
} from "@loupe/domain";
import { useEffect } from "react";
import { useSearchParams } from "react-router";
import { brandSlug } from "../../lib/config";
import { sameQuery } from "../../lib/same-query";
import { useCurrentUser } from "../reference/use-reference-data";

export type RouteChanges = Record<string, string | string[] | null | undefined>;

const withoutKey = (params: URLSearchParams, key: string) => {
  const next = new URLSearchParams(params);
  next.delete(key);
  return next.toString();
};

/** The query remembered for this screen, cleaned as a typed one is; null when nothing is left. */
function savedQuery(storageKey: string): URLSearchParams | null {
  const text = localStorage.getItem(storageKey);
  if (!text) return null;
  const cleaned = cleanJobsRouteQuery(new URLSearchParams(text));
  return cleaned.toString() ? cleaned : null;
}

/** A fresh refresh value (spec §4 "r"): the same filters chosen twice still refetch. */
const refreshValue = () => String(Math.floor(Math.random() * 1_000_000));

/** The custom filter's sort, or the not-implemented error it raises (spec §8). */
function customFilterState(name: string | null) {
  if (!name) return { sort: null, error: null };
  try {
    const def = customFilterDefinition(name, brandSlug);
    return { sort: { sort_by: def.sort_by, sort_direction: def.sort_direction }, error: null };
  } catch (err) {
    return { sort: null, error: (err as Error).message };
  }
}

const outletIdsOf = (params: URLSearchParams) =>
  params
    .getAll("outlet_id")
    .flatMap((v) => v.split(","))
    .filter(Boolean);

/** The route query as the list call sends it: the spec's keys, outlets comma-joined, default sort. */
function routeQuery(
  params: URLSearchParams,
  outletIds: string[],
  customSort: { sort_by: string; sort_direction: string } | null,
): Record<string, string> {
  const q: Record<string, string> = {};
  for (const key of JOB_QUERY_KEYS) {
    const value = key === "outlet_id" ? outletIds.join(",") : params.get(key);
    if (value) q[key] = value;
  }
  q.page ??= JOBS_DEFAULT_SORT.page;
  q.sort_by ??= customSort?.sort_by ?? JOBS_DEFAULT_SORT.sort_by;
  q.sort_direction ??= customSort?.sort_direction ?? JOBS_DEFAULT_SORT.sort_direction;
  return q;
}

/** A cleaned address query as the screen reads it: its custom filter, its outlets, the list call's query. */
function routeState(params: URLSearchParams) {
  const custom = customFilterState(params.get("customFilter"));
  const outletIds = outletIdsOf(params);
  return { custom, outletIds, route: routeQuery(params, outletIds, custom.sort) };
}

/**
 * The jobs list state, all of it in the address query (spec §4) and remembered in the browser
 * under `storageKey`: opening the screen with no query brings the last one back, and with none
 * remembered, the signed-in user's opening query (their home region, issue 52).
 */
export function useJobsRouteQuery(storageKey: string, onLeave?: (route: Record<string, string>) => void) {
  const [raw, setParams] = useSearchParams();
  const { data: me } = useCurrentUser();
  const empty = [...raw.keys()].length === 0;
  // Bad or unknown values fall back to their defaults: the screen never sees them.
  const params = cleanJobsRouteQuery(raw);
  const dirty = !empty && !sameQuery(params, raw);
  const opening = me ? jobsOpeningQuery(me) : null;
  const saved = empty
    ? (savedQuery(storageKey)?.toString() ?? (opening ? new URLSearchParams(opening).toString() : null))
    : null;

  useEffect(() => {
    if (saved) setParams(new URLSearchParams(saved), { replace: true });
    else if (empty) localStorage.removeItem(storageKey);
  }, [saved, empty, storageKey, setParams]);

  const serialized = params.toString();
  useEffect(() => {
    if (dirty) setParams(new URLSearchParams(serialized), { replace: true });
  }, [dirty, serialized, setParams]);

  const { custom, outletIds, route } = routeState(params);
  const remembered = custom.error ? withoutKey(params, "customFilter") : serialized;
  useEffect(() => {
    // An empty query is the moment before a restore, not a choice worth remembering; nor is a
    // custom filter that only shows an error.
    if (remembered) localStorage.setItem(storageKey, remembered);
  }, [remembered, storageKey]);

  /** Goes to a new address, first telling `onLeave` the route it will show (when it can be sent). */
  const go = (next: URLSearchParams) => {
    const coming = routeState(cleanJobsRouteQuery(next));
    if (onLeave && !coming.custom.error) onLeave(coming.route);
    setParams(next);
  };

  /** Sets or removes keys; back to page 1 unless `keepPage`. */
  const push = (changes: RouteChanges, keepPage = false) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      next.delete(k);
      const value = Array.isArray(v) ? v.join(",") : v;
      if (value) next.set(k, value);
    }
    if (!keepPage) next.set("page", "1");
    next.set("r", refreshValue());
    go(next);
  };

  /** Replaces the whole query (a tab, a saved search). */
  const replace = (query: Record<string, string | number>) => {
    const next = new URLSearchParams();
    for (const [k, v] of Object.entries(query)) if (v !== "" && v != null) next.set(k, String(v));
    next.set("r", refreshValue());
    go(next);
  };

  return {
    params,
    route,
    outletIds,
    customFilterError: custom.error,
    /** True for the render before a remembered query is restored: nothing to fetch yet. */
    restoring: saved !== null || dirty,
    get: (key: string) => params.get(key) ?? "",
    push,
    replace,
  };
}
export type JobsRouteQuery = ReturnType<typeof useJobsRouteQuery>;
