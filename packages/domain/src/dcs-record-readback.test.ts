import { describe, expect, it } from "vitest";
import {
  buildDcsRecord,
  dcsNoteText,
  dcsOrderFromSnapshot,
  type LensOrderSnapshot,
  parseDcsRecord,
  REM_LINE_MAX,
} from "./dcs-record";
import { lensOrderPdErrors } from "./lens-order-pd-rules";
import { notesMaxLength } from "./lens-order-rules";
import { readDcs } from "./test-support/dcs-reader";

// Issue 32: every record below is read back twice, by the record's own reader (parseDcsRecord, the
// order sheet's) and by a reader written from the standard's rules (test-support/dcs-reader), and
// what both read must be what was ordered: the values are written out here from the order, not
// taken from the builder.

type Side = [number | null, number | null];
/** Both readers' numbers for a chiral label. */
function sides(record: string, label: string): { own: Side | undefined; standard: Side | undefined } {
  const own = parseDcsRecord(record)[label];
  return {
    own: own ? ([own[0], own[1] ?? own[0]].map((v) => (v === "?" ? null : Number(v))) as Side) : undefined,
    standard: readDcs(record).numbers(label),
  };
}
function expectSides(record: string, label: string, expected: Side | undefined) {
  const read = sides(record, label);
  expect(read.own, `${label} by parseDcsRecord`).toEqual(expected);
  expect(read.standard, `${label} by the standard's reader`).toEqual(expected);
}
function expectText(record: string, label: string, expected: string | null) {
  expect(parseDcsRecord(record)[label]?.[0] ?? null, `${label} by parseDcsRecord`).toBe(expected);
  const standard = readDcs(record);
  expect(standard.texts(label)?.[0] ?? standard.text(label), `${label} by the standard's reader`).toBe(
    expected,
  );
}
/** The remarks, each reader's lines joined with spaces. */
function remarks(record: string) {
  return { own: (parseDcsRecord(record).REM ?? []).join(" "), standard: readDcs(record).remarks.join(" ") };
}

const option = (
  name: string,
  type: string,
  extra: Partial<NonNullable<LensOrderSnapshot["lens_addon_combination"]>["lenses"]> = {},
) => ({
  id: 11,
  lens_id: 4,
  lenses: {
    id: 4,
    name,
    index: 1.6,
    lens_type: type,
    diameters: [65, 70, 75],
    supplier: { name: "Lab" },
    lens_color: null,
    ...extra,
  },
  coating: { name: "hc", display_name: "Hard coat" },
  tint: null,
});
const order = (lensType: string, extra: Partial<Parameters<typeof dcsOrderFromSnapshot>[1]> = {}) => ({
  job: "J1-2-1",
  client: "ROE J",
  eyes: "both" as const,
  edging: "Cut" as const,
  lensType,
  manufacturer: "Lab",
  lensCode: "CODE-1",
  vendor: "Loupe",
  ...extra,
});

