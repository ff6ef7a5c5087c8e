import { describe, expect, it } from "vitest";
import { JOB_EDIT_MESSAGES } from "./job-edit-messages";
import {
  allGlassItemsConfirmed,
  applyFrameShape,
  availableLensOptions,
  diameterFits,
  EMPTY_FRAME,
  type FrameData,
  frameErrors,
  frameSizeChangeAsksHeights,
  hasJobSelection,
  isItemConfirmed,
  type JobEditStep,
  lensListMessages,
  lensOptionInvalidReason,
  nextJobEditStep,
  pdPurposeFor,
  pdStepError,
  prescriptionStepError,
  prescriptionTypeOptions,
  recalculateHeights,
  type StepEvent,
  selectionSaveErrors,
  shapeChangeOpensHeightDialog,
  sizeChoicesForShape,
  supplierPreference,
} from "./job-edit-rules";

const customer = { hasCustomer: true, requiresPrescription: true };
const guest = { hasCustomer: false, requiresPrescription: true };
const noRx = { hasCustomer: true, requiresPrescription: false };

describe("job edit step machine", () => {
  it.each<[string, JobEditStep, StepEvent, typeof customer, JobEditStep, string?]>([
    ["frame confirm with a customer → 2", 1, { type: "confirm", step: 1 }, customer, 2],
    ["frame confirm for a guest → 5", 1, { type: "confirm", step: 1 }, guest, 5],
    ["frame confirm without a prescription product → 5", 1, { type: "confirm", step: 1 }, noRx, 5],
    ["frame cancel → 5", 1, { type: "cancel", step: 1 }, customer, 5],
    ["frame reset → 1 clearing sizes and colours", 3, { type: "reset", step: 1 }, customer, 1, "frame"],
    ["step 2 confirm with a customer → 3", 2, { type: "confirm", step: 2 }, customer, 3],
    ["step 2 cancel → 5", 2, { type: "cancel", step: 2 }, customer, 5],
    ["step 3 confirm → 4", 3, { type: "confirm", step: 3 }, customer, 4],
    ["step 3 cancel → 4", 3, { type: "cancel", step: 3 }, customer, 4],
    ["step 4 confirm → 5", 4, { type: "confirm", step: 4 }, customer, 5],
    ["step 4 cancel → 5", 4, { type: "cancel", step: 4 }, customer, 5],
    ["change goes back to that step", 5, { type: "change", step: 3 }, customer, 3],
    ["reset goes back and clears the selection", 5, { type: "reset", step: 2 }, customer, 2, "selection"],
    ["PD edit finishes with a customer → 5", 3, { type: "pdModalSaved", mode: "edit" }, customer, 5],
    ["PD edit for a guest → 4", 3, { type: "pdModalSaved", mode: "edit" }, guest, 4],
    ["guest PD creation → 4", 3, { type: "pdModalSaved", mode: "create" }, guest, 4],
    ["customer PD creation stays", 3, { type: "pdModalSaved", mode: "create" }, customer, 3],
    ["file modal with a customer → 3", 2, { type: "fileModalShown" }, customer, 3],
    ["file modal for a guest → 4", 2, { type: "fileModalShown" }, guest, 4],
  ])("%s", (_, from, event, ctx, to, clears) => {
    const t = nextJobEditStep(from, event, ctx);
    expect(t.step).toBe(to);
    expect(Boolean(t.clearFrame)).toBe(clears === "frame");
    expect(Boolean(t.clearSelection)).toBe(clears === "selection");
  });
});

const frame = (f: Partial<FrameData>): FrameData => ({ ...EMPTY_FRAME, ...f });

