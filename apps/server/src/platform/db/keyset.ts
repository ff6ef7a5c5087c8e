import type { Database } from "./client";

/**
 * A statement's rows in batches ordered by (a timestamp, id), newest first: each batch starts after
 * the last row of the one before, so memory holds one batch and no batch reads rows again (the
 * list exports, issue 29). The key travels as text: a JavaScript date would drop microseconds.
 * `from` is `FROM … [WHERE …]` naming the table `t`; `params` are its own, numbered from $1.
 */
export async function* newestFirstBatches<T>(
  database: Database,
  spec: { columns: string; from: string; hasWhere: boolean; params: unknown[]; at: string; size?: number },
): AsyncGenerator<T[]> {
  const size = spec.size ?? 1000;
  let after: { at: string; id: number } | null = null;
  for (;;) {
    const params = [...spec.params];
    const next = params.length + 1;
    const keyset: string = after
      ? `${spec.hasWhere ? "and" : "where"} (${spec.at}, t.id) < ($${next}::timestamptz, $${next + 1})`
      : "";
    if (after) params.push(after.at, after.id);
    params.push(size);
    const rows: (T & { k?: string; id: number })[] = await database.query<T & { k?: string; id: number }>(
      `select ${spec.columns}, ${spec.at}::text as k ${spec.from} ${keyset}
        order by ${spec.at} desc, t.id desc limit $${params.length}`,
      params,
    );
    const last: (T & { k?: string; id: number }) | undefined = rows[rows.length - 1];
    if (last) after = { at: last.k as string, id: Number(last.id) };
    for (const r of rows) delete r.k;
    if (rows.length) yield rows;
    if (rows.length < size) return;
  }
}
