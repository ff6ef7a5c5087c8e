import http from "node:http";
import type { AddressInfo } from "node:net";

type Doc = Record<string, unknown> & { id: number };
interface FakeIndex {
  primaryKey: string | null;
  docs: Map<number, Doc>;
  searchable: string[];
  filterable: string[];
  sortable: string[];
}

/**
 * An in-process stand-in for the parts of Meilisearch's REST API the adapter uses, for tests on
 * machines without the engine: indexes, settings, documents, tasks and search with `page` /
 * `hitsPerPage`. Like the real engine it refuses filters and sorts on attributes the settings do
 * not allow, and every query word must match the start of a word of a searchable attribute.
 */
export async function startFakeMeilisearch(apiKey?: string) {
  const indexes = new Map<string, FakeIndex>();
  const requests: { method: string; path: string; body: unknown }[] = [];
  let taskUid = 0;
  const task = (indexUid: string, type: string) => ({
    taskUid: ++taskUid,
    indexUid,
    status: "enqueued",
    type,
    enqueuedAt: new Date().toISOString(),
  });
  const create = (uid: string, primaryKey: string | null): FakeIndex => {
    const index = { primaryKey, docs: new Map(), searchable: ["*"], filterable: [], sortable: [] };
    indexes.set(uid, index);
    return index;
  };
  const words = (v: unknown) =>
    String(v ?? "")
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean);

  function search(index: FakeIndex, body: Record<string, any>) {
    const filters: { field: string; test: (v: unknown) => boolean }[] = [];
    for (const f of (body.filter ?? []) as string[]) {
      const parsed = parseFilter(f);
      if (!parsed || !index.filterable.includes(parsed.field)) {
        return {
          status: 400,
          json: {
            code: "invalid_search_filter",
            message: `Attribute \`${parsed?.field ?? f}\` is not filterable.`,
          },
        };
      }
      filters.push(parsed);
    }
    const [sortField, sortDir] = body.sort?.[0]?.split(":") ?? [];
    if (sortField && !index.sortable.includes(sortField)) {
      return {
        status: 400,
        json: { code: "invalid_search_sort", message: `Attribute \`${sortField}\` is not sortable.` },
      };
    }
    const query = words(body.q);
    const attributes = index.searchable.includes("*") ? null : index.searchable;
    const scored: { doc: Doc; rank: number[] }[] = [];
    for (const doc of index.docs.values()) {
      if (!filters.every((f) => f.test(doc[f.field]))) continue;
      let rank: number[] = [];
      if (query.length) {
        const fields = (attributes ?? Object.keys(doc)).map((a) => words(doc[a]));
        // Per query word: the first attribute holding it, and whether it matched a whole word.
        const hits = query.map((w) => {
          const at = fields.findIndex((ws) => ws.some((x) => x.startsWith(w)));
          return at < 0 ? null : { at, exact: fields[at].includes(w) };
        });
        if (hits.some((h) => h === null)) continue;
        rank = [Math.min(...hits.map((h) => h!.at)), -hits.filter((h) => h!.exact).length];
      }
      scored.push({ doc, rank });
    }
    scored.sort((a, b) => {
      for (let i = 0; i < a.rank.length; i++) if (a.rank[i] !== b.rank[i]) return a.rank[i] - b.rank[i];
      if (sortField) {
        const x = a.doc[sortField] as string | number;
        const y = b.doc[sortField] as string | number;
        if (x !== y) return (x < y ? -1 : 1) * (sortDir === "desc" ? -1 : 1);
      }
      return 0;
    });
    const perPage = body.hitsPerPage ?? 20;
    const page = body.page ?? 1;
    const hits = scored.slice((page - 1) * perPage, page * perPage).map(({ doc }) => {
      const keep = body.attributesToRetrieve as string[] | undefined;
      return keep ? Object.fromEntries(keep.filter((k) => k in doc).map((k) => [k, doc[k]])) : doc;
    });
    return {
      status: 200,
      json: {
        hits,
        query: body.q ?? "",
        page,
        hitsPerPage: perPage,
        totalHits: scored.length,
        totalPages: Math.ceil(scored.length / perPage),
      },
    };
  }

  function handle(
    method: string,
    path: string,
    query: URLSearchParams,
    body: any,
  ): { status: number; json: unknown } {
    let m: RegExpExecArray | null;
    if (method === "GET" && (m = /^\/tasks\/(\d+)$/.exec(path))) {
      return { status: 200, json: { uid: Number(m[1]), status: "succeeded" } };
    }
    if (method === "POST" && path === "/indexes") {
      if (indexes.has(body.uid)) return { status: 202, json: task(body.uid, "indexCreation") };
      create(body.uid, body.primaryKey ?? null);
      return { status: 202, json: task(body.uid, "indexCreation") };
    }
    if (!(m = /^\/indexes\/([^/]+)(\/.*)?$/.exec(path))) return { status: 404, json: { code: "not_found" } };
    const uid = decodeURIComponent(m[1]);
    const rest = m[2] ?? "";
    let index = indexes.get(uid);
    if (method === "GET" && rest === "") {
      return index
        ? { status: 200, json: { uid, primaryKey: index.primaryKey } }
        : { status: 404, json: { code: "index_not_found" } };
    }
    if (method === "PATCH" && rest === "/settings") {
      index ??= create(uid, null);
      if (body.searchableAttributes) index.searchable = body.searchableAttributes;
      if (body.filterableAttributes) index.filterable = body.filterableAttributes;
      if (body.sortableAttributes) index.sortable = body.sortableAttributes;
      return { status: 202, json: task(uid, "settingsUpdate") };
    }
    if (method === "POST" && rest === "/documents") {
      index ??= create(uid, query.get("primaryKey"));
      index.primaryKey ??= query.get("primaryKey") ?? "id";
      for (const doc of body as Doc[]) index.docs.set(Number(doc[index.primaryKey]), doc);
      return { status: 202, json: task(uid, "documentAdditionOrUpdate") };
    }
    if (!index)
      return { status: 404, json: { code: "index_not_found", message: `Index \`${uid}\` not found.` } };
    if (method === "POST" && rest === "/documents/delete-batch") {
      for (const id of body as number[]) index.docs.delete(Number(id));
      return { status: 202, json: task(uid, "documentDeletion") };
    }
    if (method === "GET" && rest === "/stats") {
      return { status: 200, json: { numberOfDocuments: index.docs.size, isIndexing: false } };
    }
    if (method === "POST" && rest === "/search") return search(index, body);
    return { status: 404, json: { code: "not_found" } };
  }

  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (c) => {
      raw += c;
    });
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://fake");
      const body = raw ? JSON.parse(raw) : undefined;
      requests.push({ method: req.method ?? "GET", path: url.pathname, body });
      const out =
        apiKey && req.headers.authorization !== `Bearer ${apiKey}`
          ? { status: 401, json: { code: "invalid_api_key" } }
          : handle(req.method ?? "GET", url.pathname, url.searchParams, body);
      res.writeHead(out.status, { "content-type": "application/json" });
      res.end(JSON.stringify(out.json));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    indexes,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type FakeMeilisearch = Awaited<ReturnType<typeof startFakeMeilisearch>>;

/**
 * The filter forms the adapter writes: `a = v`, `a IN [..]`, `a NOT IN [..]`, `a >= n`, `a < n`.
 * Like the engine, an array attribute matches when any of its values does.
 */
function parseFilter(f: string): { field: string; test: (v: unknown) => boolean } | null {
  const m = /^(\w+) (=|IN|NOT IN|>=|<) (.+)$/.exec(f);
  if (!m) return null;
  const [, field, op, raw] = m;
  const value = JSON.parse(raw);
  const any = (v: unknown, pred: (x: unknown) => boolean) => (Array.isArray(v) ? v.some(pred) : pred(v));
  const tests: Record<string, (v: unknown) => boolean> = {
    "=": (v) => any(v, (x) => x === value),
    IN: (v) => any(v, (x) => (value as unknown[]).includes(x)),
    "NOT IN": (v) => !any(v, (x) => (value as unknown[]).includes(x)),
    ">=": (v) => typeof v === "number" && v >= value,
    "<": (v) => typeof v === "number" && v < value,
  };
  return { field, test: tests[op] };
}
