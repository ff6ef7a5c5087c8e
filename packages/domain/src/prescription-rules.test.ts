import { describe, expect, it } from "vitest";
import {
  applyAdd,
  CYLINDER_CHOICES,
  categoryLabel,
  expiryDisplay,
  isFileOnlyPrescription,
  prescriptionErrorForLensType,
  prismString,
  SPHERE_CHOICES,
  signedPrism,
  standardisedDisplay,
} from "./prescription-rules";

describe("prescription choices", () => {
  it("offers sphere +12 to -18 and cylinder 0 to -6 in quarter steps, plus None", () => {
    expect(SPHERE_CHOICES[0]).toEqual({ value: "", label: "None" });
    expect(SPHERE_CHOICES[1].label).toBe("+12.00");
    expect(SPHERE_CHOICES.at(-1)!.label).toBe("-18.00");
    expect(SPHERE_CHOICES).toHaveLength(1 + 121);
    expect(CYLINDER_CHOICES[1].label).toBe("0.00");
    expect(CYLINDER_CHOICES.at(-1)!.label).toBe("-6.00");
    expect(CYLINDER_CHOICES).toHaveLength(1 + 25);
  });
});

describe("prescription display", () => {
  it("shows each eye and one add when both agree", () => {
    expect(
      standardisedDisplay({
        right_sph: -1.25,
        right_cyl: -0.5,
        right_axis: 90,
        left_sph: 0,
        spectacles: { right_near_add: 2, left_near_add: 2 },
      }),
    ).toEqual({ right: "-1.25 / -0.50 x 90", left: "Plano", add: "+2.00" });
    expect(
      standardisedDisplay({
        right_sph: 1,
        left_sph: 1,
        spectacles: { right_near_add: 2, left_near_add: 2.25 },
      }).add,
    ).toBe("R +2.00 L +2.25");
  });

  it("writes signed prisms with their base direction", () => {
    expect(signedPrism(1.5, "in")).toBe(-1.5);
    expect(signedPrism(1.5, "up")).toBe(1.5);
    expect(
      prismString({
        spectacles: { prisms: { right_horiz_dist: 1, right_vert_dist: -0.5, left_horiz_near: -2 } },
      }),
    ).toBe("R 1.00 BO, 0.50 BD (dist); L 2.00 BI (near)");
    expect(prismString({})).toBe("");
  });

  it("shows expiry or Unspecified and hides the class- prefix", () => {
    expect(expiryDisplay("2027-03-01")).toBe("2027-03-01");
    expect(expiryDisplay(null)).toBe("Unspecified");
    expect(categoryLabel("class-b")).toBe("b");
  });

  it("knows a file-only prescription", () => {
    expect(isFileOnlyPrescription({ right_sph: 0, left_sph: null, files: [{}] })).toBe(true);
    expect(isFileOnlyPrescription({ right_sph: 0, left_sph: 0, files: [] })).toBe(false);
    expect(
      isFileOnlyPrescription({ right_sph: 0, left_sph: 0, spectacles: { right_near_add: 1 }, files: [{}] }),
    ).toBe(false);
  });
});

describe("add behaviour", () => {
  it("mirrors a binocular add and copies right to left until left is edited", () => {
    const none = { right: null, left: null };
    expect(applyAdd("binocular", none, { eye: "left", value: 2 }, false)).toEqual({ right: 2, left: 2 });
    expect(applyAdd("monocular", none, { eye: "right", value: 1.5 }, false)).toEqual({
      right: 1.5,
      left: 1.5,
    });
    expect(applyAdd("monocular", { right: 1.5, left: 1 }, { eye: "right", value: 2 }, true)).toEqual({
      right: 2,
      left: 1,
    });
  });

  it("checks the adds a lens type needs", () => {
    expect(prescriptionErrorForLensType({}, "multifocal")).toMatch(/near add/);
    expect(prescriptionErrorForLensType({ spectacles: { right_near_add: 2 } }, "multifocal")).toBeNull();
    expect(prescriptionErrorForLensType({}, "desk")).toMatch(/intermediate add/);
  });
});