describe("frame shape and size rules", () => {
  it.each<[string, Partial<FrameData>, "classic" | "round" | "non-brand", Partial<FrameData>]>([
    [
      "capote turns XS into S for frame and arms",
      { frameSize: "XS", leftArmSize: "XS", rightArmSize: "M" },
      "round",
      { frameSize: "S", leftArmSize: "S", rightArmSize: "M" },
    ],
    [
      "original keeps XS",
      { frameSize: "XS", leftArmSize: "XS", rightArmSize: "XS" },
      "classic",
      { frameSize: "XS", leftArmSize: "XS", rightArmSize: "XS" },
    ],
    [
      "non-brand sets every size to nd",
      { frameSize: "M", leftArmSize: "L", rightArmSize: "S" },
      "non-brand",
      { frameSize: "nd", leftArmSize: "nd", rightArmSize: "nd" },
    ],
    [
      "leaving non-brand clears nd",
      { frameSize: "nd", leftArmSize: "nd", rightArmSize: "nd" },
      "classic",
      { frameSize: null, leftArmSize: null, rightArmSize: null },
    ],
  ])("%s", (_, from, shape, expected) => {
    expect(applyFrameShape(frame(from), shape)).toMatchObject({ shape, ...expected });
  });

  it.each([
    ["classic", ["XS", "S", "M", "L"]],
    ["round", ["S", "M", "L"]],
    ["non-brand", ["nd"]],
  ] as const)("%s offers sizes %j", (shape, sizes) => {
    expect(sizeChoicesForShape(shape)).toEqual(sizes);
  });

  it("names every missing frame field with the spec's validation names", () => {
    expect(frameErrors(EMPTY_FRAME)).toEqual({
      shape: "The Frame shape field is required.",
      frameSize: "The Frame size field is required.",
      rightArmSize: "The Right Arm size field is required.",
      leftArmSize: "The Left Arm size field is required.",
      frameColor: "The Frame color field is required.",
      armColor: "The Arm color field is required.",
    });
    const ok = frame({
      shape: "classic",
      frameSize: "M",
      leftArmSize: "M",
      rightArmSize: "L",
      frameColor: 1,
      leftArmColor: 2,
      rightArmColor: 2,
    });
    expect(frameErrors(ok)).toEqual({});
    expect(frameErrors({ ...ok, shape: "round", frameSize: "XS" }).frameSize).toMatch(/not valid/);
  });
});

describe("height recalculation", () => {
  it.each<[string, number, { size: string; shape: string }, { size: string; shape: string }, number]>([
    ["M → L", 22, { size: "M", shape: "classic" }, { size: "L", shape: "classic" }, 24],
    ["S → M", 20, { size: "S", shape: "classic" }, { size: "M", shape: "classic" }, 22],
    ["L → XS", 24, { size: "L", shape: "classic" }, { size: "XS", shape: "classic" }, 18],
    ["original → round, same size", 20, { size: "M", shape: "classic" }, { size: "M", shape: "round" }, 18],
    ["original M → round L", 23, { size: "M", shape: "classic" }, { size: "L", shape: "round" }, 22.6],
    [
      "round → original has no factor",
      20,
      { size: "M", shape: "round" },
      { size: "M", shape: "classic" },
      20,
    ],
    ["unknown size uses 1.1", 22, { size: "", shape: "classic" }, { size: "S", shape: "classic" }, 20],
  ])("%s", (_, h, from, to, expected) => {
    expect(
      recalculateHeights({ right_height_multifocal: h, left_height_multifocal: null }, from, to),
    ).toMatchObject({
      right_height_multifocal: expected,
      left_height_multifocal: null,
    });
  });

  it.each([
    ["M", "L", true, true],
    ["M", "nd", true, false],
    ["M", "M", true, false],
    ["M", "L", false, false],
  ] as const)("frame size %s → %s with PD %s asks: %s", (from, to, hasPd, asks) => {
    expect(frameSizeChangeAsksHeights(from, to, hasPd)).toBe(asks);
  });

  it("a shape change with a PD opens the height dialog", () => {
    expect(shapeChangeOpensHeightDialog("classic", "round", true)).toBe(true);
    expect(shapeChangeOpensHeightDialog("classic", "round", false)).toBe(false);
    expect(shapeChangeOpensHeightDialog("classic", "classic", true)).toBe(false);
  });
});

