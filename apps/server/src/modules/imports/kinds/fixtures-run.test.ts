import fs from "node:fs";
import path from "node:path";
import { IMPORT_ROW_MESSAGES } from "@loupe/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/test-app";

// The fixtures of an Optomate export (issue 46) through the engine's HTTP endpoints and queue: each
// kind's dry run names every bad cell, the run makes the good rows, and a second run of the same
// file makes nothing. The customers below mirror the engine's optomate-customers fixture (same
// PatientIDs: 1001, 1004, 1007 and 1010 are imported; 1002, 1003 and 1008 are refused there).

const FIXTURES = path.join(import.meta.dirname, "..", "fixtures");

const CUSTOMERS = [
  "PatientID;FirstName;Surname;DOB;Sex;Email;Branch;Recall Consent",
  "1001;José;García;15/03/1958;M;jose.garcia@example.com;CHA;ALL",
  "1002;Zoë;O’Brien;31/02/1970;F;zoe.obrien@example.com;PAR;HEALTH",
  "1003;;Nguyen;01/01/1985;F;;CHA;",
  "1004;Jon;Smith;07/08/1962;M;;FIT;NONE",
  "1007;Émile;Zola;1/2/1940;M;emile@example.com;NOR;ALL",
  "1008;Kate;Lee;12/12/1999;F;kate.lee@example.com;XXX;ALL",
  "1010;Eve;Existing;;F;existing@example.com;CHA;ALL",
].join("\r\n");

let t: TestApp;
let admin: string;

