import { dcsNoteText, LENS_ORDER_MESSAGES, parseDcsRecord } from "@loupe/domain";
import { readDcs } from "@loupe/domain/test-support/dcs-reader";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedLensCatalogue } from "../../seed/demo-lens-catalogue";
import { seedDemoSupplierContacts } from "../../seed/demo-suppliers";
import { confirmedJob } from "../../test/confirmed-job";
import { lensOrderBody, multifocal } from "../../test/lens-order-fixtures";
import { createTestApp, type TestApp } from "../../test/test-app";

/**
 * Issue 32 through `POST /order_lens`: an order whose PD lacks a value its lens, sides or supplier
 * need is refused before anything is sent, the missing field named; the record that does go out
 * carries the supplier's lens code, `?` for what is not known, the edging in ETYP (and `_JTYPE`
 * where the supplier takes it) and the whole notes in REM lines, read back by the standard's reader.
 */
let t: TestApp;
let admin: string;
let sam: string;

beforeAll(async () => {
  t = await createTestApp({
    env: { LAB_SIMULATOR_STEP_SECONDS: "86400", LENS_STATUS_POLL_SECONDS: "0", OUTBOX_POLL_SECONDS: "3600" },
  });
  await seedLensCatalogue(t.database.db);
  await seedDemoSupplierContacts(t.database.db);
  admin = await t.login();
  sam = await t.login("sam@loupe.test");
}, 120_000);
afterAll(() => t.close());

const order = (payload: Record<string, unknown>) =>
  t.call(sam, { method: "POST", url: "/api/order_lens", payload });
const recordOf = async (id: number) =>
  (await t.database.query<{ record: string }>("select record from lens_orders where id = $1", [id]))[0]
    .record;