describe("prescription step", () => {
  const base = { right_sph: -1, left_sph: -1.25 };
  const withInt = {
    ...base,
    spectacles: { right_int_add: 1, left_int_add: 1, right_near_add: 2, left_near_add: 2 },
  };
  const addIntOnly = { ...base, add_int: 1.25 };
  const oneEyeInt = { ...base, spectacles: { right_int_add: 1 } };
  it.each<[string, object, string[]]>([
    ["no intermediate add", base, ["reading", "distance"]],
    ["both eyes' int add", withInt, ["reading", "intermediate", "distance"]],
    ["binocular add_int", addIntOnly, ["reading", "intermediate", "distance"]],
    ["only one eye's int add", oneEyeInt, ["reading", "distance"]],
  ])("Type choices with %s", (_, rx, expected) => {
    expect(prescriptionTypeOptions(rx)).toEqual(expected);
  });

  it.each<[string, string, object | null, string | null, string | null]>([
    ["none chosen", "single-vision", null, "distance", JOB_EDIT_MESSAGES.prescriptionRequired],
    ["single vision without a Type", "single-vision", base, null, JOB_EDIT_MESSAGES.prescriptionTypeRequired],
    ["single vision distance", "single-vision", base, "distance", null],
    [
      "intermediate without int add",
      "single-vision",
      base,
      "intermediate",
      JOB_EDIT_MESSAGES.intermediateNotOffered,
    ],
    ["intermediate with int add", "single-vision", withInt, "intermediate", null],
    ["multifocal without near add", "multifocal", base, null, "A multifocal lens needs a near add."],
    ["multifocal with near add", "multifocal", withInt, null, null],
    ["desk without int add", "desk", base, null, "A desk or work lens needs an intermediate add."],
    ["desk with int add", "desk", withInt, null, null],
    ["file-only prescription", "multifocal", { files: [{ id: 1 }] }, null, "Please edit prescription"],
    ["prescription with an error", "multifocal", { ...withInt, error: "Expired" }, null, "Expired"],
  ])("%s", (_, lensType, rx, type, expected) => {
    expect(prescriptionStepError(lensType, rx as never, type)).toBe(expected);
  });

  it.each([
    ["single-vision", "reading", "reading"],
    ["single-vision", "intermediate", "intermediate"],
    ["single-vision", "distance", "distance"],
    ["multifocal", null, "distance"],
    ["desk", null, "intermediate"],
  ] as const)("%s with %s reads %s PDs", (lensType, type, purpose) => {
    expect(pdPurposeFor(lensType, type)).toBe(purpose);
  });
});

describe("PD step", () => {
  const heights = { right_height_multifocal: 22, left_height_multifocal: 22 };
  it.each<[string, object | null, string, string | null, string | null]>([
    ["no PD", null, "multifocal", null, JOB_EDIT_MESSAGES.pdRequired],
    [
      "multifocal without heights",
      { binocular_dist_pd: 62 },
      "multifocal",
      null,
      "A multifocal lens needs right and left multifocal heights.",
    ],
    ["multifocal with heights", { binocular_dist_pd: 62, ...heights }, "multifocal", null, null],
    [
      "class-b single vision without monocular PDs",
      { binocular_dist_pd: 62 },
      "single-vision",
      "class-b",
      "This lens needs right and left monocular distance PDs.",
    ],
    [
      "class-c single vision with monocular PDs",
      { right_dist_pd: 31, left_dist_pd: 31 },
      "single-vision",
      "class-c",
      null,
    ],
    [
      "class-a single vision with a binocular PD",
      { binocular_dist_pd: 62 },
      "single-vision",
      "class-a",
      null,
    ],
    [
      "desk without desk heights",
      { binocular_int_pd: 60 },
      "desk",
      null,
      "A desk or work lens needs right and left desk heights.",
    ],
    [
      "presenter error blocks",
      { binocular_dist_pd: 62, pdPresenter: { error: "No distance PD recorded." } },
      "single-vision",
      null,
      "No distance PD recorded.",
    ],
  ])("%s", (_, pd, lensType, category, expected) => {
    expect(pdStepError(pd as never, lensType, category)).toBe(expected);
  });
});

describe("lens diameter fit", () => {
  it.each<[string, number, number, boolean]>([
    ["M", 70, 58, true],
    ["M", 70, 57.5, false],
    ["M", 65, 61, true],
    ["M", 65, 60, false],
    ["M", 75, 53, true],
    ["M", 75, 52.5, false],
    ["L", 70, 64, true],
    ["L", 70, 63, false],
    ["L", 65, 69, true],
    ["L", 65, 68, false],
    ["L", 75, 59, true],
    ["L", 75, 58, false],
    ["S", 70, 58, true],
    ["XS", 65, 60, false],
    ["L", 60, 80, false],
    ["L", 80, 59, true],
  ])("frame %s, %s mm lens, PD %s → %s", (size, diameter, pd, fits) => {
    expect(diameterFits(size, pd, diameter)).toBe(fits);
  });
  it("cannot decide without a size or a PD", () => {
    expect(diameterFits(null, 62, 70)).toBe(false);
    expect(diameterFits("M", null, 70)).toBe(false);
  });
});

