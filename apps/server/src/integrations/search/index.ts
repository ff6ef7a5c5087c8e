import type { Config } from "../../config";
import type { Database } from "../../platform/db/client";
import { createMeilisearch } from "./meilisearch.adapter";
import { createPostgresSearch, type PostgresSearcher } from "./postgres.adapter";
import type { SearchPort } from "./search.port";

export type { PostgresSearcher } from "./postgres.adapter";
export type { SearchPort, SearchQuery, SearchResult } from "./search.port";

/** Meilisearch when MEILISEARCH_URL is set; otherwise search runs on Postgres itself. */
export function createSearch(
  config: Pick<Config, "MEILISEARCH_URL" | "MEILISEARCH_KEY">,
  database: Database,
  searchers: Record<string, PostgresSearcher>,
): SearchPort {
  return config.MEILISEARCH_URL
    ? createMeilisearch(config.MEILISEARCH_URL, config.MEILISEARCH_KEY)
    : createPostgresSearch(database, searchers);
}
