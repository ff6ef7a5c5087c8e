import type { SearchPort } from "./search.port";

/** Meilisearch over its REST API (no SDK needed): documents are pushed on write, queried by the MEILI screens. */
export function createMeilisearch(url: string, apiKey?: string): SearchPort {
  const base = url.replace(/\/$/, "");
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (apiKey) headers.authorization = `Bearer ${apiKey}`;
  const call = async (path: string, init: RequestInit) => {
    const res = await fetch(`${base}${path}`, { ...init, headers });
    if (!res.ok) throw new Error(`Meilisearch ${path} answered ${res.status}: ${await res.text()}`);
    return res.json() as Promise<any>;
  };
  return {
    name: "meilisearch",
    async index(indexName, docs) {
      if (docs.length)
        await call(`/indexes/${indexName}/documents?primaryKey=id`, {
          method: "POST",
          body: JSON.stringify(docs),
        });
    },
    async remove(indexName, ids) {
      if (ids.length)
        await call(`/indexes/${indexName}/documents/delete-batch`, {
          method: "POST",
          body: JSON.stringify(ids),
        });
    },
    async search(indexName, query) {
      const filter = Object.entries(query.filters ?? {})
        .filter(([, v]) => v !== undefined && v !== null && v !== "")
        .map(([k, v]) => `${k} = ${JSON.stringify(v)}`);
      const body = {
        q: query.q ?? "",
        filter,
        hitsPerPage: query.perPage,
        page: query.page,
        attributesToRetrieve: ["id"],
        ...(query.sort ? { sort: [`${query.sort.field}:${query.sort.direction}`] } : {}),
      };
      const json = await call(`/indexes/${indexName}/search`, { method: "POST", body: JSON.stringify(body) });
      return {
        ids: (json.hits as { id: number }[]).map((h) => h.id),
        total: json.totalHits ?? json.estimatedTotalHits ?? 0,
      };
    },
  };
}