describe("lens options", () => {
  const ranges = { sph_min: -8, sph_max: 6, cyl_min: -4, add_min: 0.75, add_max: 3.5 };
  const hoya = { supplier: "Hoya", diameters: [65, 70], ranges };
  const rx = { right_sph: -2, left_sph: -2.5, right_cyl: -1, left_cyl: -0.5 };
  it.each<[string, typeof hoya, object | null, number | null, string | null, string | null]>([
    ["makes a lens in range that fits", hoya, rx, 62, "M", null],
    ["Zeiss always dropped", { ...hoya, supplier: "Zeiss" }, rx, 62, "M", JOB_EDIT_MESSAGES.zeissExcluded],
    [
      "sphere beyond the range",
      hoya,
      { ...rx, right_sph: -10 },
      62,
      "M",
      JOB_EDIT_MESSAGES.prescriptionOutOfRange,
    ],
    [
      "plus sphere beyond the range",
      hoya,
      { ...rx, left_sph: 7 },
      62,
      "M",
      JOB_EDIT_MESSAGES.prescriptionOutOfRange,
    ],
    [
      "cylinder beyond the range",
      hoya,
      { ...rx, left_cyl: -4.5 },
      62,
      "M",
      JOB_EDIT_MESSAGES.prescriptionOutOfRange,
    ],
    [
      "add beyond the range",
      hoya,
      { ...rx, spectacles: { right_near_add: 3.75 } },
      62,
      "M",
      JOB_EDIT_MESSAGES.prescriptionOutOfRange,
    ],
    ["no frame size", hoya, rx, 62, null, JOB_EDIT_MESSAGES.frameSizeRequired],
    ["no diameter fits a narrow PD in a large frame", hoya, rx, 60, "L", JOB_EDIT_MESSAGES.diameterTooSmall],
    ["non-brand frame (nd) is not checked for diameter", hoya, rx, 50, "nd", null],
  ])("%s", (_, lens, prescription, pd, size, expected) => {
    expect(lensOptionInvalidReason(lens, prescription as never, pd, size)).toBe(expected);
  });

  const opt = (supplier: string, invalid: string | null) => ({
    invalid_error_msg: invalid,
    lenses: { supplier: { name: supplier } },
  });
  it("drops Zeiss and invalid options; says why the list is empty", () => {
    const list = [opt("Hoya", null), opt("Zeiss", null), opt("Shamir", "x")];
    expect(availableLensOptions(list)).toEqual([list[0]]);
    expect(lensListMessages("M", list)).toEqual([]);
    expect(lensListMessages(null, list)).toEqual(["Frame size required"]);
    expect(
      lensListMessages("M", [
        opt("Zeiss", JOB_EDIT_MESSAGES.zeissExcluded),
        opt("Hoya", JOB_EDIT_MESSAGES.prescriptionOutOfRange),
      ]),
    ).toEqual(["No lenses match this prescription", "No lens available"]);
    expect(lensListMessages("M", [opt("Hoya", JOB_EDIT_MESSAGES.diameterTooSmall)])).toEqual([
      "No lens available",
    ]);
  });

  it.each([
    ["Hoya", "Hoyalux iD MyStyle long", 0],
    ["Hoya", "Hoya Nulux", 1],
    ["Hoya", "Hoyalux medium", 2],
    ["Shamir", "Autograph medium", 3],
    ["Shamir", "Shamir Office", 4],
    ["Shamir", "Autograph long", 5],
    ["Essilor", "Varilux", 6],
  ] as const)("%s %s ranks %i", (supplier, name, rank) => {
    expect(supplierPreference(supplier, name)).toBe(rank);
  });
});

