import { IMPORT_FIELDS, type ImportKind } from "@loupe/domain";
import type { TestApp } from "../../../test/test-app";
import type {
  ImportKindContext,
  ImportKindHandler,
  ImportRowInput,
  ImportValues,
  ImportWriteRow,
} from "../import-kind";

// Runs one kind the way the engine does (check each mapped row, write the good ones in one batch in
// a transaction, undo by ids) without the engine: the kinds' tests prove their own part.

/** The file's column header of a field in these tests: "Rx Sphere R" style, as a practice system writes it. */
export const columnOf = (field: string) => `SRC ${field.toUpperCase()}`;

/** A mapped row as the engine hands it over; `raw` is the file's cell as written (defaults to the value). */
export function mappedRow(
  kind: ImportKind,
  line: number,
  values: Record<string, string | number | boolean | null>,
  parentId: number | null,
  raw: Record<string, string> = {},
): ImportRowInput {
  const all: ImportValues = Object.fromEntries(
    IMPORT_FIELDS[kind].map((f) => [f.key, values[f.key] ?? null]),
  );
  return {
    line,
    values: all,
    parentId,
    columnOf: (field) => (field in values || field in raw ? columnOf(field) : null),
    rawOf: (field) => raw[field] ?? (values[field] == null ? null : String(values[field])),
  };
}

export async function kindContext<L>(
  t: TestApp,
  handler: ImportKindHandler<unknown, L>,
  batchId = 7,
): Promise<ImportKindContext<L>> {
  const [actor] = await t.database.query<{ id: number }>(
    "select id from staff_users where email = 'admin@loupe.test'",
  );
  const outlets = await t.database.query<{
    id: number;
    abbreviation: string;
    name: string;
    regionId: number;
    country: string;
  }>(
    `select o.id, o.abbreviation, o.name, o.region_id as "regionId", r.country_code as country
     from outlets o join regions r on r.id = o.region_id where o.is_active`,
  );
  return {
    kind: handler.kind,
    sourceSystem: "optomate",
    batchId,
    actor: { id: actor.id, name: "Avery Admin" },
    country: "AU",
    outlets,
    today: "2026-11-29",
    now: new Date("2026-11-29T01:00:00Z"),
    loaded: (handler.load ? await handler.load(t.database.db) : undefined) as L,
  };
}

/** Checks every row, writes the good ones in one transaction; answers the outcomes and the refused cells. */
export async function runKind<R, L>(
  t: TestApp,
  handler: ImportKindHandler<R, L>,
  ctx: ImportKindContext<L>,
  rows: ImportRowInput[],
) {
  const good: ImportWriteRow<R>[] = [];
  const refused: {
    line: number;
    errors: { field: string; column: string | null; value: string | null; reason: string }[];
  }[] = [];
  for (const row of rows) {
    const checked = handler.check(row, ctx);
    if (checked.ok)
      good.push({
        line: row.line,
        sourceId: String(row.values.source_id ?? row.line),
        record: checked.record,
        parentId: row.parentId,
        outletId: checked.outletId,
      });
    else refused.push({ line: row.line, errors: checked.errors });
  }
  const outcomes = good.length
    ? await t.database.db.transaction((tx) => handler.write(tx as never, good, ctx))
    : [];
  return { outcomes, refused };
}

export const undoKind = <R, L>(
  t: TestApp,
  handler: ImportKindHandler<R, L>,
  ctx: ImportKindContext<L>,
  ids: number[],
) => t.database.db.transaction((tx) => handler.undo(tx as never, ids, ctx));
