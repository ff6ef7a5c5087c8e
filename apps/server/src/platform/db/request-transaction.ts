import { AsyncLocalStorage } from "node:async_hooks";
import type { Db } from "./client";

/** A transaction opened through the outer handle; `open` turns false once it commits or rolls back. */
interface OpenTransaction {
  open: boolean;
}

interface Scope {
  /** The request's transaction (ADR 0013): the outer handle sends every call to it. */
  tx?: Db;
  /** A transaction a service opened with `db.transaction`: the outer handle refuses queries (ADR 0023). */
  guarded?: OpenTransaction;
}

const scope = new AsyncLocalStorage<Scope>();

/** What issues a statement (or starts a builder that does) on a Drizzle database. */
const QUERYING = new Set([
  "select",
  "selectDistinct",
  "selectDistinctOn",
  "insert",
  "update",
  "delete",
  "execute",
  "query",
  "with",
  "$count",
  "transaction",
  "refreshMaterializedView",
  "batch",
]);

let guardOn = true;

/**
 * Whether a query on the outer handle inside an open transaction throws (ADR 0023). On by default
 * and in every test; config may turn it off for production on PostgreSQL, where such a read does
 * not hang (another pooled connection answers it) but reads outside the transaction.
 */
export function setTransactionGuard(on: boolean): void {
  guardOn = on;
}

/** The outer handle used where the open transaction's `tx` belongs. */
export class QueryOutsideTransactionError extends Error {
  constructor(what: string) {
    super(
      `${what} on the outer database handle while this call holds an open transaction: pass the ` +
        "transaction's tx instead (on PGlite, one connection, this query would wait for ever; ADR 0023).",
    );
    this.name = "QueryOutsideTransactionError";
  }
}

/** Throws when the calling async context holds a transaction opened through the outer handle. */
export function refuseInsideOpenTransaction(what: string): void {
  if (guardOn && scope.getStore()?.guarded?.open) throw new QueryOutsideTransactionError(what);
}

/**
 * The outer handle. In the request's transaction, when the binder opened one (ADR 0013), every
 * `db` call made while it runs, in any module, goes to it, and a service's own `db.transaction`
 * becomes a savepoint in it: that is how an access-log row commits or rolls back with the change it
 * records. Inside a service's own `db.transaction`, a query on this handle throws (ADR 0023): it
 * would not be part of that transaction, and on PGlite it would wait for ever for the connection.
 */
export function scopedDb(base: Db): Db {
  return new Proxy(base, {
    get(target, prop) {
      if (typeof prop === "string" && QUERYING.has(prop)) refuseInsideOpenTransaction(`db.${prop}`);
      const current = scope.getStore()?.tx ?? target;
      if (prop === "transaction") return guardedTransaction(current);
      const value = Reflect.get(current as object, prop, current);
      return typeof value === "function" ? value.bind(current) : value;
    },
  });
}

/** `transaction` of the handle `current`, marking the callback's async context as holding it. */
function guardedTransaction(current: Db): Db["transaction"] {
  return ((fn, config) => {
    const held: OpenTransaction = { open: true };
    // Work the callback leaves running (a kick after commit) may use the outer handle once it ends.
    const release = () => {
      held.open = false;
    };
    return current
      .transaction((tx) => scope.run({ ...scope.getStore(), guarded: held }, () => fn(tx)), config)
      .finally(release);
  }) as Db["transaction"];
}

/**
 * Whether the calling async context holds a transaction (the request's or a service's): a read made
 * there must go through it, never to a replica that cannot see its writes (ADR 0040).
 */
export function inOpenTransaction(): boolean {
  const store = scope.getStore();
  return Boolean(store?.tx || store?.guarded?.open);
}

/** The raw client of the open request transaction, for `database.query`; undefined outside one. */
export function scopedClient():
  | { query: (text: string, params?: unknown[]) => Promise<{ rows: unknown[] }> }
  | undefined {
  refuseInsideOpenTransaction("database.query");
  const tx = scope.getStore()?.tx as unknown as { session?: { client?: unknown } } | undefined;
  return tx?.session?.client as ReturnType<typeof scopedClient>;
}

/** Runs `fn` inside one transaction that every `db` call joins; nested calls join the outer one. */
export async function inRequestTransaction<T>(db: Db, fn: () => Promise<T>): Promise<T> {
  if (scope.getStore()?.tx) return fn();
  // The request's own transaction is the one the outer handle joins, so it clears the guard.
  return db.transaction((tx) => scope.run({ tx: tx as unknown as Db }, fn));
}
