import { AppError } from "../../platform/http/app-error";
import type { SearchFilter, SearchIndexDefinition, SearchPort, SearchScalar } from "./search.port";

interface MeiliTask {
  taskUid?: number;
  uid?: number;
  status?: string;
  error?: { message?: string } | null;
}

const FINISHED = new Set(["succeeded", "failed", "canceled"]);

/**
 * Meilisearch over its REST API (no SDK needed). Writes are asynchronous tasks there; the adapter
 * waits for each one (up to `taskTimeoutMs`) so that a customer saved on one screen is found by the
 * next search.
 */
export function createMeilisearch(
  url: string,
  apiKey?: string,
  options: { taskTimeoutMs?: number; requestTimeoutMs?: number } = {},
): SearchPort {
  const base = url.replace(/\/$/, "");
  const taskTimeoutMs = options.taskTimeoutMs ?? 5000;
  const requestTimeoutMs = options.requestTimeoutMs ?? 5000;
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (apiKey) headers.authorization = `Bearer ${apiKey}`;
  const unavailable = (detail: string) =>
    new AppError("upstream_failed", `The search service is unavailable (${detail}).`);

  async function call<T>(path: string, init: RequestInit = {}, allow404 = false): Promise<T | null> {
    let res: Response;
    try {
      res = await fetch(`${base}${path}`, {
        ...init,
        headers,
        signal: AbortSignal.timeout(requestTimeoutMs),
      });
    } catch (err) {
      throw unavailable((err as Error).message);
    }
    if (allow404 && res.status === 404) return null;
    if (!res.ok)
      throw unavailable(`${init.method ?? "GET"} ${path} answered ${res.status}: ${await res.text()}`);
    return (await res.json()) as T;
  }

  async function waitFor(task: MeiliTask | null): Promise<void> {
    const uid = task?.taskUid ?? task?.uid;
    if (uid === undefined) return;
    const deadline = Date.now() + taskTimeoutMs;
    for (let delay = 5; ; delay = Math.min(delay * 2, 100)) {
      const state = await call<MeiliTask>(`/tasks/${uid}`);
      if (state?.status && FINISHED.has(state.status)) {
        if (state.status !== "succeeded")
          throw unavailable(`task ${uid} ${state.status}: ${state.error?.message ?? ""}`);
        return;
      }
      if (Date.now() > deadline)
        throw unavailable(`task ${uid} still ${state?.status} after ${taskTimeoutMs} ms`);
      await new Promise((r) => setTimeout(r, delay));
    }
  }

  const enc = encodeURIComponent;
  return {
    name: "meilisearch",

    async prepare(definition: SearchIndexDefinition) {
      const uid = enc(definition.name);
      const existing = await call<{ primaryKey?: string }>(`/indexes/${uid}`, {}, true);
      if (!existing) {
        await waitFor(
          await call<MeiliTask>("/indexes", {
            method: "POST",
            body: JSON.stringify({ uid: definition.name, primaryKey: "id" }),
          }),
        );
      }
      await waitFor(
        await call<MeiliTask>(`/indexes/${uid}/settings`, {
          method: "PATCH",
          body: JSON.stringify({
            searchableAttributes: definition.searchable,
            filterableAttributes: definition.filterable,
            sortableAttributes: definition.sortable,
            // Meilisearch stops counting at 1,000 hits by default; the lists page through more.
            pagination: { maxTotalHits: 10_000 },
          }),
        }),
      );
      const stats = await call<{ numberOfDocuments: number }>(`/indexes/${uid}/stats`);
      return { documents: stats?.numberOfDocuments ?? 0 };
    },

    async index(indexName, docs) {
      if (!docs.length) return;
      await waitFor(
        await call<MeiliTask>(`/indexes/${enc(indexName)}/documents?primaryKey=id`, {
          method: "POST",
          body: JSON.stringify(docs),
        }),
      );
    },

    async remove(indexName, ids) {
      if (!ids.length) return;
      await waitFor(
        await call<MeiliTask>(`/indexes/${enc(indexName)}/documents/delete-batch`, {
          method: "POST",
          body: JSON.stringify(ids),
        }),
      );
    },

    async search(indexName, query) {
      // An array of filters is ANDed by Meilisearch.
      const filter = Object.entries(query.filters ?? {}).flatMap(([k, v]) => meiliFilter(k, v));
      const body = {
        q: query.q ?? "",
        filter,
        hitsPerPage: query.perPage,
        page: query.page,
        attributesToRetrieve: ["id"],
        ...(query.sort ? { sort: [`${query.sort.field}:${query.sort.direction}`] } : {}),
      };
      const json = await call<{ hits: { id: number }[]; totalHits?: number; estimatedTotalHits?: number }>(
        `/indexes/${enc(indexName)}/search`,
        { method: "POST", body: JSON.stringify(body) },
      );
      return {
        ids: (json?.hits ?? []).map((h) => Number(h.id)),
        total: json?.totalHits ?? json?.estimatedTotalHits ?? 0,
      };
    },
  };
}

/** Strings are quoted, numbers bare. */
const literal = (v: SearchScalar) => (typeof v === "number" ? String(v) : JSON.stringify(String(v)));

/** A port filter in Meilisearch's filter syntax; nothing for "no filter". */
export function meiliFilter(field: string, v: SearchFilter): string[] {
  if (v === undefined || v === null || v === "") return [];
  if (typeof v !== "object") return [`${field} = ${literal(v)}`];
  if ("in" in v) return [`${field} IN [${v.in.map(literal).join(", ")}]`];
  if ("notIn" in v) return v.notIn.length ? [`${field} NOT IN [${v.notIn.map(literal).join(", ")}]`] : [];
  return [
    ...(v.gte !== undefined ? [`${field} >= ${v.gte}`] : []),
    ...(v.lt !== undefined ? [`${field} < ${v.lt}`] : []),
  ];
}
