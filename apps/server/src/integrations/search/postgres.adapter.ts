import type { Database } from "../../platform/db/client";
import type { SearchPort, SearchQuery, SearchResult } from "./search.port";

/** One SQL search per index name, written by the module that owns the table. */
export type PostgresSearcher = (database: Database, query: SearchQuery) => Promise<SearchResult>;

/**
 * The default: search runs on the same Postgres tables (pg_trgm and expression indexes), so there
 * is no copy to keep in sync and `index`/`remove` have nothing to do.
 */
export function createPostgresSearch(
  database: Database,
  searchers: Record<string, PostgresSearcher>,
): SearchPort {
  return {
    name: "postgres",
    async prepare() {
      return { documents: null };
    },
    async index() {},
    async remove() {},
    async search(indexName, query) {
      const searcher = searchers[indexName];
      if (!searcher) throw new Error(`No Postgres searcher for index ${indexName}`);
      return searcher(database, query);
    },
  };
}
