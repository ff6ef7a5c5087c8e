import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/test-app";
import { EYE_TEST_STEPS } from "../../recalls/recalls.fixtures";
import { columnOf, kindContext, mappedRow, runKind, undoKind } from "./kind-harness.fixtures";
import { notesKind } from "./notes";
import { pdsKind } from "./pds";
import { prescriptionsKind } from "./prescriptions";
import { recallsKind } from "./recalls";

// The import kinds that hang off a customer (issue 46): a good row is written by the owning module
// and reads back through the customer's own endpoints; a bad cell names its field, column, value
// and the screens' reason; an undo removes only the records it is given.

let t: TestApp;
let token: string;
let ada: number;
let bo: number;

const customer = async (first_name: string) =>
  (
    await t.call(token, { method: "POST", url: "/api/user", payload: { first_name, last_name: "Imported" } })
  ).json().data.id as number;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
  ada = await customer("Ada");
  bo = await customer("Bo");
  await t.database.query("update customers set region_id = 1 where id = any($1)", [[ada, bo]]);
});
afterAll(() => t.close());

const rxOf = async (id: number) =>
  (await t.call(token, { method: "GET", url: `/api/staff/customers/${id}/prescriptions` })).json().data as {
    id: number;
    type_id: number;
    right_sph: number;
    contact_lens: Record<string, unknown> | null;
    source: { data: { slug: string } };
    note: string | null;
    created_at: string;
    expiry_date_stamp: string;
  }[];

describe("prescriptions kind", () => {
  it("writes spectacle and contact-lens rows that the customer's prescriptions list shows", async () => {
    const ctx = await kindContext(t, prescriptionsKind);
    const { outcomes, refused } = await runKind(t, prescriptionsKind, ctx, [
      mappedRow(
        "prescriptions",
        2,
        {
          source_id: "RX1",
          type: "spectacle",
          prescribed_on: "2024-03-05",
          expires_on: "2026-03-05",
          right_sphere: -1.25,
          right_cylinder: -0.5,
          right_axis: 90,
          left_sphere: -1,
          right_add: 1.5,
          left_add: 1.5,
          optometrist: "Dr Lee",
        },
        ada,
      ),
      mappedRow(
        "prescriptions",
        3,
        {
          source_id: "RX2",
          type: "contact_lens",
          prescribed_on: "2023-01-10",
          right_sphere: -2,
          left_sphere: -2.25,
          right_base_curve: 8.6,
          right_diameter: 14.2,
          lens_brand: "Acuvue Oasys",
        },
        ada,
      ),
    ]);
    expect(refused).toEqual([]);
    expect(outcomes.map((o) => o.outcome)).toEqual(["created", "created"]);
    const listed = await rxOf(ada);
    expect(listed.map((r) => r.id).sort()).toEqual(outcomes.map((o) => o.recordId).sort());
    const spectacle = listed.find((r) => r.id === outcomes[0].recordId)!;
    expect(spectacle).toMatchObject({
      type_id: 1,
      right_sph: -1.25,
      note: "Optometrist: Dr Lee",
      expiry_date_stamp: "2026-03-05",
      source: { data: { slug: "imported" } },
    });
    // Dated on the day the other system wrote it, not the day of the import.
    expect(spectacle.created_at.slice(0, 10)).toBe("2024-03-05");
    expect(listed.find((r) => r.id === outcomes[1].recordId)).toMatchObject({
      type_id: 2,
      contact_lens: { right_base_curve: 8.6, right_diameter: 14.2, brand: "Acuvue Oasys" },
    });
  });

  it("names each bad cell with its column, the file's value and the screen's message", async () => {
    const ctx = await kindContext(t, prescriptionsKind);
    const { outcomes, refused } = await runKind(t, prescriptionsKind, ctx, [
      mappedRow(
        "prescriptions",
        5,
        {
          source_id: "RX9",
          type: "spectacle",
          prescribed_on: "2024-01-01",
          right_sphere: -1.1,
          left_cylinder: -0.75,
        },
        ada,
        { right_sphere: "-1.10" },
      ),
    ]);
    expect(outcomes).toEqual([]);
    expect(refused[0].errors).toEqual(
      expect.arrayContaining([
        {
          field: "right_sphere",
          column: columnOf("right_sphere"),
          value: "-1.10",
          reason: "The right sphere field has to be between -18 and 12",
        },
        {
          field: "left_axis",
          column: null,
          value: null,
          reason: "The left axis field is required when the left cylinder field has value",
        },
      ]),
    );
  });

  it("undoes only the prescriptions it is given", async () => {
    const ctx = await kindContext(t, prescriptionsKind);
    const row = (line: number) =>
      mappedRow(
        "prescriptions",
        line,
        { source_id: `U${line}`, type: "spectacle", prescribed_on: "2022-02-02", right_sphere: 1 },
        bo,
      );
    const { outcomes } = await runKind(t, prescriptionsKind, ctx, [row(2), row(3)]);
    await undoKind(t, prescriptionsKind, ctx, [outcomes[0].recordId]);
    expect((await rxOf(bo)).map((r) => r.id)).toEqual([outcomes[1].recordId]);
    // Ada's, from another run, are untouched.
    expect((await rxOf(ada)).length).toBe(2);
  });
});

