import type { Config } from "../../config";
import type { Database } from "../../platform/db/client";
import { createMeilisearch } from "./meilisearch.adapter";
import { createPostgresSearch, type PostgresSearcher } from "./postgres.adapter";
import type { SearchDocument, SearchIndexDefinition, SearchPort } from "./search.port";

export type { PostgresSearcher } from "./postgres.adapter";
export type {
  SearchDocument,
  SearchFilter,
  SearchIndexDefinition,
  SearchPort,
  SearchQuery,
  SearchResult,
} from "./search.port";

/** An index as the owning module declares it: settings, its Postgres query, and how to read every document. */
export interface SearchIndex extends SearchIndexDefinition {
  searchPostgres: PostgresSearcher;
  /** Documents in id order after `afterId`, at most `limit`: fills an engine that starts empty. */
  readDocuments(database: Database, afterId: number, limit: number): Promise<SearchDocument[]>;
  countDocuments(database: Database): Promise<number>;
}

interface Log {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

/** Meilisearch when MEILISEARCH_URL is set; otherwise search runs on Postgres itself. */
export function createSearch(
  config: Partial<Pick<Config, "MEILISEARCH_URL" | "MEILISEARCH_KEY">>,
  database: Database,
  indexes: SearchIndex[],
): SearchPort {
  return config.MEILISEARCH_URL
    ? createMeilisearch(config.MEILISEARCH_URL, config.MEILISEARCH_KEY)
    : createPostgresSearch(database, Object.fromEntries(indexes.map((i) => [i.name, i.searchPostgres])));
}

/**
 * The database is the record; the engine is a copy. A failed index write is logged and the staff
 * member's save still succeeds (the next save of that record, or a refill, catches the copy up).
 * Searches still fail loudly, so the MEILI screen shows the outage.
 */
export function logIndexWriteFailures(port: SearchPort, log: Log): SearchPort {
  return {
    name: port.name,
    prepare: (definition) => port.prepare(definition),
    search: (indexName, query) => port.search(indexName, query),
    async index(indexName, docs) {
      try {
        await port.index(indexName, docs);
      } catch (err) {
        log.warn({ err, indexName, ids: docs.map((d) => d.id) }, "search index write failed");
      }
    },
    async remove(indexName, ids) {
      try {
        await port.remove(indexName, ids);
      } catch (err) {
        log.warn({ err, indexName, ids }, "search index removal failed");
      }
    },
  };
}

/**
 * Brings an index's settings up to date and, when the engine holds fewer documents than the
 * database has records (a new engine, or rows written while it was away, e.g. by the seed), fills
 * it from the database in batches; a no-op on the in-database search. Throws
 * when the engine or the database fails, so the queue tries again later (ADR 0054).
 */
export async function fillSearchIndex(
  port: SearchPort,
  index: SearchIndex,
  database: Database,
  log: Log,
  stopped: () => boolean = () => false,
): Promise<void> {
  const batchSize = 1000;
  const { documents } = await port.prepare(index);
  if (documents === null || documents >= (await index.countDocuments(database))) return;
  let afterId = 0;
  let total = 0;
  while (!stopped()) {
    const docs = await index.readDocuments(database, afterId, batchSize);
    if (!docs.length) break;
    await port.index(index.name, docs);
    afterId = docs[docs.length - 1].id;
    total += docs.length;
  }
  if (total) log.info({ indexName: index.name, total }, "search index filled from the database");
}

/** Fills every index at once, outside the queue (tests, one-off tools); a failure is logged, not thrown. */
export function startSearchSync(port: SearchPort, indexes: SearchIndex[], database: Database, log: Log) {
  let stopped = false;
  const running = Promise.all(
    indexes.map((index) =>
      fillSearchIndex(port, index, database, log, () => stopped).catch((err) =>
        log.warn({ err, indexName: index.name }, "search index preparation failed"),
      ),
    ),
  );
  return {
    done: running.then(() => undefined),
    async stop() {
      stopped = true;
      await running;
    },
  };
}