function multipart(fields: Record<string, string>, file: { name: string; bytes: Buffer }) {
  const boundary = "----loupe-kinds-boundary";
  const parts = Object.entries(fields).map(
    ([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
  );
  return {
    payload: Buffer.concat([
      Buffer.from(parts.join("")),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: text/csv\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}

const batch = async (id: number) =>
  (await t.call(admin, { method: "GET", url: `/api/staff/imports/${id}` })).json().data;

async function settle(id: number) {
  for (let i = 0; i < 400; i++) {
    await t.app.queue.runDue();
    const b = await batch(id);
    if (!["checking", "running", "undoing"].includes(b.state)) return b;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error("the import did not settle");
}

interface Mapping {
  mapping: Record<string, string>;
  value_maps?: Record<string, Record<string, string>>;
}

/** Upload, map, dry run (answers the report), run: the batch as it ends, and the dry run's rejects. */
async function importFile(kind: string, name: string, bytes: Buffer, m: Mapping) {
  const up = await t.call(admin, {
    method: "POST",
    url: "/api/staff/imports",
    ...multipart({ kind, source_system: "optomate" }, { name, bytes }),
  });
  expect(up.statusCode, up.body).toBe(201);
  let b = up.json().data;
  const mapped = await t.call(admin, {
    method: "PUT",
    url: `/api/staff/imports/${b.id}/mapping`,
    payload: {
      version: b.version,
      mapping: m.mapping,
      value_maps: m.value_maps ?? {},
      date_format: "DD/MM/YYYY",
    },
  });
  expect(mapped.statusCode, `${kind} ${mapped.body} ${logLines.join("\n")}`).toBe(200);
  b = mapped.json().data;
  expect(
    (
      await t.call(admin, {
        method: "POST",
        url: `/api/staff/imports/${b.id}/dry-run`,
        payload: { version: b.version },
      })
    ).statusCode,
  ).toBe(202);
  b = await settle(b.id);
  const rejects = (
    await t.call(admin, { method: "GET", url: `/api/staff/imports/${b.id}/rejects?per_page=200` })
  ).json().data as { line: number; column: string | null; value: string | null; reason: string }[];
  expect(
    (
      await t.call(admin, {
        method: "POST",
        url: `/api/staff/imports/${b.id}/run`,
        payload: { version: b.version },
      })
    ).statusCode,
  ).toBe(202);
  b = await settle(b.id);
  return { batch: b, rejects };
}

const file = (name: string) => fs.readFileSync(path.join(FIXTURES, name));
const recordId = async (kind: string, sourceId: string) =>
  (
    await t.database.query<{ record_id: number }>(
      "select record_id from import_records where source_system = 'optomate' and kind = $1 and source_id = $2",
      [kind, sourceId],
    )
  )[0]?.record_id;

const MAPPINGS: Record<string, [string, Mapping]> = {
  prescriptions: [
    "optomate-prescriptions.csv",
    {
      mapping: {
        source_id: "RxID",
        customer_source_id: "PatientID",
        type: "RxType",
        prescribed_on: "RxDate",
        expires_on: "Expiry",
        right_sphere: "R_Sph",
        right_cylinder: "R_Cyl",
        right_axis: "R_Axis",
        right_add: "R_Add",
        left_sphere: "L_Sph",
        left_cylinder: "L_Cyl",
        left_axis: "L_Axis",
        left_add: "L_Add",
        right_base_curve: "R_BC",
        right_diameter: "R_Dia",
        left_base_curve: "L_BC",
        left_diameter: "L_Dia",
        lens_brand: "CL Brand",
        optometrist: "Optom",
        notes: "Notes",
      },
      value_maps: { type: { S: "spectacle", C: "contact_lens" } },
    },
  ],
  pds: [
    "optomate-pds.csv",
    {
      mapping: {
        source_id: "PDID",
        customer_source_id: "PatientID",
        measured_on: "Date",
        right_pd: "R PD",
        left_pd: "L PD",
        binocular_pd: "Bino PD",
        right_height: "R Height",
        left_height: "L Height",
      },
    },
  ],
  notes: [
    "optomate-notes-1252.csv",
    {
      mapping: {
        source_id: "NoteID",
        customer_source_id: "PatientID",
        written_on: "Date",
        text: "Note",
        author: "User",
      },
    },
  ],
  recalls: [
    "optomate-recalls.csv",
    {
      mapping: {
        source_id: "RecallID",
        customer_source_id: "PatientID",
        recall_type: "Recall",
        due_on: "Due",
      },
      value_maps: {
        recall_type: { EYE: "Spectacle eye test", CL: "Contact-lens check", LOWVIS: "Low vision review" },
      },
    },
  ],
  jobs: [
    "optomate-jobs.csv",
    {
      mapping: {
        source_id: "JobID",
        customer_source_id: "PatientID",
        outlet: "Branch",
        status: "Status",
        created_on: "JobDate",
        job_number: "InvoiceNo",
        notes: "Comments",
      },
      value_maps: {
        status: {
          Collected: "collected-by-customer",
          Cancelled: "cancelled",
          Refunded: "refunded",
          "In Lab": "lenses-ordered",
        },
      },
    },
  ],
  job_items: [
    "optomate-job-items.csv",
    {
      mapping: {
        source_id: "LineID",
        job_source_id: "JobID",
        description: "Description",
        sku: "SKU",
        quantity: "Qty",
        price: "Price",
      },
    },
  ],
  job_payments: [
    "optomate-job-payments.csv",
    {
      mapping: {
        source_id: "PayID",
        job_source_id: "JobID",
        paid_on: "Date",
        amount: "Amount",
        method: "Method",
      },
      value_maps: { method: { EFTPOS: "eftpos", Cash: "cash", Visa: "card", HICAPS: "health_fund" } },
    },
  ],
};

const results: Record<string, Awaited<ReturnType<typeof importFile>>> = {};

const logLines: string[] = [];
beforeAll(async () => {
  t = await createTestApp({ logLines, env: { LOG_LEVEL: "error" } });
  admin = await t.login();
  const customers = await importFile("customers", "optomate-customers.csv", Buffer.from(CUSTOMERS, "utf8"), {
    mapping: {
      source_id: "PatientID",
      first_name: "FirstName",
      last_name: "Surname",
      dob: "DOB",
      gender: "Sex",
      email: "Email",
      outlet: "Branch",
      opt_in: "Recall Consent",
    },
    value_maps: { gender: { M: "Male", F: "Female" } },
  });
  expect(customers.batch.counts.created).toBe(4);
  // The chain's recall types, as Settings has them (the import names them; it never makes one).
  for (const name of ["Spectacle eye test", "Contact-lens check"]) {
    const made = await t.call(admin, {
      method: "POST",
      url: "/api/staff/recall-types",
      payload: {
        name,
        region_id: 1,
        interval_months: 24,
        triggers: [],
        use_expiry: false,
        min_age: null,
        max_age: null,
        steps: [
          {
            offset_days: 0,
            channel: "email",
            substitute: true,
            subject: "Due",
            template: "Your check is due.",
          },
        ],
        active: true,
      },
    });
    expect(made.statusCode, made.body).toBe(201);
  }
  // In the order a chain brings them: customers' records, then jobs, then the jobs' lines and money.
  for (const kind of ["prescriptions", "pds", "notes", "recalls", "jobs", "job_items", "job_payments"]) {
    const [name, m] = MAPPINGS[kind];
    results[kind] = await importFile(kind, name, file(name), m);
  }
}, 120_000);
afterAll(() => t.close());

const reasons = (kind: string) =>
  results[kind].rejects.map((r) => `${r.line} ${r.column ?? "-"}: ${r.reason}`);

describe("an Optomate export's records, kind by kind", () => {
  it("prescriptions: the good rows are made, each bad cell named with the screens' words", async () => {
    const { batch: b } = results.prescriptions;
    expect(b.state).toBe("imported");
    // The repeated row (line 8) is the same source id: not made twice.
    expect(b.counts).toMatchObject({ created: 3, already_imported: 1 });
    expect(reasons("prescriptions")).toEqual(
      expect.arrayContaining([
        "5 R_Sph: The right sphere field has to be between -18 and 12",
        "6 R_Axis: The right axis field is required when the right cylinder field has value",
        "11 R_Axis: Not a number (use digits, with a point for decimals).",
        "13 R_Dia: The right diameter field has to be between 8 and 16",
      ]),
    );
    const rejectedLines = new Set(results.prescriptions.rejects.map((r) => r.line));
    expect([...rejectedLines].sort((a, b) => a - b)).toEqual([5, 6, 7, 9, 10, 11, 13]);
    const customer = await recordId("customers", "1001");
    const listed = (
      await t.call(admin, { method: "GET", url: `/api/staff/customers/${customer}/prescriptions` })
    ).json().data as { note: string | null }[];
    expect(listed.map((r) => r.note).sort()).toEqual([
      "Optometrist: Dr P. Shah",
      "Optometrist: Dr P. Shah\nReading glasses",
    ]);
  });

  it("PDs, notes and recalls: made for their customers, with the rows refused that the rules refuse", async () => {
    // PD-4 has heights only (a fitting): kept.
    expect(results.pds.batch.counts.created).toBe(4);
    expect(reasons("pds")).toEqual([
      "4 R PD: Please enter a valid PD value",
      "6 Bino PD: The row has no PD or height.",
      "8 R PD: right distance PD must be greater than 15.",
      '10 PatientID: No customer with source id "1003" has been imported from this system yet: import it first.',
    ]);
    expect(results.notes.batch.counts.created).toBe(3);
    expect(reasons("notes")).toEqual([
      "4 Note: The Note field is required.",
      "5 Note: The note field has to be at least 2 characters",
      "6 Date: 29/02/2021 is not a day of the calendar.",
      '9 PatientID: No customer with source id "1008" has been imported from this system yet: import it first.',
    ]);
    const noted = await t.database.query<{ content: string }>(
      "select content from notes where customer_id = $1 order by created_at",
      [await recordId("customers", "1001")],
    );
    // Windows-1252's é and en dash read as such.
    expect(noted.map((n) => n.content)).toEqual([
      "Prefers appointments before 10am\n— JBLOGGS",
      "Café owner – asks for anti-fog coating\n— RECEPTION",
    ]);
    expect(results.recalls.batch.counts).toMatchObject({ created: 4, merged: 1 });
    // R-7 is the customer's second date for the same type: linked to R-6's recall, not a second one.
    expect(reasons("recalls")).toEqual([
      "5 Recall: The recall type is not one of Loupe's recall types.",
      "6 Due: The Due on field is required.",
      '10 PatientID: No customer with source id "1002" has been imported from this system yet: import it first.',
    ]);
    const due = await t.database.query<{ due: string }>(
      "select recall_due_date::text as due from customers where id = $1",
      [await recordId("customers", "1010")],
    );
    expect(due[0].due).toBe("2027-10-20");
  });

  it("jobs, items and payments: history with its numbers and settled money", async () => {
    expect(results.jobs.batch.counts.created).toBe(5);
    expect(reasons("jobs")).toEqual(
      expect.arrayContaining([
        "7 Branch: Not a code for Outlet (one of: NTN, BRU, BON, CHA, PAR, FIT, SYA, FVA, PAD, FRE, NOR, CBR, ONLAU, PON, NMK, TAK, SYL, WLG, LHT, RIC).",
        "8 Status: This value is not in the value map for Status: add it to the map.",
        "9 JobDate: The created on can't be in the future.",
        `12 Status: ${IMPORT_ROW_MESSAGES.jobOpen}`,
      ]),
    );
    expect(results.job_items.batch.counts.created).toBe(4);
    expect(reasons("job_items")).toEqual(
      expect.arrayContaining([
        "5 Price: Not a number (use digits, with a point for decimals).",
        "7 Price: The price has more decimals than AUD has cents.",
        "8 Description: The Description field is required.",
        "9 Qty: The quantity must be a whole number of at least 1.",
        '11 JobID: No job with source id "J-9006" has been imported from this system yet: import it first.',
      ]),
    );
    expect(results.job_payments.batch.counts.created).toBe(4);
    expect(reasons("job_payments")).toEqual(
      expect.arrayContaining([
        "6 Amount: The amount must be more than zero.",
        "7 Method: This value is not in the value map for Method: add it to the map.",
      ]),
    );
    const job = (
      await t.call(admin, { method: "GET", url: `/api/staff/orders/${await recordId("jobs", "J-9001")}` })
    ).json().data;
    expect(job).toMatchObject({
      vend_invoice_number: "INV-88001",
      imported_from: "optomate",
      total_amount: 180,
      total_payment: 180,
      balance_due: 0,
      payment_status: { slug: "paid" },
    });
    const refunded = (
      await t.call(admin, { method: "GET", url: `/api/staff/orders/${await recordId("jobs", "J-9004")}` })
    ).json().data;
    expect(refunded).toMatchObject({ vend_invoice_number: "J-9004", payment_status: { slug: "refunded" } });
  });

  it("a second run of the same files makes nothing", async () => {
    for (const kind of ["prescriptions", "jobs", "job_payments"]) {
      const [name, m] = MAPPINGS[kind];
      const again = await importFile(kind, name, file(name), m);
      expect(again.batch.counts.created, kind).toBe(0);
      expect(again.batch.counts.already_imported, kind).toBe(
        results[kind].batch.counts.created + results[kind].batch.counts.already_imported,
      );
    }
  });
});
