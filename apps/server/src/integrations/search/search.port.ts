import type { TotalKind } from "@loupe/domain";

export type SearchScalar = string | number;

/**
 * One filter on an attribute: equal to a value, any of a list (an array attribute matches when
 * one of its values does), none of a list, or within a numeric range (`gte` inclusive, `lt`
 * exclusive). Null and undefined mean "no filter".
 */
export type SearchFilter =
  | SearchScalar
  | null
  | undefined
  | { in: SearchScalar[] }
  | { notIn: SearchScalar[] }
  | { gte?: number; lt?: number };

/** A search query over one index: free text plus filters, paged and sorted. */
export interface SearchQuery {
  q?: string;
  filters?: Record<string, SearchFilter>;
  page: number;
  perPage: number;
  sort?: { field: string; direction: "asc" | "desc" };
  /**
   * A refinement only SQL can say (the workshop tabs' per-outlet days, issue 27), written over
   * `orders o` with its values bound through `p`. The SQL list answers it; a search engine cannot,
   * so the callers never hand one to it.
   */
  sqlWhere?: (p: (v: unknown) => string) => string;
}

export interface SearchResult {
  ids: number[];
  total: number;
  /** Absent means exact (ADR 0016). */
  totalKind?: TotalKind;
}

/** A search document: plain JSON with a numeric `id`, written by the module that owns the records. */
export type SearchDocument = { id: number } & Record<string, unknown>;

/**
 * What an index needs to know about its documents. A module declares one per index (customers
 * now, orders later) and app.ts hands the list to the port.
 */
export interface SearchIndexDefinition {
  name: string;
  /** Attributes matched by the free text, most important first (their order ranks the hits). */
  searchable: string[];
  /** Attributes a query may filter on with `filters`. */
  filterable: string[];
  /** Attributes a query may sort on. */
  sortable: string[];
}

/**
 * The search engine behind the "MEILI" screens. The Postgres adapter answers from the tables
 * themselves (indexing is a no-op); the Meilisearch adapter keeps its own copy, updated on every
 * write and filled from the tables when it starts empty.
 */
export interface SearchPort {
  readonly name: string;
  /**
   * Creates the index or brings its settings up to date. Answers how many documents the engine
   * holds for it, or null when the adapter keeps no copy (nothing to fill).
   */
  prepare(definition: SearchIndexDefinition): Promise<{ documents: number | null }>;
  /** Adds or replaces documents by id. */
  index(indexName: string, docs: SearchDocument[]): Promise<void>;
  remove(indexName: string, ids: number[]): Promise<void>;
  search(indexName: string, query: SearchQuery): Promise<SearchResult>;
}