describe("lens-order records read back by two readers", () => {
  it("single vision: powers, IPD, LNAM the lens code, the retail name in a remark, an OC height only on the side measured", () => {
    const snapshot: LensOrderSnapshot = {
      customize: { Frame: { shape: "classic", size: "M" } },
      prescription: { right_sph: -1.25, right_cyl: -0.5, right_axis: 170, left_sph: -1, left_cyl: null },
      pd: { right_dist_pd: 31.5, left_dist_pd: 30, right_height_aspheric: 20 },
      lens_addon_combination: option("Nulux Active 1.60 long name", "single-vision"),
    };
    // A supplier that does not ask for heights takes the one measured; the other is unknown, not 0.
    expect(lensOrderPdErrors(snapshot.pd, { lensType: "single-vision", eyes: "both" })).toEqual({});
    const record = buildDcsRecord(dcsOrderFromSnapshot(snapshot, order("single-vision")));
    expectSides(record, "SPH", [-1.25, -1]);
    expectSides(record, "CYL", [-0.5, 0]);
    expectSides(record, "AX", [170, 0]);
    expectSides(record, "IPD", [31.5, 30]);
    expectSides(record, "OCHT", [20, null]);
    expect(record).toContain("OCHT=20.00;?\r\n");
    expectSides(record, "HBOX", [50, 50]);
    expectSides(record, "LIND", [1.6, 1.6]);
    expectText(record, "LNAM", "CODE-1");
    expectText(record, "LTYP", "SV");
    expectText(record, "REQ", "FIL");
    expectText(record, "VEN", "Loupe");
    expectText(record, "OMAV", "3.12");
    expectText(record, "JOB", "J1-2-1");
    expect(remarks(record)).toEqual({
      own: "Lens: Nulux Active 1.60 long name",
      standard: "Lens: Nulux Active 1.60 long name",
    });
    // A supplier that asks for heights: the missing one is named before anything is sent.
    expect(
      lensOrderPdErrors(snapshot.pd, {
        lensType: "single-vision",
        eyes: "both",
        supplierRequiresHeights: true,
      }),
    ).toEqual({ left_height_aspheric: expect.stringMatching(/left aspheric height is needed/) });
    expect(
      lensOrderPdErrors(snapshot.pd, {
        lensType: "single-vision",
        eyes: "right",
        supplierRequiresHeights: true,
      }),
    ).toEqual({});
  });

  it("multifocal with one reading PD missing is refused, naming it; with both it reads back NPD as ordered", () => {
    const pd = {
      right_dist_pd: 32,
      left_dist_pd: 31,
      right_reading_pd: 29,
      right_height_multifocal: 22,
      left_height_multifocal: 21,
    };
    expect(lensOrderPdErrors(pd, { lensType: "multifocal", eyes: "both" })).toEqual({
      left_reading_pd: expect.stringMatching(/left reading PD is needed/),
    });
    // The right lens alone needs only the right reading PD.
    expect(lensOrderPdErrors(pd, { lensType: "multifocal", eyes: "right" })).toEqual({});
    // Even a record built past the rule says "not known" for the left, never 0 mm.
    const unchecked = buildDcsRecord(
      dcsOrderFromSnapshot(
        {
          prescription: { right_sph: 1, left_sph: 1, spectacles: { right_near_add: 2, left_near_add: 2 } },
          pd,
          lens_addon_combination: option("Prog", "multifocal"),
        },
        order("multifocal"),
      ),
    );
    expectSides(unchecked, "NPD", [29, null]);
    expect(unchecked).toContain("NPD=29.00;?\r\n");

    const whole = { ...pd, left_reading_pd: 28.5 };
    expect(lensOrderPdErrors(whole, { lensType: "multifocal", eyes: "both" })).toEqual({});
    const record = buildDcsRecord(
      dcsOrderFromSnapshot(
        {
          customize: { Frame: { shape: "round", size: "L" } },
          prescription: {
            right_sph: 1,
            left_sph: 0.5,
            spectacles: { right_near_add: 2.25, left_near_add: 2.5 },
          },
          pd: whole,
          lens_addon_combination: option("Prog", "multifocal", { index: 1.67 }),
        },
        order("multifocal", { lensCode: "PRG167" }),
      ),
    );
    expectSides(record, "NPD", [29, 28.5]);
    expectSides(record, "IPD", [32, 31]);
    expectSides(record, "ADD", [2.25, 2.5]);
    expectSides(record, "SEGHT", [22, 21]);
    expectSides(record, "LIND", [1.67, 1.67]);
    expectText(record, "LTYP", "PR");
    expectText(record, "LNAM", "PRG167");
    // A multifocal without any reading PD: the lab works the near centration out; no NPD line.
    const { right_reading_pd: _r, ...noReading } = pd;
    expect(lensOrderPdErrors(noReading, { lensType: "multifocal", eyes: "both" })).toEqual({});
  });

  it("bifocal: both segment heights required; no confirmed LTYP or COLR code, so underscore labels; LIND keeps three decimals", () => {
    const pd = { binocular_dist_pd: 64, right_height_bifocal: 18 };
    expect(lensOrderPdErrors(pd, { lensType: "bifocal", eyes: "both" })).toEqual({
      left_height_bifocal: expect.stringMatching(/left bifocal height/),
    });
    const both = { ...pd, left_height_bifocal: 17.5 };
    expect(lensOrderPdErrors(both, { lensType: "bifocal", eyes: "both" })).toEqual({});
    const record = buildDcsRecord(
      dcsOrderFromSnapshot(
        {
          customize: { Frame: { shape: "classic", size: "L" } },
          prescription: {
            right_sph: -2,
            left_sph: -2.25,
            spectacles: { right_near_add: 2, left_near_add: 2 },
          },
          pd: both,
          lens_addon_combination: option("Flat-top 28 bifocal, Transitions", "bifocal", {
            index: 1.586,
            lens_color: { name: "Grey" },
          }),
        },
        order("bifocal", { lensCode: "FT28-TRG" }),
      ),
    );
    expectSides(record, "SEGHT", [18, 17.5]);
    expectSides(record, "LIND", [1.586, 1.586]);
    expect(readDcs(record).raw("LIND")).toEqual(["1.586", "1.586"]);
    expectSides(record, "IPD", [32, 32]);
    expect(readDcs(record).has("LTYP")).toBe(false);
    expectText(record, "_LTYP", "BI");
    expectText(record, "_COLR", "Grey");
    expect(readDcs(record).has("COLR")).toBe(false);
    // The code, whole, in LNAM; the retail name whole in the remarks, never cut mid-word.
    expectText(record, "LNAM", "FT28-TRG");
    expect(remarks(record).standard).toBe("Lens: Flat-top 28 bifocal, Transitions");
    expect(remarks(record).own).toBe("Lens: Flat-top 28 bifocal, Transitions");
  });

  it("prism: each eye's prism in DCS 360° notation, an eye without prism at 0", () => {
    const record = buildDcsRecord(
      dcsOrderFromSnapshot(
        {
          customize: { Frame: { shape: "classic", size: "S" } },
          prescription: {
            right_sph: 0.5,
            left_sph: 0.5,
            // Right: 2Δ base in (horizontal −2). Left: 1.5Δ base down (vertical −1.5).
            spectacles: { prisms: { right_horiz_dist: -2, left_vert_dist: -1.5 } },
          },
          pd: { binocular_dist_pd: 60 },
          lens_addon_combination: option("SV", "single-vision"),
        },
        order("single-vision"),
      ),
    );
    // Right base in = 0°; left base down = 270°.
    expectSides(record, "PRVM", [2, 1.5]);
    expectSides(record, "PRVA", [0, 270]);
    const both = buildDcsRecord(
      dcsOrderFromSnapshot(
        {
          prescription: {
            right_sph: 0,
            left_sph: 0,
            // Left: 1Δ base out (horizontal +1) = 0° for the left eye.
            spectacles: { prisms: { left_horiz_dist: 1 } },
          },
          pd: { binocular_dist_pd: 60 },
          lens_addon_combination: option("SV", "single-vision"),
        },
        order("single-vision"),
      ),
    );
    expectSides(both, "PRVM", [0, 1]);
    expectSides(both, "PRVA", [0, 0]);
  });

  it("uncut, cut and frame to come travel in ETYP, _JTYPE (for labs that take it) and a remark", () => {
    const snapshot: LensOrderSnapshot = {
      customize: { Frame: { shape: "classic", size: "M" } },
      prescription: { right_sph: -1, left_sph: -1 },
      pd: { binocular_dist_pd: 62 },
      lens_addon_combination: option("SV", "single-vision"),
    };
    const uncut = buildDcsRecord(
      dcsOrderFromSnapshot(snapshot, order("single-vision", { edging: "UnCut", jobTypeLabel: true })),
    );
    expect(readDcs(uncut).number("ETYP")).toBe(-1);
    expectText(uncut, "_JTYPE", "2");
    const cut = buildDcsRecord(
      dcsOrderFromSnapshot(snapshot, order("single-vision", { edging: "Cut", jobTypeLabel: true })),
    );
    expect(readDcs(cut).number("ETYP")).toBe(1);
    expectText(cut, "_JTYPE", "1");
    const ftc = buildDcsRecord(dcsOrderFromSnapshot(snapshot, order("single-vision", { edging: "FTC" })));
    expect(readDcs(ftc).number("ETYP")).toBe(1);
    expect(readDcs(ftc).has("_JTYPE")).toBe(false);
    expect(readDcs(ftc).remarks[0]).toBe("FRAME TO COME");
    expect(parseDcsRecord(ftc).REM[0]).toBe("FRAME TO COME");
    // The customer's own frame: no box, the edge type is the lab's to see.
    const own = buildDcsRecord(
      dcsOrderFromSnapshot(
        { ...snapshot, customize: { Frame: { shape: "non-brand", size: "nd" } } },
        order("single-vision", { edging: "FTC" }),
      ),
    );
    expect(readDcs(own).number("ETYP")).toBeNull();
    expect(readDcs(own).has("HBOX")).toBe(false);
  });

  it("long notes arrive whole over REM lines of 30 characters; a supplier's limit is the form's, not a cut", () => {
    const sentence = "Please match the existing pair's tint exactly, customer is sensitive to glare. ";
    const notes = sentence.repeat(12).trim(); // 959 characters
    const record = buildDcsRecord(
      dcsOrderFromSnapshot(
        {
          prescription: { right_sph: -1, left_sph: -1 },
          pd: { binocular_dist_pd: 62 },
          lens_addon_combination: option("SV", "single-vision"),
        },
        order("single-vision", { notes }),
      ),
    );
    const lines = readDcs(record).remarks;
    expect(lines.every((l) => l.length <= REM_LINE_MAX)).toBe(true);
    expect(lines.length).toBeGreaterThan(30);
    expect(remarks(record).standard).toBe(`Lens: SV ${notes}`);
    expect(remarks(record).own).toBe(`Lens: SV ${notes}`);
    expect(record).not.toContain("_COMMENT");
    // Reserved characters cannot travel inside a value: ";" and "=" become "," and "-", the rest stays.
    const reserved = buildDcsRecord(
      dcsOrderFromSnapshot(
        { prescription: {}, lens_addon_combination: option("SV", "single-vision") },
        order("single-vision", { notes: "Rush; deliver=Tuesday" }),
      ),
    );
    expect(readDcs(reserved).remarks.at(-1)).toBe(dcsNoteText("Rush; deliver=Tuesday"));
    expect(dcsNoteText("Rush; deliver=Tuesday")).toBe("Rush, deliver-Tuesday");
    // The supplier's limit and the automatic interface's: the smaller applies.
    expect(notesMaxLength(false, false, 330)).toBe(330);
    expect(notesMaxLength(true, false, 330)).toBe(25);
    expect(notesMaxLength(true, true, 10)).toBe(10);
    expect(notesMaxLength(false, false, null)).toBeNull();
  });

  it("the standard's reader refuses what the standard does not allow", () => {
    expect(() => readDcs("JOB=1\n")).toThrow(/CR LF/);
    expect(() => readDcs("JOB=1\r\nJOB=2\r\n")).toThrow(/twice/);
    expect(() => readDcs("SPH=abc;1\r\n")).toThrow(/not a number/);
    expect(() => readDcs("REM=a=b\r\n")).toThrow(/"="/);
    expect(readDcs("IPD=?;31.00\r\n").numbers("IPD")).toEqual([null, 31]);
  });
});
