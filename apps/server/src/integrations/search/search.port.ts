/** A search query over one index: free text plus exact filters, paged and sorted. */
export interface SearchQuery {
  q?: string;
  filters?: Record<string, string | number | null | undefined>;
  page: number;
  perPage: number;
  sort?: { field: string; direction: "asc" | "desc" };
}

export interface SearchResult {
  ids: number[];
  total: number;
}

/**
 * The search engine behind the "MEILI" screens. Documents are plain objects with a numeric `id`.
 * The Postgres adapter answers from the tables themselves (indexing is a no-op); the Meilisearch
 * adapter keeps its own copy, updated on every write.
 */
export interface SearchPort {
  readonly name: string;
  index(indexName: string, docs: Record<string, unknown>[]): Promise<void>;
  remove(indexName: string, ids: number[]): Promise<void>;
  search(indexName: string, query: SearchQuery): Promise<SearchResult>;
}
