import fs from "node:fs";
import path from "node:path";
import type { ImportBatchWire } from "@loupe/contract";
import { IMPORT_MESSAGES, POSTCODE_MESSAGES } from "@loupe/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { multipart } from "../../test/multipart";
import { createTestApp, type TestApp } from "../../test/test-app";
import { detectDelimiter } from "./import-file";
import { IMPORT_KIND_HANDLERS } from "./import-kinds";
import { importsCustomerMover } from "./imports.merge";

// Switching to Loupe (issue 46): files that look like real exports, through the HTTP endpoints and
// the queue, on PGlite (and on PostgreSQL under TEST_DATABASE_URL). Two rows a chunk, so that the
// fixtures' dozen rows are several transactions and a run can be cut between them.

const FIXTURES = path.join(import.meta.dirname, "fixtures");
const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, name));

let t: TestApp;
let admin: string;
let sam: string;

const q = <T = Record<string, unknown>>(sql: string, params: unknown[] = []) =>
  t.database.query<T>(sql, params) as Promise<T[]>;

const upload = (name: string, kind = "customers", source = "optomate", token = admin) =>
  t.call(token, {
    method: "POST",
    url: "/api/staff/imports",
    ...multipart({ kind, source_system: source }, { name, bytes: fixture(name) }),
  });

const OPTOMATE_MAPPING = {
  source_id: "PatientID",
  first_name: "FirstName",
  last_name: "Surname",
  dob: "DOB",
  gender: "Sex",
  email: "Email",
  mobile: "Mobile",
  phone: "HomePhone",
  address_line1: "Address1",
  address_line2: "Address2",
  suburb: "Suburb",
  state: "State",
  postcode: "Postcode",
  outlet: "Branch",
  opt_in: "Recall Consent",
  channel_sms: "SMS",
  channel_email: "Email OK",
  created_on: "Created",
};
const OPTOMATE_VALUE_MAPS = { gender: { M: "Male", F: "Female" } };

const get = async (id: number) =>
  (await t.call(admin, { method: "GET", url: `/api/staff/imports/${id}` })).json().data;

const post = (id: number, action: string, version: number, token = admin) =>
  t.call(token, { method: "POST", url: `/api/staff/imports/${id}/${action}`, payload: { version } });