type SupplierWire = { id: number; abbreviation: string; version: number } & Record<string, unknown>;
async function supplier(abbreviation: string): Promise<SupplierWire> {
  const list = (await t.call(admin, { method: "GET", url: "/api/staff/suppliers" })).json().data;
  return list.find((s: SupplierWire) => s.abbreviation === abbreviation);
}
/** Sets a supplier's lab-system options in Settings (the rest as it is). */
async function setOptions(abbreviation: string, options: Record<string, unknown>) {
  const s = await supplier(abbreviation);
  const res = await t.call(admin, {
    method: "PUT",
    url: `/api/staff/suppliers/${s.id}`,
    payload: {
      name: s.name,
      abbreviation: s.abbreviation,
      order_type: s.order_type,
      kind: s.kind,
      allows_cut: s.allows_cut,
      contacts_listed: s.contacts_listed,
      is_active: s.is_active,
      version: s.version,
      ...options,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as SupplierWire;
}
const bifocal = {
  product: "Otto frame + bifocal lenses",
  rx: { right_sph: -2, left_sph: -2.25, spectacles: { right_near_add: 2, left_near_add: 2 } },
  pd: { binocular_dist_pd: 64, right_height_bifocal: 18, left_height_bifocal: 17.5 },
  lensSupplier: "In-house Lab",
};

describe("an order the PD cannot serve is refused, the missing value named", () => {
  it("multifocal with only the right reading PD: 422 naming left_reading_pd; the right lens alone goes, its NPD left unknown", async () => {
    const job = await confirmedJob(t, admin, {
      ...multifocal,
      pd: {
        ...multifocal.pd,
        right_dist_pd: 31,
        left_dist_pd: 31,
        binocular_dist_pd: null,
        right_reading_pd: 29,
      },
      lensSupplier: "Hoya",
    });
    const refused = await order(await lensOrderBody(t, job, "HOYA", "api"));
    expect(refused.statusCode, refused.body).toBe(422);
    expect(Object.keys(refused.json().errors)).toEqual(["left_reading_pd"]);
    expect(refused.json().errors.left_reading_pd[0]).toMatch(/left reading PD is needed/);
    const none = await t.database.query("select id from lens_orders where order_item_id = $1", [job.itemId]);
    expect(none).toHaveLength(0);

    const right = await order(await lensOrderBody(t, job, "HOYA", "api", { lenses: "right" }));
    expect(right.statusCode, right.body).toBe(200);
    const record = await recordOf(right.json().data.id);
    expect(readDcs(record).numbers("NPD")).toEqual([29, null]);
    expect(parseDcsRecord(record).NPD).toEqual(["29.00", "?"]);
    expect(readDcs(record).text("DO")).toBe("R");
  });

  it("bifocal with one segment height: 422 naming left_height_bifocal", async () => {
    const job = await confirmedJob(t, admin, {
      ...bifocal,
      pd: { binocular_dist_pd: 64, right_height_bifocal: 18 },
    });
    const refused = await order(await lensOrderBody(t, job, "LAB", "file_drop"));
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().errors).toEqual({
      left_height_bifocal: [expect.stringMatching(/left bifocal height/)],
    });
  });

  it("single vision from a supplier that asks for heights: 422 naming the optical-centre height not measured", async () => {
    await setOptions("HOYA", { requires_heights: true });
    try {
      const job = await confirmedJob(t, admin, {
        product: "Harper frame + lenses",
        prescriptionType: "distance",
        rx: { right_sph: -1, left_sph: -1.25 },
        pd: { binocular_dist_pd: 62, right_height_aspheric: 20 },
        lensSupplier: "Hoya",
      });
      const refused = await order(await lensOrderBody(t, job, "HOYA", "api"));
      expect(refused.statusCode, refused.body).toBe(422);
      expect(Object.keys(refused.json().errors)).toEqual(["left_height_aspheric"]);
      await setOptions("HOYA", { requires_heights: false });
      // A supplier that does not ask takes the one height measured; the other goes as unknown, not 0.
      const sent = await order(await lensOrderBody(t, job, "HOYA", "api"));
      expect(sent.statusCode, sent.body).toBe(200);
      expect(await recordOf(sent.json().data.id)).toContain("OCHT=20.00;?\r\n");
    } finally {
      const s = await supplier("HOYA");
      if (s.requires_heights) await setOptions("HOYA", { requires_heights: false });
    }
  });
});

describe("what the record carries", () => {
  it("the lens code set in the supplier's settings, the edging in ETYP and _JTYPE, a long note whole in REM lines", async () => {
    const lab = await setOptions("LAB", { takes_job_type: true });
    expect(lab).toMatchObject({ takes_job_type: true, requires_heights: false, notes_max_length: null });
    const job = await confirmedJob(t, admin, bifocal);
    const lensId = (job.lens as unknown as { lens_id: number }).lens_id;
    const set = await t.call(admin, {
      method: "PUT",
      url: `/api/staff/suppliers/${lab.id}/lenses/${lensId}`,
      payload: { lens_code: "FT28 BIF/15" },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({
      message: "Lens code saved successfully",
      data: { lens_code: "FT28 BIF/15" },
    });

    const notes =
      "Customer's old lenses chipped at the nasal edge; keep the segment 1 mm lower than last time. ".repeat(
        10,
      );
    const res = await order(await lensOrderBody(t, job, "LAB", "email", { notes, need_to_edge: "UnCut" }));
    expect(res.statusCode, res.body).toBe(200);
    const record = await recordOf(res.json().data.id);
    const read = readDcs(record);
    expect(read.texts("LNAM")).toEqual(["FT28 BIF/15", "FT28 BIF/15"]);
    expect(read.texts("_LTYP")).toEqual(["BI", "BI"]);
    expect(read.has("LTYP")).toBe(false);
    expect(read.numbers("SEGHT")).toEqual([18, 17.5]);
    expect(read.number("ETYP")).toBe(-1);
    expect(read.text("_JTYPE")).toBe("2");
    expect(read.text("REQ")).toBe("FIL");
    expect(read.text("VEN")).toBe("Loupe");
    expect(read.text("OMAV")).toBe("3.12");
    expect(read.remarks.every((l) => l.length <= 30)).toBe(true);
    expect(read.remarks.join(" ")).toBe(`Lens: ${job.lens.lenses.name} ${dcsNoteText(notes)}`);
    expect(parseDcsRecord(record).REM.join(" ")).toBe(`Lens: ${job.lens.lenses.name} ${dcsNoteText(notes)}`);
    await setOptions("LAB", { takes_job_type: false });
  });

  it("notes over the supplier's own limit are refused naming notes, never cut", async () => {
    await setOptions("LAB", { notes_max_length: 40 });
    try {
      const job = await confirmedJob(t, admin, bifocal);
      const refused = await order(await lensOrderBody(t, job, "LAB", "file_drop", { notes: "x".repeat(41) }));
      expect(refused.statusCode, refused.body).toBe(422);
      expect(refused.json().errors).toEqual({ notes: [LENS_ORDER_MESSAGES.notesTooLong(40)] });
      const ok = await order(await lensOrderBody(t, job, "LAB", "file_drop", { notes: "y".repeat(40) }));
      expect(ok.statusCode, ok.body).toBe(200);
      expect(readDcs(await recordOf(ok.json().data.id)).remarks.join(" ")).toContain("y".repeat(30));
    } finally {
      await setOptions("LAB", { notes_max_length: null });
    }
  });
});

describe("the supplier's lens codes in Settings", () => {
  it("lists the supplier's lenses with their codes; only administrators change one; a bad code or another supplier's lens names the field", async () => {
    const hoya = await supplier("HOYA");
    const list = await t.call(sam, { method: "GET", url: `/api/staff/suppliers/${hoya.id}/lenses` });
    expect(list.statusCode).toBe(200);
    const lenses = list.json().data as {
      id: number;
      name: string;
      lens_code: string | null;
      index: number;
    }[];
    expect(lenses.find((l) => l.name === "Hoya Nulux 1.60")).toMatchObject({
      lens_code: "HOY-NUL-160",
      index: 1.6,
    });
    const lens = lenses[0];
    const url = `/api/staff/suppliers/${hoya.id}/lenses/${lens.id}`;
    expect((await t.call(sam, { method: "PUT", url, payload: { lens_code: "X1" } })).statusCode).toBe(403);
    const bad = await t.call(admin, { method: "PUT", url, payload: { lens_code: "A;B" } });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(["lens_code"]);
    const lab = await supplier("LAB");
    const other = await t.call(admin, {
      method: "PUT",
      url: `/api/staff/suppliers/${lab.id}/lenses/${lens.id}`,
      payload: { lens_code: "X1" },
    });
    expect(other.statusCode).toBe(422);
    const cleared = await t.call(admin, { method: "PUT", url, payload: { lens_code: null } });
    expect(cleared.json().data.lens_code).toBeNull();
    expect(
      (await t.call(admin, { method: "GET", url: "/api/staff/suppliers/999999/lenses" })).statusCode,
    ).toBe(404);
  });
});
