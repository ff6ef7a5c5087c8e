import type { Database } from "../platform/db/client";

/**
 * The database with its raw statements noted as they run: each one's parameters, and whether it
 * asked to be named (planned once), for tests of which statements bind nothing.
 */
export function watchedQueries(database: Database) {
  const asked: { params: unknown[]; prepared: boolean }[] = [];
  const watched: Database = {
    ...database,
    query: (text, params, options) => {
      asked.push({ params: params ?? [], prepared: options?.prepared === true });
      return database.query(text, params, options);
    },
  };
  return { watched, asked };
}