describe("save rules", () => {
  const customize = {
    front: { shape: "classic" as const, size: "M", colorId: 1, isExistingFrame: false },
    left: { size: "M", colorId: 2 },
    right: { size: "M", colorId: 2 },
  };
  const rx = { right_sph: -1, left_sph: -1, spectacles: { right_near_add: 2, left_near_add: 2 } };
  const pd = { binocular_dist_pd: 62, right_height_multifocal: 22, left_height_multifocal: 22 };
  it.each<[string, object, object, string[]]>([
    [
      "frame only for a product without a prescription",
      { customize },
      { requiresPrescription: false, lensType: null, prescription: null, pd: null, lensChosen: false },
      [],
    ],
    [
      "missing sizes",
      { customize: { ...customize, left: { size: null, colorId: 2 } } },
      { requiresPrescription: false, lensType: null, prescription: null, pd: null, lensChosen: false },
      ["leftArmSize"],
    ],
    [
      "complete multifocal",
      { customize, prescription: { id: 1, type: null }, pdId: 1, product_lens_addons_id: 1 },
      {
        requiresPrescription: true,
        lensType: "multifocal",
        prescription: rx,
        pd,
        lensChosen: true,
        lensInvalid: null,
      },
      [],
    ],
    [
      "nothing chosen",
      { customize },
      { requiresPrescription: true, lensType: "multifocal", prescription: null, pd: null, lensChosen: false },
      ["prescription", "pdId", "product_lens_addons_id"],
    ],
    [
      "single vision without a Type",
      { customize, prescription: { id: 1, type: null } },
      {
        requiresPrescription: true,
        lensType: "single-vision",
        prescription: rx,
        pd,
        lensChosen: true,
        lensInvalid: null,
      },
      ["prescription"],
    ],
    [
      "a lens that cannot be made",
      { customize },
      {
        requiresPrescription: true,
        lensType: "multifocal",
        prescription: rx,
        pd,
        lensChosen: true,
        lensInvalid: "x",
      },
      ["product_lens_addons_id"],
    ],
    [
      "contact lenses with a contact-lens prescription",
      { customize },
      {
        contactLens: true,
        requiresPrescription: true,
        lensType: null,
        prescription: { type_id: 2 },
        pd: null,
        lensChosen: false,
      },
      [],
    ],
    [
      "contact lenses with a spectacle prescription",
      { customize },
      {
        contactLens: true,
        requiresPrescription: true,
        lensType: null,
        prescription: { type_id: 1 },
        pd: null,
        lensChosen: false,
      },
      ["prescription"],
    ],
  ])("%s", (_, selection, facts, fields) => {
    expect(Object.keys(selectionSaveErrors(selection as never, facts as never)).sort()).toEqual(
      [...fields].sort(),
    );
  });
});

describe("item confirmation and the docket prompt", () => {
  const glasses = (data: object | null, rx = true) => ({
    region_product: { requires_prescription: rx, parent_type: { key: "glasses" } },
    additional_info: data ? { data } : null,
  });
  it.each<[string, ReturnType<typeof glasses>, boolean]>([
    ["nothing selected", glasses(null), false],
    ["prescription, PD and lens", glasses({ prescription: {}, pd: {}, lens_addon_combination: {} }), true],
    ["no lens", glasses({ prescription: {}, pd: {} }), false],
    [
      "no prescription needed, customize has a component",
      glasses({ customize: { Frame: { size: "M" } } }, false),
      true,
    ],
    ["no prescription needed, empty customize", glasses({ customize: {} }, false), false],
    [
      "contact lenses with a prescription",
      {
        ...glasses({ prescription: {} }),
        region_product: { requires_prescription: true, parent_type: { key: "contact-lenses" } },
      },
      true,
    ],
  ])("%s → %s", (_, item, confirmed) => {
    expect(isItemConfirmed(item)).toBe(confirmed);
  });

  it.each([
    ["glasses", true],
    ["lenses-only", true],
    ["frames", true],
    ["contact-lenses", true],
    ["addon", false],
    ["accessories", false],
  ] as const)("%s items have a selection to edit: %s", (key, has) => {
    expect(hasJobSelection(key)).toBe(has);
  });

  it("prompts once every glasses or lenses-only item is confirmed, ignoring others and refunded ones", () => {
    const done = glasses({ prescription: {}, pd: {}, lens_addon_combination: {} });
    const open = glasses(null);
    const contact = {
      ...open,
      region_product: { requires_prescription: true, parent_type: { key: "contact-lenses" } },
    };
    const refunded = { ...open, quantity: -1 };
    expect(allGlassItemsConfirmed([done, contact, refunded])).toBe(true);
    expect(allGlassItemsConfirmed([done, open])).toBe(false);
    expect(allGlassItemsConfirmed([contact])).toBe(false);
  });
});
