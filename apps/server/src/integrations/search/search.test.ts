import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../platform/db/client";
import { AppError } from "../../platform/http/app-error";
import { createSearch, logIndexWriteFailures, type SearchIndex, startSearchSync } from "./index";
import { createMeilisearch } from "./meilisearch.adapter";
import { type FakeMeilisearch, startFakeMeilisearch } from "./meilisearch.fake";

const noDatabase = {} as Database;

/** An index whose "table" is an array, so the sync can be watched without a database. */
function arrayIndex(name: string, rows: { id: number; title: string }[]): SearchIndex {
  return {
    name,
    searchable: ["title"],
    filterable: ["title"],
    sortable: ["id"],
    searchPostgres: async () => ({ ids: [], total: 0 }),
    async readDocuments(_db, afterId, limit) {
      return rows.filter((r) => r.id > afterId).slice(0, limit);
    },
    async countDocuments() {
      return rows.length;
    },
  };
}

function memoryLog() {
  const lines: { level: string; msg: string; obj: object }[] = [];
  return {
    lines,
    warn: (obj: object, msg: string) => lines.push({ level: "warn", msg, obj }),
    info: (obj: object, msg: string) => lines.push({ level: "info", msg, obj }),
  };
}

let meili: FakeMeilisearch;
beforeAll(async () => {
  meili = await startFakeMeilisearch("secret");
});
afterAll(() => meili.close());

describe("choosing the adapter", () => {
  it("searches Postgres unless MEILISEARCH_URL is set", () => {
    expect(createSearch({}, noDatabase, []).name).toBe("postgres");
    expect(createSearch({ MEILISEARCH_URL: meili.url }, noDatabase, []).name).toBe("meilisearch");
  });
});

describe("the Meilisearch adapter", () => {
  it("creates the index with its settings and sends the API key", async () => {
    const port = createMeilisearch(meili.url, "secret");
    const index = arrayIndex("books", []);
    expect(await port.prepare(index)).toEqual({ documents: 0 });
    expect(meili.indexes.get("books")).toMatchObject({
      primaryKey: "id",
      searchable: ["title"],
      filterable: ["title"],
      sortable: ["id"],
    });
    await port.index("books", [{ id: 7, title: "Lenses" }]);
    expect(await port.prepare(index)).toEqual({ documents: 1 });
  });

  it("answers a refused request as an upstream failure, never silently empty", async () => {
    const port = createMeilisearch(meili.url, "secret");
    await port.index("unprepared", [{ id: 1, title: "x" }]);
    const err = await port
      .search("unprepared", { page: 1, perPage: 15, filters: { title: "x" } })
      .catch((e) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err.code).toBe("upstream_failed");
    expect(err.message).toMatch(/not filterable/);
    const wrongKey = await createMeilisearch(meili.url, "nope")
      .search("books", { page: 1, perPage: 15 })
      .catch((e) => e);
    expect(wrongKey.code).toBe("upstream_failed");
  });

  it("quotes text filters and leaves numbers bare", async () => {
    const port = createMeilisearch(meili.url, "secret");
    // `id` is not filterable on this index, so the engine refuses; the request sent is what counts here.
    await port
      .search("books", { page: 2, perPage: 5, q: "len", filters: { title: 'say "hi"', id: 3, none: "" } })
      .catch(() => undefined);
    const body = meili.requests.at(-1)?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      q: "len",
      page: 2,
      hitsPerPage: 5,
      filter: ['title = "say \\"hi\\""', "id = 3"],
    });
  });
});

describe("an engine that is down", () => {
  const down = createMeilisearch("http://127.0.0.1:9", undefined, { requestTimeoutMs: 500 });

  it("fails searches with a 502-class error", async () => {
    const err = await down.search("customers", { page: 1, perPage: 15 }).catch((e) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err.code).toBe("upstream_failed");
  });

  it("does not fail the record's save: index writes are logged instead", async () => {
    const log = memoryLog();
    const port = logIndexWriteFailures(down, log);
    await expect(port.index("customers", [{ id: 1 }])).resolves.toBeUndefined();
    await expect(port.remove("customers", [1])).resolves.toBeUndefined();
    expect(log.lines.map((l) => l.msg)).toEqual(["search index write failed", "search index removal failed"]);
    await expect(port.search("customers", { page: 1, perPage: 15 })).rejects.toBeInstanceOf(AppError);
  });
});

describe("filling the engine at start", () => {
  const rows = Array.from({ length: 2500 }, (_, i) => ({ id: i + 1, title: `Book ${i + 1}` }));

  it("fills an engine that holds fewer documents than the table, in batches", async () => {
    const port = createMeilisearch(meili.url, "secret");
    const log = memoryLog();
    const sync = startSearchSync(port, [arrayIndex("library", rows)], noDatabase, log);
    await sync.done;
    expect(meili.indexes.get("library")?.docs.size).toBe(2500);
    const batches = meili.requests.filter((r) => r.path === "/indexes/library/documents");
    expect(batches.map((b) => (b.body as unknown[]).length)).toEqual([1000, 1000, 500]);
    expect(log.lines).toContainEqual(
      expect.objectContaining({ msg: "search index filled from the database" }),
    );
  });

  it("leaves an engine alone when it already holds every document", async () => {
    const before = meili.requests.length;
    await startSearchSync(
      createMeilisearch(meili.url, "secret"),
      [arrayIndex("library", rows)],
      noDatabase,
      memoryLog(),
    ).done;
    expect(meili.requests.slice(before).some((r) => r.path === "/indexes/library/documents")).toBe(false);
  });

  it("does nothing for the Postgres adapter, and logs an engine that cannot be prepared", async () => {
    const log = memoryLog();
    await startSearchSync(createSearch({}, noDatabase, []), [arrayIndex("x", rows)], noDatabase, log).done;
    expect(log.lines).toEqual([]);
    const down = createMeilisearch("http://127.0.0.1:9", undefined, { requestTimeoutMs: 500 });
    await startSearchSync(down, [arrayIndex("x", rows)], noDatabase, log).stop();
    expect(log.lines.map((l) => l.msg)).toEqual(["search index preparation failed"]);
  });
});
