import type { ImportBatchWire } from "@loupe/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFileStorage } from "../../integrations/file-storage";
import { createSearch } from "../../integrations/search";
import { createTestApp, type TestApp } from "../../test/test-app";
import { customersSearchIndex } from "../customers";
import { IMPORT_KIND_HANDLERS } from "./import-kinds";
import { createImportEngine } from "./imports.engine";

// The import on PostgreSQL (issue 46): a run cut part-way and resumed by another worker, a pause
// and resume, two workers on one batch and two run calls at once: each row is made exactly once.

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const ROWS = 40;
const CHUNK = 5;

let t: TestApp;
let admin: string;

const q = <T = Record<string, unknown>>(sql: string, params: unknown[] = []) =>
  t.database.query<T>(sql, params) as Promise<T[]>;

/** A plain spreadsheet export: `rows` customers whose source ids start at `from`. */
function csv(prefix: string, rows = ROWS): Buffer {
  const lines = ["Ref,First,Last,Email,Store"];
  for (let i = 1; i <= rows; i++)
    lines.push(`${prefix}-${i},Pat${i},${prefix},${prefix}.${i}@example.com,CHA`);
  return Buffer.from(`${lines.join("\n")}\n`);
}

async function uploadAndCheck(prefix: string): Promise<ImportBatchWire> {
  const boundary = "----loupe-pg-import";
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="kind"\r\n\r\ncustomers\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="source_system"\r\n\r\nspreadsheet\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${prefix}.csv"\r\n\r\n`,
    ),
    csv(prefix),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const up = await t.call(admin, {
    method: "POST",
    url: "/api/staff/imports",
    payload,
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  });
  expect(up.statusCode, up.body).toBe(201);
  const b = up.json().data as ImportBatchWire;
  const m = await t.call(admin, {
    method: "PUT",
    url: `/api/staff/imports/${b.id}/mapping`,
    payload: {
      version: b.version,
      mapping: { source_id: "Ref", first_name: "First", last_name: "Last", email: "Email", outlet: "Store" },
      date_format: "DD/MM/YYYY",
    },
  });
  expect(m.statusCode, m.body).toBe(200);
  const d = await post(b.id, "dry-run", m.json().data.version);
  expect(d.statusCode, d.body).toBe(202);
  return settle(b.id);
}

const get = async (id: number): Promise<ImportBatchWire> =>
  (await t.call(admin, { method: "GET", url: `/api/staff/imports/${id}` })).json().data;
const post = (id: number, action: string, version: number) =>
  t.call(admin, { method: "POST", url: `/api/staff/imports/${id}/${action}`, payload: { version } });

