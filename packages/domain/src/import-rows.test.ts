import { describe, expect, it } from "vitest";
import {
  checkJobItemRow,
  checkJobPaymentRow,
  checkJobRow,
  checkNoteRow,
  checkPdRow,
  checkPrescriptionRow,
  checkRecallRow,
  exactMinorUnits,
  IMPORT_ROW_MESSAGES,
  importedDayInstant,
} from "./import-rows";

const today = "2026-11-29";
const rx = (over: Record<string, unknown>) =>
  checkPrescriptionRow(
    {
      type: "spectacle",
      prescribed_on: "2024-03-05",
      right_sphere: -1.25,
      left_sphere: -1,
      ...over,
    } as never,
    { sourceId: 6, today },
  );

describe("import rows: prescriptions", () => {
  it("reads another system's 0.00 add and 0.00 cylinder (with its axis) as none", () => {
    const r = rx({ right_cylinder: 0, right_axis: 180, right_add: 0, left_cylinder: 0, left_add: 0 });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.record.values).toMatchObject({
      right_cyl: null,
      right_axis: null,
      left_cyl: null,
      left_axis: null,
    });
    // An axis with no cylinder at all is still refused: that record is incomplete, not plano.
    const incomplete = rx({ right_axis: 90 });
    expect(incomplete.ok).toBe(false);
  });

  it("reads a spectacle row into the prescription schema's values", () => {
    const r = rx({
      right_cylinder: -0.5,
      right_axis: 0,
      right_add: 1.5,
      optometrist: "Dr Lee",
      notes: "Dry eyes",
    });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.record.prescribedOn).toBe("2024-03-05");
    expect(r.record.values).toMatchObject({
      type_id: 1,
      right_sph: -1.25,
      right_cyl: -0.5,
      // The labs' 0 is 180, as on the screen.
      right_axis: 180,
      spectacles: { right_near_add: 1.5 },
      contact_lens: null,
      source_id: 6,
      note: "Optometrist: Dr Lee\nDry eyes",
    });
  });

  it("refuses what the prescription screen refuses, with the screen's words, on the file's field", () => {
    const r = rx({ right_sphere: -1.1, left_cylinder: -0.75, right_add: 5 });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors).toEqual(
      expect.arrayContaining([
        { field: "right_sphere", reason: "The right sphere field has to be between -18 and 12" },
        {
          field: "left_axis",
          reason: "The left axis field is required when the left cylinder field has value",
        },
        { field: "right_add", reason: "The right add field has to be between 0.25 and 4" },
      ]),
    );
  });

  it("keeps a contact lens row's fitting and refuses one out of range, and a spectacle row's base curve", () => {
    const cl = rx({
      type: "contact_lens",
      right_base_curve: 8.6,
      right_diameter: 14.2,
      lens_brand: "Acuvue",
    });
    expect(cl.ok && cl.record.values.contact_lens).toMatchObject({
      right_base_curve: 8.6,
      right_diameter: 14.2,
      brand: "Acuvue",
    });
    const bad = rx({ type: "contact_lens", left_diameter: 22 });
    expect(!bad.ok && bad.errors).toEqual([
      { field: "left_diameter", reason: "The left diameter field has to be between 8 and 16" },
    ]);
    const spectacle = rx({ right_base_curve: 8.6 });
    expect(!spectacle.ok && spectacle.errors[0]).toEqual({
      field: "right_base_curve",
      reason: IMPORT_ROW_MESSAGES.contactLensOnly("right base curve"),
    });
  });

  it("needs a type and a day not in the future", () => {
    const r = checkPrescriptionRow({ type: null, prescribed_on: "2027-01-01" }, { sourceId: 6, today });
    expect(!r.ok && r.errors).toEqual([
      { field: "type", reason: "The Prescription type field is required." },
      { field: "prescribed_on", reason: "The prescribed on can't be in the future." },
    ]);
  });
});

