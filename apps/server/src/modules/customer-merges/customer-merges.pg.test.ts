import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app";
import { CUSTOMER_TABLES, customerRowSets, insertRow } from "./customer-merges.fixtures";

// A merge and an edit, or two merges, at once on PostgreSQL (issue 46): the merge locks both
// records in id order and checks both versions, the edit writes only the version it read, so
// exactly one of them wins and the other answers 409; nothing either wrote is lost. PGlite has one
// connection: these need a server (TEST_DATABASE_URL).
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

let t: TestApp;
let mia: string;
let admin: string;

const call = (method: "GET" | "POST" | "PUT", url: string, payload?: object) =>
  t.call(mia, { method, url, payload });

async function pair(tag: string) {
  const make = async (first: string) => {
    const res = await call("POST", "/api/user", {
      first_name: first,
      last_name: tag,
      email: `${tag}@example.com`,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as { id: number; version: number };
  };
  const keep = await make("Keep");
  const lose = await make("Lose");
  const note = await insertRow(t.database, "notes", { customer_id: lose.id });
  const prescription = await insertRow(t.database, "prescriptions", { customer_id: lose.id });
  return { keep, lose, rows: [note, prescription] };
}

const mergeOf = (keep: { id: number; version: number }, lose: { id: number; version: number }) =>
  call("POST", "/api/staff/customer-merges", {
    keep_id: keep.id,
    keep_version: keep.version,
    lose_id: lose.id,
    lose_version: lose.version,
    choices: { first_name: "lose" },
  });

describe.runIf(onPostgres)("merges racing on PostgreSQL", () => {
  beforeAll(async () => {
    t = await createTestApp({ env: { DUPLICATE_FINDER_SECONDS: "0" } });
    mia = await t.login("mia@loupe.test");
    admin = await t.login();
  });
  afterAll(() => t?.close());

  for (const side of ["keep", "lose"] as const)
    it(`a merge racing an edit of the ${side === "keep" ? "kept" : "losing"} record: one wins, the other 409, nothing lost`, async () => {
      const outcomes = new Set<string>();
      for (let i = 0; i < 6; i++) {
        const { keep, lose, rows } = await pair(`race-${side}-${i}`);
        const edited = side === "keep" ? keep : lose;
        const [merged, edit] = await Promise.all([
          mergeOf(keep, lose),
          call("PUT", `/api/staff/customers/${edited.id}`, {
            occupation: `Edited ${i}`,
            version: edited.version,
          }),
        ]);
        // Exactly one wins: the merge (201, the edit 409) or the edit (200, the merge 409).
        expect([
          [201, 409],
          [409, 200],
        ]).toContainEqual([merged.statusCode, edit.statusCode]);
        const [kept] = await t.database.query<{ first_name: string; occupation: string | null }>(
          "select first_name, occupation from customers where id = $1",
          [keep.id],
        );
        const moved = await customerRowSets(t.database, [keep.id]);
        if (merged.statusCode === 201) {
          outcomes.add("merge won");
          expect(edit.json().code).toBe("conflict");
          // The merge's values stand, the losing record is retired, its rows are the kept one's.
          expect(kept.first_name).toBe("Lose");
          expect(kept.occupation).toBeNull();
          expect((await t.database.query("select 1 from customers where id = $1", [lose.id])).length).toBe(0);
          expect(moved.notes.length + moved.prescriptions.length).toBe(rows.length);
        } else {
          outcomes.add("edit won");
          expect(merged.statusCode).toBe(409);
          expect(merged.json().details.versionConflict).toMatchObject({ id: edited.id });
          // The edit stands, both records are whole, nothing moved.
          const [e] = await t.database.query<{ occupation: string }>(
            "select occupation from customers where id = $1",
            [edited.id],
          );
          expect(e.occupation).toBe(`Edited ${i}`);
          expect(kept.first_name).toBe("Keep");
          const still = await customerRowSets(t.database, [lose.id]);
          expect(still.notes.length + still.prescriptions.length).toBe(rows.length);
        }
      }
      expect(outcomes.size).toBeGreaterThan(0);
    });

  it("two merges of the same pair at once make one merge, answered to both", async () => {
    for (let i = 0; i < 4; i++) {
      const { keep, lose } = await pair(`twice-${i}`);
      const answers = await Promise.all([mergeOf(keep, lose), mergeOf(keep, lose), mergeOf(keep, lose)]);
      expect(answers.map((a) => a.statusCode).sort(), answers.map((a) => a.body).join(" / ")).toEqual([
        200, 200, 201,
      ]);
      expect(new Set(answers.map((a) => a.json().data.id)).size).toBe(1);
      const [{ n }] = await t.database.query<{ n: number }>(
        "select count(*)::int as n from customer_merges where lost_id = $1",
        [lose.id],
      );
      expect(Number(n)).toBe(1);
    }
  });

  it("a merge then its undo puts back every moved row exactly", async () => {
    const { keep, lose } = await pair("undo-all");
    for (const { table, columns } of CUSTOMER_TABLES) {
      if (table === "notes" || table === "prescriptions" || table === "recall_steps") continue;
      const own =
        table === "lens_orders" ? { order_item_id: await insertRow(t.database, "order_items", {}) } : {};
      const values =
        table === "referrals"
          ? {
              referrer_id: lose.id,
              referee_id: (await call("POST", "/api/user", { first_name: "Friend" })).json().data.id,
            }
          : { [columns[0]]: lose.id, ...own };
      const id = await insertRow(t.database, table, values);
      if (table === "customer_recalls")
        await insertRow(t.database, "recall_steps", {
          customer_id: lose.id,
          recall_id: id,
          cycle: 1,
          step_index: 0,
        });
    }
    const before = await customerRowSets(t.database, [keep.id, lose.id]);
    for (const { table } of CUSTOMER_TABLES) expect(before[table].length, table).toBeGreaterThan(0);
    const merged = await mergeOf(keep, lose);
    expect(merged.statusCode, merged.body).toBe(201);
    expect((await customerRowSets(t.database, [lose.id])).notes).toEqual([]);
    const m = merged.json().data;
    const undo = await t.call(admin, {
      method: "POST",
      url: `/api/staff/customer-merges/${m.id}/undo`,
      payload: { version: m.version },
    });
    expect(undo.statusCode, undo.body).toBe(200);
    expect(await customerRowSets(t.database, [keep.id, lose.id])).toEqual(before);
  });
});