async function settle(id: number, until = ["checked", "imported", "paused", "undone", "failed"]) {
  for (let i = 0; i < 600; i++) {
    await t.app.queue.runDue();
    const b = await get(id);
    if (until.includes(b.state)) return b;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error("the import did not settle");
}

/** Each source id of the prefix: one key, one customer. */
async function eachOnce(prefix: string) {
  const [keys] = await q<{ n: number; distinct_ids: number }>(
    "select count(*)::int as n, count(distinct record_id)::int as distinct_ids from import_records where source_id like $1",
    [`${prefix}-%`],
  );
  const [people] = await q<{ n: number; emails: number }>(
    "select count(*)::int as n, count(distinct email)::int as emails from customers where last_name = $1",
    [prefix],
  );
  return { keys: keys.n, records: keys.distinct_ids, customers: people.n, emails: people.emails };
}

const engine = () =>
  createImportEngine({
    database: t.database,
    db: t.database.db,
    storage: createFileStorage(t.config),
    chunkRows: CHUNK,
    search: createSearch(t.config, t.database, [customersSearchIndex]),
    log: { warn() {} },
  });

beforeAll(async () => {
  if (!onPostgres) return;
  t = await createTestApp({ env: { IMPORT_BATCH_ROWS: String(CHUNK), QUEUE_RETRY_BASE_SECONDS: "0.01" } });
  admin = await t.login();
});
afterAll(async () => {
  await t?.close();
});

describe.runIf(onPostgres)("imports on PostgreSQL", () => {
  it("a worker that dies part-way leaves whole chunks; another worker resumes at the cursor", async () => {
    const b = await uploadAndCheck("crash");
    // Started by hand (not through the queue): this test's workers are the two engines below.
    await q("update import_batches set state = 'running', started_by = created_by where id = $1", [b.id]);
    const handler = IMPORT_KIND_HANDLERS.customers;
    if (!handler) throw new Error("no customers kind");
    const write = handler.write;
    let calls = 0;
    handler.write = async (tx, rows, ctx) => {
      calls++;
      if (calls === 4) throw new Error("killed");
      return write(tx, rows, ctx);
    };
    try {
      await expect(engine().run(b.id)).rejects.toThrow("killed");
    } finally {
      handler.write = write;
    }
    const [cut] = await q<{ last_line: number; created: number }>(
      "select last_line, created from import_batches where id = $1",
      [b.id],
    );
    expect(cut).toEqual({ last_line: 1 + 3 * CHUNK, created: 3 * CHUNK });
    expect((await eachOnce("crash")).customers).toBe(3 * CHUNK);
    await engine().run(b.id);
    const done = await get(b.id);
    expect(done).toMatchObject({ state: "imported", counts: { created: ROWS, already_imported: 0 } });
    expect(await eachOnce("crash")).toEqual({ keys: ROWS, records: ROWS, customers: ROWS, emails: ROWS });
  });

  it("two workers on one batch at once: they meet at the cursor, each row is made once", async () => {
    const b = await uploadAndCheck("twice");
    await q("update import_batches set state = 'running', started_by = created_by where id = $1", [b.id]);
    await Promise.all([engine().run(b.id), engine().run(b.id), engine().run(b.id)]);
    expect((await get(b.id)).state).toBe("imported");
    expect(await eachOnce("twice")).toEqual({ keys: ROWS, records: ROWS, customers: ROWS, emails: ROWS });
  });

  it("two run calls at once: one starts the run, the other is refused; a second batch of the same file makes nothing", async () => {
    const b = await uploadAndCheck("calls");
    const [r1, r2] = await Promise.all([post(b.id, "run", b.version), post(b.id, "run", b.version)]);
    expect([r1.statusCode, r2.statusCode].sort()).toEqual([202, 409]);
    await settle(b.id);
    const again = await uploadAndCheck("calls");
    const [r3, r4] = await Promise.all([
      post(again.id, "run", again.version),
      post(b.id, "run", (await get(b.id)).version),
    ]);
    expect(r3.statusCode, r3.body).toBe(202);
    expect(r4.statusCode, r4.body).toBe(202);
    await settle(again.id);
    await settle(b.id);
    expect((await get(again.id)).counts).toMatchObject({ created: 0, already_imported: ROWS });
    expect(await eachOnce("calls")).toEqual({ keys: ROWS, records: ROWS, customers: ROWS, emails: ROWS });
  });

  it("pauses after the chunk in hand and resumes where it stopped", async () => {
    const b = await uploadAndCheck("pause");
    const handler = IMPORT_KIND_HANDLERS.customers;
    if (!handler) throw new Error("no customers kind");
    const write = handler.write;
    let calls = 0;
    let atSecondChunk: () => void = () => {};
    const secondChunk = new Promise<void>((r) => {
      atSecondChunk = r;
    });
    handler.write = async (tx, rows, ctx) => {
      calls++;
      if (calls === 2) atSecondChunk();
      await new Promise((r) => setTimeout(r, 50));
      return write(tx, rows, ctx);
    };
    try {
      const r = await post(b.id, "run", b.version);
      expect(r.statusCode, r.body).toBe(202);
      const running = settle(b.id, ["paused", "imported"]);
      // Staff press pause while the second chunk is being written: it waits for that chunk's commit.
      await secondChunk;
      const pause = await post(b.id, "pause", (await get(b.id)).version);
      expect(pause.statusCode, pause.body).toBe(200);
      expect((await running).state).toBe("paused");
    } finally {
      handler.write = write;
    }
    // Wait for the chunk in hand to commit, then read where the run stopped.
    await new Promise((r) => setTimeout(r, 300));
    const stopped = await get(b.id);
    expect(stopped.progress.rows_done).toBeLessThan(ROWS);
    expect(stopped.counts.created).toBe(stopped.progress.rows_done);
    const res = await post(b.id, "resume", stopped.version);
    expect(res.statusCode, res.body).toBe(202);
    const done = await settle(b.id, ["imported"]);
    expect(done.counts).toMatchObject({ created: ROWS });
    expect(await eachOnce("pause")).toEqual({ keys: ROWS, records: ROWS, customers: ROWS, emails: ROWS });
  });
});
