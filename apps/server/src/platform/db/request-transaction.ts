import { AsyncLocalStorage } from "node:async_hooks";
import type { Db } from "./client";

interface Scope {
  tx: Db;
}

const scope = new AsyncLocalStorage<Scope>();

/**
 * The request's transaction, when the binder opened one (ADR 0013): every `db` call made while it
 * runs, in any module, goes to it, and a service's own `db.transaction` becomes a savepoint in it.
 * That is how an access-log row commits or rolls back with the change it records.
 */
export function scopedDb(base: Db): Db {
  return new Proxy(base, {
    get(target, prop) {
      const current = scope.getStore()?.tx ?? target;
      const value = Reflect.get(current as object, prop, current);
      return typeof value === "function" ? value.bind(current) : value;
    },
  });
}

/** The raw client of the open request transaction, for `database.query`; undefined outside one. */
export function scopedClient():
  | { query: (text: string, params?: unknown[]) => Promise<{ rows: unknown[] }> }
  | undefined {
  const tx = scope.getStore()?.tx as unknown as { session?: { client?: unknown } } | undefined;
  return tx?.session?.client as ReturnType<typeof scopedClient>;
}

/** Runs `fn` inside one transaction that every `db` call joins; nested calls join the outer one. */
export async function inRequestTransaction<T>(db: Db, fn: () => Promise<T>): Promise<T> {
  if (scope.getStore()) return fn();
  return db.transaction((tx) => scope.run({ tx: tx as unknown as Db }, fn));
}
