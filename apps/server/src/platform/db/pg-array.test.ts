import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../test/test-app";
import { executedRows, idsInInputOrder, pgArray, pgJsonArray } from "./pg-array";

// Every bulk writer of the import (issue 46) hands its columns to unnest() as these literals: a
// cell from another system's file must come back from the database exactly as it went in.

describe("PostgreSQL array literals", () => {
  const database = useTestDatabase();

  it("round-trips text whatever it holds, NULL as null, numbers, dates and JSON", async () => {
    const texts = [
      'say "hi"',
      "back\\slash",
      "a,b",
      "{braces}",
      "NULL",
      "",
      "  padded  ",
      "line\nbreak",
      "Zoë – café",
      null,
    ];
    const [row] = executedRows<{ t: (string | null)[]; n: (string | null)[]; same: boolean; j: unknown[] }>(
      await database().db.execute(sql`select ${pgArray(texts)}::text[] as t, ${pgArray([1.25, null, -3])}::numeric[]::text[] as n,
        (${pgArray([new Date("2024-03-05T01:02:03Z")])}::timestamptz[])[1] = timestamptz '2024-03-05 01:02:03Z' as same,
        ${pgJsonArray([{ a: 'x"y' }, null])}::jsonb[] as j`),
    );
    expect(row.t).toEqual(texts);
    expect(row.n).toEqual(["1.25", null, "-3"]);
    expect(row.same).toBe(true);
    expect(row.j).toEqual([{ a: 'x"y' }, null]);
  });

  it("answers ids in the rows' order", () => {
    expect(idsInInputOrder({ rows: [{ id: 12 }, { id: 10 }, { id: 11 }] })).toEqual([10, 11, 12]);
  });
});
