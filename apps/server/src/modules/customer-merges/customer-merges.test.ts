import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app";
import { createDuplicateFinder } from "./customer-merges.finder";
import { CUSTOMER_TABLES, customerRowSets, insertRow } from "./customer-merges.fixtures";

let t: TestApp;
let admin: string;
let mia: string; // the AU manager
let tane: string; // the NZ manager
let sam: string; // staff

const call = (token: string, method: "GET" | "POST" | "PUT", url: string, payload?: object) =>
  t.call(token, { method, url, payload });

async function customer(body: Record<string, unknown>) {
  const res = await call(admin, "POST", "/api/user", { first_name: "Test", ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; version: number };
}

const versionOf = async (id: number) =>
  Number(
    (await t.database.query<{ version: number }>("select version from customers where id = $1", [id]))[0]
      .version,
  );

async function merge(token: string, keep: number, lose: number, extra: Record<string, unknown> = {}) {
  return call(token, "POST", "/api/staff/customer-merges", {
    keep_id: keep,
    keep_version: await versionOf(keep),
    lose_id: lose,
    lose_version: await versionOf(lose),
    ...extra,
  });
}

const logLines: string[] = [];
beforeAll(async () => {
  t = await createTestApp({
    env: { DUPLICATE_FINDER_SECONDS: "0", LOG_LEVEL: process.env.MERGE_LOG ?? "silent" },
    logLines: process.env.MERGE_LOG ? logLines : undefined,
  });
  admin = await t.login();
  mia = await t.login("mia@loupe.test");
  tane = await t.login("tane@loupe.test");
  sam = await t.login("sam@loupe.test");
});
afterAll(async () => {
  if (process.env.MERGE_LOG)
    console.error(
      logLines
        .filter((l) => l.includes('"err"'))
        .join("\n")
        .slice(0, 4000),
    );
  await t.close();
});

describe("the duplicate finder", () => {
  it("finds the same e-mail, the same mobile in two spellings, and a name spelt two ways with the same birth date", async () => {
    const e1 = await customer({ first_name: "Harriet", last_name: "Quill", email: "h.quill@example.com" });
    const e2 = await customer({ first_name: "Hattie", last_name: "Quill", email: "H.Quill@Example.com" });
    const m1 = await customer({ first_name: "Ignatius", last_name: "Reilly", mobile: "0412 555 901" });
    const m2 = await customer({ first_name: "Ignatius", last_name: "Reily", mobile: "+61412555901" });
    const n1 = await customer({ first_name: "Catherine", last_name: "Oyelaran", dob: "1979-06-21" });
    const n2 = await customer({ first_name: "Katherine", last_name: "Oyelaran", dob: "1979-06-21" });
    const other = await customer({ first_name: "Peter", last_name: "Oyelaran", dob: "1979-06-21" });

    const run = await call(mia, "POST", "/api/staff/customer-duplicates/finder", { full: true });
    expect(run.statusCode, run.body).toBe(202);
    // The app's own worker may have claimed the run first (on PostgreSQL it runs beside the test):
    // run what is due and ask again until no run is under way.
    const finder = async () => (await call(mia, "GET", "/api/staff/customer-duplicates/finder")).json().data;
    await expect
      .poll(
        async () => {
          await t.app.queue.runDue();
          return (await finder()).running;
        },
        { timeout: 30_000, interval: 200 },
      )
      .toBe(false);
    const status = await finder();
    expect(status).toMatchObject({ running: false, last_run_customers: expect.any(Number) });
    expect(status.open_pairs).toBeGreaterThanOrEqual(3);

    const list = await call(mia, "GET", "/api/staff/customer-duplicates?per_page=100");
    expect(list.statusCode, list.body).toBe(200);
    const pairs = list.json().data as {
      a: { id: number };
      b: { id: number };
      evidence: { by: string; detail: string }[];
      score: number;
    }[];
    const pairOf = (x: number, y: number) =>
      pairs.find((p) => p.a.id === Math.min(x, y) && p.b.id === Math.max(x, y));
    expect(pairOf(e1.id, e2.id)?.evidence.map((e) => e.by)).toEqual(["email"]);
    expect(pairOf(m1.id, m2.id)?.evidence.map((e) => e.by)).toContain("mobile");
    expect(pairOf(n1.id, n2.id)?.evidence).toEqual([
      {
        by: "name_dob",
        detail: expect.stringMatching(/^Names \d+% alike, same date of birth 21\/06\/1979$/),
      },
    ]);
    expect(pairOf(n1.id, other.id)).toBeUndefined();
    expect(pairs.map((p) => p.score)).toEqual([...pairs.map((p) => p.score)].sort((a, b) => b - a));
  });

  it("an incremental run compares only the customers changed since the last run, against everyone", async () => {
    const finder = createDuplicateFinder(t.database.db);
    await finder.run(true);
    const old = await customer({
      first_name: "Wilhelmina",
      last_name: "Stroud",
      email: "w.stroud@example.com",
    });
    // Older than the cursor's margin: the next run must find the pair through the new customer alone.
    await t.database.query("update customers set updated_at = now() - interval '1 day' where id = $1", [
      old.id,
    ]);
    await finder.run(true);
    const fresh = await customer({ first_name: "Mina", last_name: "Stroud", email: "W.Stroud@example.com " });
    const r = await finder.run(false);
    expect(r.full).toBe(false);
    expect(r.customers).toBeLessThan(10);
    const [pair] = await t.database.query<{ evidence: unknown }>(
      "select evidence from customer_duplicate_pairs where a_id = $1 and b_id = $2",
      [old.id, fresh.id],
    );
    expect(pair?.evidence).toEqual([{ by: "email", detail: "Same email w.***@example.com" }]);
  });

  it("agrees with pg_trgm's similarity() on the names it measures", async () => {
    const { trigramSimilarity } = await import("@loupe/domain");
    const names = [
      ["jon smith", "john smith"],
      ["catherine jones", "katherine jones"],
      ["anna smith", "peter smith"],
      ["mary-jane o'neil", "mary jane oneil"],
      ["ngaio te whare", "ngaio tewhare"],
    ];
    for (const [a, b] of names) {
      const [{ s }] = await t.database.query<{ s: number }>("select similarity($1, $2) as s", [a, b]);
      expect(trigramSimilarity(a, b)).toBeCloseTo(Number(s), 5);
    }
  });

  it("dismisses a pair (managers), and staff may not see the list", async () => {
    const a = await customer({ first_name: "Ottoline", last_name: "Vance", email: "ov@example.com" });
    const b = await customer({ first_name: "Otto", last_name: "Vance", email: "ov@example.com" });
    await createDuplicateFinder(t.database.db).run(true);
    const [pair] = await t.database.query<{ id: number }>(
      "select id from customer_duplicate_pairs where a_id = $1 and b_id = $2",
      [a.id, b.id],
    );
    expect((await call(sam, "GET", "/api/staff/customer-duplicates")).statusCode).toBe(403);
    expect((await call(sam, "POST", `/api/staff/customer-duplicates/${pair.id}/dismiss`)).statusCode).toBe(
      403,
    );
    const res = await call(mia, "POST", `/api/staff/customer-duplicates/${pair.id}/dismiss`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ state: "dismissed", a: { id: a.id }, b: { id: b.id } });
    // A later run leaves it dismissed.
    await createDuplicateFinder(t.database.db).run(true);
    const [again] = await t.database.query<{ state: string }>(
      "select state from customer_duplicate_pairs where id = $1",
      [pair.id],
    );
    expect(again.state).toBe("dismissed");
  });
});