describe("import rows: PDs, notes, recalls", () => {
  it("checks PDs by the PD screen's limits and keeps a heights-only fitting", () => {
    const ok = checkPdRow(
      { measured_on: "2025-01-02", binocular_pd: 63.5, right_height: 22 },
      { sourceId: 5, today },
    );
    expect(ok.ok && ok.record).toMatchObject({
      binocularDistPd: 63.5,
      rightHeightMultifocal: 22,
      sourceId: 5,
    });
    const half = checkPdRow({ measured_on: "2025-01-02", binocular_pd: 63.2 }, { sourceId: 5, today });
    expect(!half.ok && half.errors).toEqual([
      { field: "binocular_pd", reason: "Please enter a valid PD value" },
    ]);
    expect(checkPdRow({ measured_on: "2025-01-02", left_height: 20 }, { sourceId: 5, today }).ok).toBe(true);
    const none = checkPdRow({ measured_on: "2025-01-02" }, { sourceId: 5, today });
    expect(!none.ok && none.errors).toEqual([
      { field: "binocular_pd", reason: IMPORT_ROW_MESSAGES.noMeasurement },
    ]);
  });

  it("signs a note with its author and refuses one too short", () => {
    const ok = checkNoteRow(
      { written_on: "2020-05-01", text: "Prefers morning visits", author: "J. Smith" },
      { today },
    );
    expect(ok.ok && ok.record.content).toBe("Prefers morning visits\n— J. Smith");
    const short = checkNoteRow({ written_on: "2020-05-01", text: "x" }, { today });
    expect(!short.ok && short.errors).toEqual([
      { field: "text", reason: "The note field has to be at least 2 characters" },
    ]);
  });

  it("reads a recall type by id or name, archived types refused", () => {
    const recallTypes = [
      { id: 3, name: "Eye test", regionId: 1, active: true },
      { id: 9, name: "Eye test", regionId: 2, active: true },
      { id: 4, name: "Old", regionId: 1, active: false },
    ];
    const byName = checkRecallRow({ recall_type: "eye TEST", due_on: "2027-02-01" }, { recallTypes });
    expect(byName.ok && byName.record.recallTypeIds).toEqual([3, 9]);
    expect(checkRecallRow({ recall_type: "3", due_on: "2027-02-01" }, { recallTypes })).toMatchObject({
      ok: true,
      record: { recallTypeIds: [3] },
    });
    const archived = checkRecallRow({ recall_type: "Old", due_on: "2027-02-01" }, { recallTypes });
    expect(!archived.ok && archived.errors).toEqual([
      { field: "recall_type", reason: IMPORT_ROW_MESSAGES.recallType },
    ]);
  });
});

describe("import rows: jobs, items, payments", () => {
  const outlets = [{ id: 7, abbreviation: "PAR", regionId: 1, timeZone: "Australia/Perth" }];
  it("reads a job's outlet by abbreviation and dates it at noon on the outlet's clock", () => {
    const r = checkJobRow(
      { outlet: "par", status: "completed", created_on: "2023-06-30", job_number: "10234" },
      { outlets, statusSlugs: ["completed"], today },
    );
    expect(r.ok && r.record).toMatchObject({
      outletId: 7,
      regionId: 1,
      statusSlug: "completed",
      jobNumber: "10234",
    });
    expect(r.ok && r.record.createdAt.toISOString()).toBe("2023-06-30T04:00:00.000Z");
    const bad = checkJobRow(
      { outlet: "XXX", status: "lost", created_on: "2030-01-01" },
      { outlets, statusSlugs: ["completed"], today },
    );
    expect(!bad.ok && bad.errors.map((e) => e.reason)).toEqual([
      IMPORT_ROW_MESSAGES.outlet,
      IMPORT_ROW_MESSAGES.jobStatus,
      "The created on can't be in the future.",
    ]);
    const open = checkJobRow(
      { outlet: "PAR", status: "lenses-ordered", created_on: "2023-06-30" },
      { outlets, statusSlugs: ["completed", "lenses-ordered"], today },
    );
    expect(!open.ok && open.errors.map((e) => e.reason)).toEqual([IMPORT_ROW_MESSAGES.jobOpen]);
  });

  it("turns an item's price into minor units and refuses a fraction of a cent", () => {
    const r = checkJobItemRow(
      { description: "Frame", price: 249.95, quantity: 2, sku: null },
      { currency: "AUD" },
    );
    expect(r.ok && r.record).toMatchObject({ unitPriceMinor: 24995, totalMinor: 49990, quantity: 2 });
    const cents = checkJobItemRow({ description: "Frame", price: 1.005 }, { currency: "NZD" });
    expect(!cents.ok && cents.errors).toEqual([
      { field: "price", reason: "The price has more decimals than NZD has cents." },
    ]);
    const qty = checkJobItemRow({ description: "Frame", price: 1, quantity: 1.5 }, { currency: "AUD" });
    expect(!qty.ok && qty.errors).toEqual([{ field: "quantity", reason: IMPORT_ROW_MESSAGES.quantity }]);
  });

  it("takes a payment above zero with a known method (other when blank)", () => {
    const r = checkJobPaymentRow(
      { paid_on: "2023-07-01", amount: 100, method: null },
      { currency: "CAD", today },
    );
    expect(r.ok && r.record).toEqual({ paidOn: "2023-07-01", amountMinor: 10000, tender: "other" });
    const bad = checkJobPaymentRow(
      { paid_on: "2023-07-01", amount: -5, method: "cheque" },
      { currency: "CAD", today },
    );
    expect(!bad.ok && bad.errors).toEqual([
      { field: "amount", reason: IMPORT_ROW_MESSAGES.amountPositive },
      { field: "method", reason: IMPORT_ROW_MESSAGES.paymentMethod },
    ]);
  });

  it("keeps the day of an imported date on every clock of the chain", () => {
    const at = importedDayInstant("2026-04-05", "Australia/Sydney");
    for (const zone of ["Australia/Perth", "Australia/Sydney", "Pacific/Auckland"])
      expect(new Intl.DateTimeFormat("en-CA", { timeZone: zone }).format(at)).toBe("2026-04-05");
    expect(exactMinorUnits(0.1 + 0.2, "AUD")).toBe(30);
  });
});