describe("PDs kind", () => {
  it("writes PDs and heights that the customer's PDs list shows, refuses a PD off the half step, and undoes", async () => {
    const ctx = await kindContext(t, pdsKind);
    const { outcomes, refused } = await runKind(t, pdsKind, ctx, [
      mappedRow(
        "pds",
        2,
        {
          source_id: "P1",
          measured_on: "2024-03-05",
          binocular_pd: 63.5,
          right_height: 22,
          left_height: 21.5,
        },
        ada,
      ),
      mappedRow("pds", 3, { source_id: "P2", measured_on: "2024-03-05", right_pd: 31.2 }, ada, {
        right_pd: "31,2",
      }),
      mappedRow("pds", 4, { source_id: "P3", measured_on: "2021-08-09", right_pd: 31, left_pd: 32 }, ada),
    ]);
    expect(refused).toEqual([
      {
        line: 3,
        errors: [
          {
            field: "right_pd",
            column: columnOf("right_pd"),
            value: "31,2",
            reason: "Please enter a valid PD value",
          },
        ],
      },
    ]);
    const list = async () =>
      (await t.call(token, { method: "GET", url: `/api/staff/customers/${ada}/pds` })).json().data as {
        id: number;
        binocular_dist_pd: number | null;
        right_height_multifocal: number | null;
      }[];
    const listed = await list();
    expect(listed.find((p) => p.id === outcomes[0].recordId)).toMatchObject({
      binocular_dist_pd: 63.5,
      right_height_multifocal: 22,
    });
    await undoKind(t, pdsKind, ctx, [outcomes[0].recordId]);
    expect((await list()).map((p) => p.id)).toEqual([outcomes[1].recordId]);
  });
});

describe("notes kind", () => {
  it("writes notes signed by their author, shown by the customer's notes, and undoes only the given ones", async () => {
    const ctx = await kindContext(t, notesKind);
    const { outcomes, refused } = await runKind(t, notesKind, ctx, [
      mappedRow(
        "notes",
        2,
        { source_id: "N1", written_on: "2019-06-01", text: "Prefers mornings", author: "Jan S" },
        bo,
      ),
      mappedRow("notes", 3, { source_id: "N2", written_on: "2019-06-02", text: "Allergic to nickel" }, bo),
      mappedRow("notes", 4, { source_id: "N3", written_on: "2031-01-01", text: "From the future" }, bo),
    ]);
    expect(refused).toEqual([
      {
        line: 4,
        errors: [
          {
            field: "written_on",
            column: columnOf("written_on"),
            value: "2031-01-01",
            reason: "The written on can't be in the future.",
          },
        ],
      },
    ]);
    const notes = async () =>
      (await t.call(token, { method: "GET", url: `/legacy-api/user-note?user_id=${bo}` })).json().data as {
        id: number;
        content: string;
        created_at: string;
      }[];
    expect((await notes()).map((n) => n.content).sort()).toEqual([
      "Allergic to nickel",
      "Prefers mornings\n— Jan S",
    ]);
    await undoKind(t, notesKind, ctx, [outcomes[1].recordId]);
    expect((await notes()).map((n) => n.id)).toEqual([outcomes[0].recordId]);
  });
});

describe("recalls kind", () => {
  let typeId: number;
  beforeAll(async () => {
    await t.database.query("update recall_types set active = false");
    const made = await t.call(token, {
      method: "POST",
      url: "/api/staff/recall-types",
      payload: {
        name: "Eye test (import)",
        region_id: 1,
        interval_months: 24,
        triggers: ["spectacle_prescription"],
        use_expiry: false,
        min_age: null,
        max_age: null,
        steps: EYE_TEST_STEPS,
        active: true,
      },
    });
    typeId = made.json().data.id;
  });

  const recallsOf = async (id: number) =>
    (await t.call(token, { method: "GET", url: `/api/staff/customers/${id}/recalls` })).json().data as {
      id: number;
      due_date: string;
      recall_type_id?: number;
    }[];
  const dueOnProfile = async (id: number) =>
    (
      await t.database.query<{ due: string | null }>(
        "select recall_due_date::text as due from customers where id = $1",
        [id],
      )
    )[0].due;

  it("sets a customer's recall due date by the type's name, links a second row to it, and undoes it", async () => {
    const ctx = await kindContext(t, recallsKind);
    const { outcomes, refused } = await runKind(t, recallsKind, ctx, [
      mappedRow(
        "recalls",
        2,
        { source_id: "R1", recall_type: "eye test (IMPORT)", due_on: "2027-03-01" },
        ada,
      ),
      mappedRow("recalls", 3, { source_id: "R2", recall_type: String(typeId), due_on: "2027-05-01" }, ada),
      mappedRow(
        "recalls",
        4,
        { source_id: "R3", recall_type: "Contact lens check", due_on: "2027-05-01" },
        ada,
      ),
    ]);
    expect(refused[0]).toEqual({
      line: 4,
      errors: [
        {
          field: "recall_type",
          column: columnOf("recall_type"),
          value: "Contact lens check",
          reason: "The recall type is not one of Loupe's recall types.",
        },
      ],
    });
    expect(outcomes).toEqual([
      { outcome: "created", recordId: outcomes[0].recordId },
      // One recall per customer and type: the second row is linked to the first, not made again.
      { outcome: "merged", recordId: outcomes[0].recordId },
    ]);
    const listed = await recallsOf(ada);
    expect(listed.map((r) => [r.id, r.due_date])).toEqual([[outcomes[0].recordId, "2027-03-01"]]);
    expect(await dueOnProfile(ada)).toBe("2027-03-01");
    await undoKind(t, recallsKind, ctx, [outcomes[0].recordId]);
    expect(await recallsOf(ada)).toEqual([]);
    expect(await dueOnProfile(ada)).toBeNull();
  });
});