/** Runs the queue until the batch is no longer being worked on. */
async function settle(id: number): Promise<ImportBatchWire> {
  for (let i = 0; i < 400; i++) {
    await t.app.queue.runDue();
    const b = await get(id);
    if (!["checking", "running", "undoing"].includes(b.state)) return b;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error("the import did not settle");
}

async function mapped(name = "optomate-customers-1252.csv") {
  const up = await upload(name);
  expect(up.statusCode, up.body).toBe(201);
  const b = up.json().data;
  const res = await t.call(admin, {
    method: "PUT",
    url: `/api/staff/imports/${b.id}/mapping`,
    payload: {
      version: b.version,
      mapping: OPTOMATE_MAPPING,
      value_maps: OPTOMATE_VALUE_MAPS,
      date_format: "DD/MM/YYYY",
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

async function checked(name?: string) {
  const b = await mapped(name);
  const res = await post(b.id, "dry-run", b.version);
  expect(res.statusCode, res.body).toBe(202);
  return settle(b.id);
}

async function imported(name?: string) {
  const b = await checked(name);
  const res = await post(b.id, "run", b.version);
  expect(res.statusCode, res.body).toBe(202);
  return settle(b.id);
}

const customersNamed = (first: string, last: string) =>
  q<{ id: number }>("select id from customers where first_name = $1 and last_name = $2", [first, last]);

beforeAll(async () => {
  t = await createTestApp({
    logLines: LOGS,
    env: { LOG_LEVEL: "error", IMPORT_BATCH_ROWS: "2", QUEUE_RETRY_BASE_SECONDS: "0.01" },
  });
  [admin, sam] = await Promise.all([t.login(), t.login("sam@loupe.test")]);
  // A customer Loupe already has: the file's row with her e-mail links to her, makes no one new.
  await t.call(admin, {
    method: "POST",
    url: "/api/user",
    payload: { first_name: "Eve", last_name: "", email: "existing@example.com" },
  });
});
const LOGS: string[] = [];
afterAll(async () => {
  if (process.env.SHOW_LOGS) console.log(LOGS.join("\n").slice(0, 6000));
  await t?.close();
});

describe("reading the file", () => {
  it("detects Windows-1252 with ';', keeps its accents, and answers its columns and first rows", async () => {
    const res = await upload("optomate-customers-1252.csv");
    expect(res.statusCode, res.body).toBe(201);
    const b = res.json().data;
    expect(b).toMatchObject({
      encoding: "windows-1252",
      delimiter: ";",
      state: "uploaded",
      kind: "customers",
    });
    expect(b.columns.slice(0, 5)).toEqual(["PatientID", "Title", "FirstName", "Surname", "DOB"]);
    expect(b.preview_rows[0].slice(0, 4)).toEqual(["1001", "Mr", "José", "García"]);
    expect(b.preview_rows[1][3]).toBe("O’Brien");
    expect(b.preview_rows).toHaveLength(10); // the first ten rows, the blank line not one of them
    expect(b.preview_rows[7][0]).toBe("1007");
  });

  it("reads a UTF-8 file with a BOM and quoted commas, and guesses the mapping from the header", async () => {
    const res = await upload("sunix-customers-utf8-bom.csv", "customers", "sunix");
    const b = res.json().data;
    expect(b).toMatchObject({ encoding: "utf-8", delimiter: "," });
    expect(b.columns[0]).toBe("Client No");
    expect(b.preview_rows[0]).toEqual([
      "S-1",
      "Aroha",
      "Ngāti, Te",
      "1985-04-12",
      "Female",
      "aroha@example.nz",
      "021 555 0101",
      "CHA",
      "ALL",
    ]);
    expect(b.preview_rows[2][1]).toBe('Mary "Molly"');
    expect(b.mapping).toMatchObject({ gender: "Gender" });
  });

  it("reads an XLSX sheet streamed: date cells as dates, rich text and formula results as text", async () => {
    const res = await upload("acuitas-customers.xlsx", "customers", "acuitas");
    expect(res.statusCode, res.body).toBe(201);
    const b = res.json().data;
    expect(b).toMatchObject({ delimiter: null });
    expect(b.columns).toEqual(["Patient Ref", "First", "Last", "Birth Date", "Sex", "Email", "Location"]);
    expect(b.preview_rows[0]).toEqual([
      "501",
      "Hēmi",
      "Walker",
      "1975-06-30",
      "M",
      "hemi@example.com",
      "CHA",
    ]);
    expect(b.preview_rows[1][1]).toBe("Priya");
    expect(b.preview_rows[2][0]).toBe("503");
  });

  it("checks every row of an XLSX sheet in the dry run: a date cell read as a date, a text date by the format", async () => {
    const b = (await upload("acuitas-customers.xlsx", "customers", "acuitas")).json().data;
    const m = await t.call(admin, {
      method: "PUT",
      url: `/api/staff/imports/${b.id}/mapping`,
      payload: {
        version: b.version,
        mapping: {
          source_id: "Patient Ref",
          first_name: "First",
          last_name: "Last",
          dob: "Birth Date",
          gender: "Sex",
          email: "Email",
          outlet: "Location",
        },
        value_maps: { gender: { M: "Male", F: "Female" } },
        date_format: "DD/MM/YYYY",
      },
    });
    expect(m.statusCode, m.body).toBe(200);
    await post(b.id, "dry-run", m.json().data.version);
    const done = await settle(b.id);
    expect(done.counts).toMatchObject({ rows_in_file: 3, rows_ok: 2, rows_rejected: 1 });
    const rejects = (await t.call(admin, { method: "GET", url: `/api/staff/imports/${b.id}/rejects` })).json()
      .data;
    expect(rejects).toEqual([
      { line: 4, column: "Birth Date", value: "31/02/1990", reason: IMPORT_MESSAGES.noSuchDay("31/02/1990") },
    ]);
  });

  it("picks the delimiter that splits every first line alike", () => {
    expect(detectDelimiter('a;b;"c;d"\n1;2;3\n')).toBe(";");
    expect(detectDelimiter("a\tb\tc\n1\t2,5\t3\n")).toBe("\t");
    expect(detectDelimiter("a|b\n1|2\n")).toBe("|");
    expect(detectDelimiter("name\nx\n")).toBe(",");
  });

  it("refuses an upload without a file, or of an unknown kind, naming the field", async () => {
    const none = await t.call(admin, {
      method: "POST",
      url: "/api/staff/imports",
      ...multipart({ kind: "customers", source_system: "optomate" }, null),
    });
    expect(none.statusCode).toBe(422);
    expect(none.json().errors).toHaveProperty("file");
    const bad = await upload("optomate-customers-1252.csv", "spaceships");
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toHaveProperty("kind");
  });
});

describe("a file gone from the store", () => {
  it("fails the batch with the reason instead of leaving it checking", async () => {
    const b = await mapped();
    const [{ storage_key }] = await q<{ storage_key: string }>(
      "select storage_key from import_batches where id = $1",
      [b.id],
    );
    fs.rmSync(path.join(t.config.filesDir, storage_key));
    await post(b.id, "dry-run", b.version);
    const done = await settle(b.id);
    expect(done).toMatchObject({ state: "failed", error: "The file is no longer in the file store." });
  });
});

describe("who may import", () => {
  it("refuses a non-administrator with the rulebook's reason, on every endpoint", async () => {
    const up = await upload("optomate-customers-1252.csv", "customers", "optomate", sam);
    expect(up.statusCode).toBe(403);
    expect(up.json().message).toBe("Only an administrator can do this.");
    const list = await t.call(sam, { method: "GET", url: "/api/staff/imports" });
    expect(list.statusCode).toBe(403);
    const presets = await t.call(sam, { method: "GET", url: "/api/staff/import-presets" });
    expect(presets.statusCode).toBe(403);
  });
});

describe("mapping", () => {
  it("refuses a stale version with 409 and an unknown column naming the field", async () => {
    const b = (await upload("optomate-customers-1252.csv")).json().data;
    const body = { mapping: OPTOMATE_MAPPING, value_maps: {}, date_format: "DD/MM/YYYY" };
    const ok = await t.call(admin, {
      method: "PUT",
      url: `/api/staff/imports/${b.id}/mapping`,
      payload: { ...body, version: b.version },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.version).toBe(b.version + 1);
    const stale = await t.call(admin, {
      method: "PUT",
      url: `/api/staff/imports/${b.id}/mapping`,
      payload: { ...body, version: b.version },
    });
    expect(stale.statusCode).toBe(409);
    const wrong = await t.call(admin, {
      method: "PUT",
      url: `/api/staff/imports/${b.id}/mapping`,
      payload: { ...body, mapping: { ...OPTOMATE_MAPPING, email: "E-mail address" }, version: b.version + 1 },
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors["mapping.email"]).toEqual(['The file has no column "E-mail address".']);
  });

  it("previews the first rows through the mapping with each cell's error, and lists a column's values", async () => {
    const b = await mapped();
    const res = await t.call(admin, { method: "GET", url: `/api/staff/imports/${b.id}/preview?rows=3` });
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().data.rows;
    expect(rows[0]).toMatchObject({
      line: 2,
      values: { first_name: "José", dob: "1958-03-15", gender: "Male", outlet: "CHA", channel_sms: "true" },
      errors: [],
    });
    expect(rows[1].errors).toEqual(
      expect.arrayContaining([
        { field: "dob", column: "DOB", reason: IMPORT_MESSAGES.noSuchDay("31/02/1970") },
      ]),
    );
    const values = await t.call(admin, {
      method: "GET",
      url: `/api/staff/imports/${b.id}/values?column=Sex`,
    });
    expect(values.json().data).toEqual({
      column: "Sex",
      values: [
        { value: "M", rows: 6 },
        { value: "F", rows: 5 },
        { value: "X", rows: 1 },
      ],
      more: false,
    });
  });
});

describe("the dry run", () => {
  let batch: ImportBatchWire;

  it("names each bad cell with its line, column, value and reason, and counts the rest", async () => {
    batch = await checked();
    const b = await get(batch.id);
    expect(b.state).toBe("checked");
    expect(b.counts).toMatchObject({ rows_in_file: 12, rows_ok: 6, rows_rejected: 5, already_imported: 1 });
    const res = await t.call(admin, {
      method: "GET",
      url: `/api/staff/imports/${batch.id}/rejects?per_page=50`,
    });
    const rejects = res.json().data;
    expect(rejects).toEqual([
      { line: 3, column: "DOB", value: "31/02/1970", reason: IMPORT_MESSAGES.noSuchDay("31/02/1970") },
      {
        line: 3,
        column: "Email",
        value: "zoe.obrien@example",
        reason: "The email field must be a valid email",
      },
      { line: 4, column: "FirstName", value: "", reason: IMPORT_MESSAGES.required("First name") },
      { line: 4, column: "DOB", value: "01/13/1985", reason: IMPORT_MESSAGES.noSuchDay("01/13/1985") },
      { line: 8, column: "Sex", value: "X", reason: IMPORT_MESSAGES.notInValueMap("Gender") },
      { line: 8, column: "SMS", value: "maybe", reason: IMPORT_MESSAGES.notYesNo },
      { line: 8, column: "Postcode", value: "40xx", reason: POSTCODE_MESSAGES.AU },
      { line: 11, column: "Branch", value: "XXX", reason: expect.stringContaining("Not a code for Outlet") },
      { line: 12, column: "DOB", value: "01/01/2090", reason: "The dob field must be a date in the past." },
    ]);
    // Nothing was written.
    expect(await customersNamed("José", "García")).toEqual([]);
  });

  it("downloads the report as CSV", async () => {
    const res = await t.call(admin, { method: "GET", url: `/api/staff/imports/${batch.id}/rejects.csv` });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/csv");
    const lines = res.body
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe("line,column,value,reason");
    expect(lines).toHaveLength(10);
    expect(lines[1]).toBe(`3,DOB,31/02/1970,${IMPORT_MESSAGES.noSuchDay("31/02/1970")}`);
  });

  it("counts per outlet", async () => {
    const rec = (
      await t.call(admin, { method: "GET", url: `/api/staff/imports/${batch.id}/reconciliation` })
    ).json().data;
    const fit = rec.rows.find((r: { outlet_name: string }) => r.outlet_name === "Fitzroy");
    expect(fit).toMatchObject({ in_file: 3, imported: 2, rejected: 0, already_imported: 1 });
    const unknown = rec.rows.find((r: { outlet_id: number | null }) => r.outlet_id === null);
    expect(unknown).toMatchObject({ in_file: 1, rejected: 1 });
  });
});

describe("the run", () => {
  let first: ImportBatchWire;

  it("makes each good row once, links the row of a customer Loupe had, and records the source ids", async () => {
    first = await imported();
    expect(first.state).toBe("imported");
    expect(first.counts).toMatchObject({
      created: 5,
      merged: 1,
      already_imported: 1,
      rows_rejected: 5,
    });
    expect(await customersNamed("José", "García")).toHaveLength(1);
    // The same person twice under two spellings: two customers (the duplicates list finds them), the repeated row once.
    expect(await customersNamed("Jon", "Smith")).toHaveLength(1);
    expect(await customersNamed("John", "Smith")).toHaveLength(1);
    // Two source ids sharing an e-mail (a family) are two people: only customers Loupe had before are linked to.
    expect(await customersNamed("Maria", "García")).toHaveLength(1);
    const [eve] = await q<{ id: number; last_name: string; gender: string; version: number }>(
      "select id, last_name, gender, version from customers where email = 'existing@example.com'",
    );
    expect(eve).toMatchObject({ last_name: "Existing", gender: "Female", version: 2 });
    const [jose] = await q<Record<string, unknown>>(
      `select c.dob::text as dob, c.new_opt_in, c.channel_sms, c.channel_phone, c.outlet_id, c.created_at::date::text as since,
              a.address1, a.suburb, a.city, a.state, a.postcode, a.country
       from customers c join billing_addresses a on a.customer_id = c.id where c.first_name = 'José'`,
    );
    expect(jose).toMatchObject({
      dob: "1958-03-15",
      new_opt_in: "ALL",
      channel_sms: true,
      // Not in the file: no consent beyond what the file gave (ALL: channels on).
      channel_phone: true,
      since: "2009-06-03",
      address1: "12 Smith St",
      suburb: "Chatswood",
      city: "Chatswood",
      state: "NSW",
      postcode: "2067",
      country: "AU",
    });
    const history = await q<{ kind: string; detail: string }>(
      "select e.kind, e.detail from customer_events e join customers c on c.id = e.customer_id where c.first_name = 'José'",
    );
    expect(history).toEqual([
      { kind: "imported", detail: `Imported from Optomate (batch #${first.id}, source id 1001)` },
    ]);
    const keys = await q<{ source_id: string; outcome: string }>(
      "select source_id, outcome from import_records where batch_id = $1 order by source_id",
      [first.id],
    );
    expect(keys).toEqual([
      { source_id: "1001", outcome: "created" },
      { source_id: "1004", outcome: "created" },
      { source_id: "1005", outcome: "created" },
      { source_id: "1007", outcome: "created" },
      { source_id: "1010", outcome: "merged" },
      { source_id: "1011", outcome: "created" },
    ]);
    const log = await q<{ action: string; resource: string; resource_id: number }>(
      "select action, resource, resource_id from access_log where resource = 'import_batch' and resource_id = $1",
      [first.id],
    );
    expect(log.length).toBeGreaterThanOrEqual(2);
    expect(log[0]).toMatchObject({ action: "import", resource: "import_batch" });
  });

  it("a customer merge moves the source ids to the kept customer (as a link) and its undo puts them back", async () => {
    const [jon] = await customersNamed("Jon", "Smith");
    const [john] = await customersNamed("John", "Smith");
    const keys = () =>
      q<{ source_id: string; record_id: number; outcome: string }>(
        "select source_id, record_id, outcome from import_records where source_id in ('1004', '1005') order by source_id",
      );
    const before = await keys();
    const db = t.database.db;
    const move = await db.transaction((tx) => importsCustomerMover.move(tx, jon.id, john.id));
    expect(await keys()).toEqual([
      // An undo of the import must not delete the kept customer: the moved key is a link now.
      { source_id: "1004", record_id: john.id, outcome: "merged" },
      { source_id: "1005", record_id: john.id, outcome: "created" },
    ]);
    await db.transaction((tx) => importsCustomerMover.moveBack(tx, move, john.id, jon.id));
    expect(await keys()).toEqual(before);
  });

  it("a second upload and run of the same file creates nothing", async () => {
    const before = await q<{ n: number }>("select count(*)::int as n from customers");
    const again = await imported();
    expect(again.counts).toMatchObject({
      created: 0,
      merged: 0,
      already_imported: 7,
    });
    expect(await q<{ n: number }>("select count(*)::int as n from customers")).toEqual(before);
  });

  it("is refused without a dry run, and a final batch cannot be undone", async () => {
    const b = await mapped();
    const res = await post(b.id, "run", b.version);
    expect(res.statusCode).toBe(409);
  });

  it("undo removes what the batch made, keeps the customer it linked to, and frees the source ids", async () => {
    const b = await get(first.id);
    const stale = await post(first.id, "undo", b.version - 1);
    expect(stale.statusCode).toBe(409);
    // A later batch of prescriptions made on one of its customers: the undo names it and waits.
    const [jose] = await customersNamed("José", "García");
    const [child] = await q<{ id: number }>("select max(id)::int as id from import_batches");
    await q(
      `insert into import_records (source_system, kind, source_id, record_id, batch_id, outcome, parent_record_id)
       values ('optomate', 'prescriptions', 'RX-1', 999999, $1, 'created', $2)`,
      [child.id, jose.id],
    );
    const blocked = await post(first.id, "undo", b.version);
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().message).toBe(
      `Import #${child.id} (prescriptions) was made on records of this one: undo it first.`,
    );
    await q("delete from import_records where kind = 'prescriptions' and source_id = 'RX-1'");
    // Staff edited Jon since the import: the undo keeps him (work done since is never taken back).
    await q("update customers set occupation = 'Builder', version = version + 1 where first_name = 'Jon'");
    // John paid for something since: the payment's customer keeps him too (each refusal tried alone).
    const [john] = await customersNamed("John", "Smith");
    await q(
      `insert into payments (idempotency_key, gateway, intent_id, amount_minor, currency, customer_id, status, created_by)
       values ('imp-test', 'sandbox', 'pi_1', 1000, 'AUD', $1, 'succeeded', 1)`,
      [john.id],
    );
    const res = await post(first.id, "undo", b.version);
    expect(res.statusCode, res.body).toBe(202);
    const done = await settle(first.id);
    expect(done.state).toBe("undone");
    expect(await customersNamed("José", "García")).toEqual([]);
    expect(await customersNamed("Émile", "Zola")).toEqual([]);
    expect(await customersNamed("John", "Smith")).toHaveLength(1);
    expect(await customersNamed("Jon", "Smith")).toHaveLength(1);
    expect(await q("select id from customers where email = 'existing@example.com'")).toHaveLength(1);
    expect(await q("select * from import_records where batch_id = $1", [first.id])).toEqual([]);
    const rec = (
      await t.call(admin, { method: "GET", url: `/api/staff/imports/${first.id}/reconciliation` })
    ).json().data;
    expect(rec.in_loupe).toBe(0);
  });

  it("once final, cannot be undone", async () => {
    const b = await imported();
    const fin = await post(b.id, "final", b.version);
    expect(fin.statusCode, fin.body).toBe(200);
    const res = await post(b.id, "undo", fin.json().data.version);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain("final");
  });
});

describe("an interrupted run", () => {
  it("resumes after the last chunk it committed, and ends with each row once", async () => {
    // The batch before left these customers in; start from none of them.
    const prior = await q<{ batch_id: number }>(
      "select distinct batch_id from import_records where source_system = 'optomate'",
    );
    for (const { batch_id } of prior) {
      const b = await get(batch_id);
      if (b.state === "final") {
        await q("update import_batches set state = 'imported' where id = $1", [batch_id]);
        const again = await get(batch_id);
        await post(batch_id, "undo", again.version);
        await settle(batch_id);
      }
    }
    const handler = IMPORT_KIND_HANDLERS.customers;
    if (!handler) throw new Error("no customers kind");
    const write = handler.write;
    const linesWritten: number[][] = [];
    let calls = 0;
    handler.write = async (tx, rows, ctx) => {
      calls++;
      linesWritten.push(rows.map((r) => r.line));
      const out = await write(tx, rows, ctx);
      // The second chunk fails after writing: its transaction rolls back, the queue runs the task again.
      if (calls === 2) throw new Error("the database went away");
      return out;
    };
    try {
      const b = await imported();
      expect(b.state).toBe("imported");
      // Jon and John, kept by the undo, are customers Loupe has now: their rows link to them.
      expect(b.counts).toMatchObject({ created: 3, merged: 3, already_imported: 1 });
    } finally {
      handler.write = write;
    }
    // The failed chunk was written again, no chunk before it.
    expect(linesWritten[1]).toEqual(linesWritten[2]);
    expect(linesWritten.flat().filter((l) => l === linesWritten[0][0])).toHaveLength(1);
    for (const [f, l] of [
      ["José", "García"],
      ["Jon", "Smith"],
      ["John", "Smith"],
      ["Émile", "Zola"],
    ])
      expect(await customersNamed(f, l)).toHaveLength(1);
  });
});

describe("presets", () => {
  it("saves a mapping shared per source system, applies it at upload, and refuses a stale edit", async () => {
    const res = await t.call(admin, {
      method: "POST",
      url: "/api/staff/import-presets",
      payload: {
        name: "Optomate patients",
        source_system: "optomate",
        kind: "customers",
        mapping: OPTOMATE_MAPPING,
        value_maps: OPTOMATE_VALUE_MAPS,
        date_format: "DD/MM/YYYY",
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const preset = res.json().data;
    const up = await t.call(admin, {
      method: "POST",
      url: "/api/staff/imports",
      ...multipart(
        { kind: "customers", source_system: "optomate", preset_id: String(preset.id) },
        { name: "x.csv", bytes: fixture("optomate-customers-1252.csv") },
      ),
    });
    expect(up.json().data).toMatchObject({
      mapping: OPTOMATE_MAPPING,
      value_maps: OPTOMATE_VALUE_MAPS,
      preset_id: preset.id,
    });
    const body = { ...preset, name: "Optomate (2)", version: preset.version };
    delete body.id;
    delete body.updated_at;
    delete body.updated_by;
    const ok = await t.call(admin, {
      method: "PUT",
      url: `/api/staff/import-presets/${preset.id}`,
      payload: body,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const stale = await t.call(admin, {
      method: "PUT",
      url: `/api/staff/import-presets/${preset.id}`,
      payload: body,
    });
    expect(stale.statusCode).toBe(409);
  });
});