describe("merging two customers", () => {
  /** A pair with one row of every kind on the losing side (and a recall of the same type on both). */
  async function pairWithEverything() {
    const keep = await customer({
      first_name: "Rosalind",
      last_name: "Achterberg",
      email: "ros@example.com",
      mobile: null,
      occupation: "Architect",
      new_opt_in: "ALL",
    });
    const lose = await customer({
      first_name: "Rosalyn",
      last_name: "Achterberg",
      email: "ros.a@example.com",
      mobile: "0412 000 777",
      dob: "1970-02-02",
      occupation: "Retired",
      new_opt_in: "HEALTH",
      channel_sms: false,
      channel_phone: true,
      channel_email: true,
    });
    const friend = await customer({ first_name: "Friend", last_name: "Of Ros" });
    const ids: Record<string, number[]> = {};
    const add = async (table: string, values: Record<string, unknown>) => {
      ids[table] = [...(ids[table] ?? []), await insertRow(t.database, table, values)];
    };
    for (const { table, columns } of CUSTOMER_TABLES) {
      if (table === "referrals" || table === "recall_steps" || table === "customer_recalls") continue;
      // A lens order is one per job item and sequence: each gets an item of its own.
      const own =
        table === "lens_orders" ? { order_item_id: await insertRow(t.database, "order_items", {}) } : {};
      await add(table, { [columns[0]]: lose.id, ...own });
    }
    const [found] = await t.database.query<{ id: number | null }>("select min(id) as id from recall_types");
    const type = { id: found.id ?? (await insertRow(t.database, "recall_types", {})) };
    const lostRecall = await insertRow(t.database, "customer_recalls", {
      customer_id: lose.id,
      recall_type_id: type.id,
      due_date: "2027-01-01",
    });
    const keptRecall = await insertRow(t.database, "customer_recalls", {
      customer_id: keep.id,
      recall_type_id: type.id,
      due_date: "2028-01-01",
    });
    await insertRow(t.database, "recall_steps", {
      customer_id: lose.id,
      recall_id: lostRecall,
      cycle: 1,
      step_index: 0,
    });
    await insertRow(t.database, "recall_steps", {
      customer_id: keep.id,
      recall_id: keptRecall,
      cycle: 1,
      step_index: 0,
    });
    await add("referrals", { referrer_id: lose.id, referee_id: friend.id });
    return { keep, lose, friend, lostRecall, keptRecall };
  }

  it("moves every row of the losing customer, applies the choices and the stricter consent, and redirects its id", async () => {
    const { keep, lose, friend, lostRecall, keptRecall } = await pairWithEverything();
    const before = await customerRowSets(t.database, [lose.id]);
    for (const { table } of CUSTOMER_TABLES) expect(before[table].length, table).toBeGreaterThan(0);

    const res = await merge(mia, keep.id, lose.id, { choices: { first_name: "lose", occupation: "lose" } });
    expect(res.statusCode, res.body).toBe(201);
    const m = res.json().data;
    expect(m).toMatchObject({
      kept: { id: keep.id, full_name: "Rosalyn Achterberg" },
      lost: { id: lose.id },
      undone_at: null,
      version: 1,
    });
    expect(m.moved).toMatchObject({
      Prescriptions: 1,
      PDs: 1,
      Files: 1,
      Notes: 1,
      Addresses: 1,
      Jobs: 1,
      Payments: 1,
      Quotes: 1,
      Messages: 1,
      Referrals: 1,
      "Lens orders": 1,
    });

    const after = await customerRowSets(t.database, [lose.id]);
    for (const { table } of CUSTOMER_TABLES) expect(after[table], table).toEqual([]);
    const kept = await customerRowSets(t.database, [keep.id]);
    for (const { table } of CUSTOMER_TABLES) expect(kept[table].length, table).toBeGreaterThan(0);
    // One recall per type: the earlier due one (the losing record's) is kept, the other removed.
    const recalls = await t.database.query<{ id: number }>(
      "select id from customer_recalls where customer_id = $1",
      [keep.id],
    );
    expect(recalls.map((r) => Number(r.id))).toEqual([lostRecall]);
    expect(recalls.map((r) => Number(r.id))).not.toContain(keptRecall);
    const [ref] = await t.database.query<{ referrer_id: number }>(
      "select referrer_id from referrals where referee_id = $1",
      [friend.id],
    );
    expect(Number(ref.referrer_id)).toBe(keep.id);

    const got = (await call(mia, "GET", `/api/staff/customers/${keep.id}`)).json().data;
    expect(got).toMatchObject({
      first_name: "Rosalyn",
      email: "ros@example.com",
      mobile: "0412 000 777",
      dob: expect.stringContaining("1970-02-02"),
      occupation: "Retired",
      new_opt_in: "HEALTH",
      channel_sms: false,
      channel_phone: true,
    });

    const redirect = await call(mia, "GET", `/api/staff/customers/${lose.id}`);
    expect(redirect.statusCode).toBe(308);
    expect(redirect.headers.location).toBe(`/api/staff/customers/${keep.id}`);
    const history = await call(mia, "GET", `/api/staff/customers/${lose.id}/history`);
    expect(history.statusCode).toBe(308);
    expect(history.headers.location).toBe(`/api/staff/customers/${keep.id}/history`);
    const edit = await call(mia, "PUT", `/api/staff/customers/${lose.id}`, { first_name: "X", version: 1 });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toContain(`#${keep.id}`);

    // The access log names the losing customer too (the binder's row names the kept one).
    const logged = await t.database.query<{ customer_id: number }>(
      "select customer_id from access_log where route = 'POST /api/staff/customer-merges' and outcome = 'allowed' and customer_id = any($1::int[])",
      [`{${keep.id},${lose.id}}`],
    );
    expect(logged.map((r) => Number(r.customer_id)).sort()).toEqual([keep.id, lose.id].sort());
  });

  it("settles the pair it came from, and a referral between the two records is removed (and back on undo)", async () => {
    const keep = await customer({ first_name: "Pairo", last_name: "Lindqvist", email: "pl@example.com" });
    const lose = await customer({ first_name: "Pairo", last_name: "Lindquist", email: "PL@example.com" });
    const referral = await insertRow(t.database, "referrals", { referrer_id: lose.id, referee_id: keep.id });
    await createDuplicateFinder(t.database.db).run(true);
    const [pair] = await t.database.query<{ id: number }>(
      "select id from customer_duplicate_pairs where a_id = $1 and b_id = $2",
      [keep.id, lose.id],
    );
    const res = await merge(mia, keep.id, lose.id, { pair_id: pair.id });
    expect(res.statusCode, res.body).toBe(201);
    const state = async () =>
      (
        await t.database.query<{ state: string }>(
          "select state from customer_duplicate_pairs where id = $1",
          [pair.id],
        )
      )[0].state;
    expect(await state()).toBe("merged");
    const self = await t.database.query("select 1 from referrals where id = $1", [referral]);
    expect(self).toHaveLength(0);
    // A record merged away answers where it went, not a 500, to other screens' reads too.
    const rx = await call(mia, "GET", `/api/staff/customers/${lose.id}/prescriptions`);
    expect(rx.statusCode).toBeLessThan(500);
    const note = await call(mia, "POST", "/legacy-api/user-note", { content: "Called", user_id: lose.id });
    expect(note.statusCode, note.body).toBeLessThan(500);

    const m = res.json().data;
    expect(
      (await call(admin, "POST", `/api/staff/customer-merges/${m.id}/undo`, { version: m.version }))
        .statusCode,
    ).toBe(200);
    expect(await state()).toBe("open");
    const back = await t.database.query<{ referrer_id: number; referee_id: number }>(
      "select referrer_id, referee_id from referrals where id = $1",
      [referral],
    );
    expect(back.map((r) => [Number(r.referrer_id), Number(r.referee_id)])).toEqual([[lose.id, keep.id]]);
  });

  it("a retry of the same merge answers the same merge, not a second one", async () => {
    const keep = await customer({ first_name: "Dup", last_name: "Keep" });
    const lose = await customer({ first_name: "Dup", last_name: "Lose" });
    const body = {
      keep_id: keep.id,
      keep_version: keep.version,
      lose_id: lose.id,
      lose_version: lose.version,
    };
    const first = await call(mia, "POST", "/api/staff/customer-merges", body);
    expect(first.statusCode, first.body).toBe(201);
    const second = await call(mia, "POST", "/api/staff/customer-merges", body);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().data.id).toBe(first.json().data.id);
    const [{ n }] = await t.database.query<{ n: number }>(
      "select count(*)::int as n from customer_merges where lost_id = $1",
      [lose.id],
    );
    expect(Number(n)).toBe(1);
  });

  it("refuses a stale version with the version-conflict shape, and a merge with itself by name", async () => {
    const keep = await customer({ first_name: "Stale", last_name: "Keep" });
    const lose = await customer({ first_name: "Stale", last_name: "Lose" });
    const res = await call(mia, "POST", "/api/staff/customer-merges", {
      keep_id: keep.id,
      keep_version: keep.version + 5,
      lose_id: lose.id,
      lose_version: lose.version,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().details.versionConflict).toMatchObject({
      record: "customer",
      id: keep.id,
      current_version: keep.version,
    });
    const self = await merge(mia, keep.id, keep.id);
    expect(self.statusCode).toBe(422);
    expect(self.json().errors.lose_id).toEqual(["A customer cannot be merged with itself."]);
  });

  it("undo puts back the losing customer and every row exactly as they were", async () => {
    const { keep, lose } = await pairWithEverything();
    const before = await customerRowSets(t.database, [keep.id, lose.id]);
    const customersBefore = await t.database.query<{ row: Record<string, unknown> }>(
      "select to_jsonb(c) - 'version' - 'updated_at' - 'updated_by' as row from customers c where id = any($1::int[]) order by id",
      [`{${keep.id},${lose.id}}`],
    );
    const m = (await merge(mia, keep.id, lose.id, { choices: { occupation: "lose" } })).json().data;
    expect(
      (await call(mia, "POST", `/api/staff/customer-merges/${m.id}/undo`, { version: m.version })).statusCode,
    ).toBe(403);
    const undo = await call(admin, "POST", `/api/staff/customer-merges/${m.id}/undo`, { version: m.version });
    expect(undo.statusCode, undo.body).toBe(200);
    expect(undo.json().data).toMatchObject({
      id: m.id,
      undone_at: expect.any(String),
      undo_until: null,
      version: 2,
    });

    expect(await customerRowSets(t.database, [keep.id, lose.id])).toEqual(before);
    const customersAfter = await t.database.query<{ row: Record<string, unknown> }>(
      "select to_jsonb(c) - 'version' - 'updated_at' - 'updated_by' as row from customers c where id = any($1::int[]) order by id",
      [`{${keep.id},${lose.id}}`],
    );
    expect(customersAfter).toEqual(customersBefore);
    expect((await call(admin, "GET", `/api/staff/customers/${lose.id}`)).statusCode).toBe(200);
    // Both Histories tell it: merged in / merged into, then undone.
    const history = async (id: number) =>
      (
        (await call(admin, "GET", `/api/staff/customers/${id}/history`)).json().data as { kind: string }[]
      ).map((e) => e.kind);
    expect(await history(keep.id)).toEqual(["merge_undone", "merged_in"]);
    expect(await history(lose.id)).toEqual(["merge_undone", "merged_into"]);
    const again = await call(admin, "POST", `/api/staff/customer-merges/${m.id}/undo`, { version: 2 });
    expect(again.statusCode).toBe(409);
    const listed = (await call(admin, "GET", `/api/staff/customer-merges?customer_id=${lose.id}`)).json();
    expect(listed.data.map((x: { id: number }) => x.id)).toContain(m.id);
  });

  it("the rulebook: staff may not merge, a manager only in their region, undo only by an administrator within 30 days", async () => {
    const keep = await customer({ first_name: "Rule", last_name: "Keep" });
    const lose = await customer({ first_name: "Rule", last_name: "Lose" });
    expect((await merge(sam, keep.id, lose.id)).statusCode).toBe(403);
    expect((await merge(tane, keep.id, lose.id)).statusCode).toBe(403);
    expect(
      (await call(tane, "GET", `/api/staff/customer-merges/preview/${keep.id}/${lose.id}`)).statusCode,
    ).toBe(403);
    const preview = await call(mia, "GET", `/api/staff/customer-merges/preview/${keep.id}/${lose.id}`);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().data).toMatchObject({
      keep: { id: keep.id },
      lose: { id: lose.id },
      choices: { first_name: "keep" },
    });
    const m = (await merge(mia, keep.id, lose.id)).json().data;
    await t.database.query(
      "update customer_merges set merged_at = now() - interval '31 days' where id = $1",
      [m.id],
    );
    const late = await call(admin, "POST", `/api/staff/customer-merges/${m.id}/undo`, { version: m.version });
    expect(late.statusCode).toBe(403);
    expect(late.json().message).toBe("A merge can be undone only within 30 days of it.");
  });
});
