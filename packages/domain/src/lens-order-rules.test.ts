import { describe, expect, it } from "vitest";
import { LENS_ORDER_MESSAGES } from "./lens-order-messages";
import {
  canCancelLensOrder,
  countsAsOrdered,
  cutOptionsFor,
  edgeOptionsFor,
  isLensStatusMove,
  itemCodeAllowsOrder,
  itemCodeFor,
  lensOrderBlockers,
  lensOrderBlocksReorder,
  lensOrderFormErrors,
  notesMaxLength,
  orderDiameter,
  orderLensChoices,
  REPEAT_REASONS,
  SUPPLIER_STATE_RULES,
  simulatedCode,
  supplierState,
} from "./lens-order-rules";

const ready = {
  hasPrescription: true,
  hasPd: true,
  pdError: null,
  hasLens: true,
  frameSize: "M",
  binocularPd: 62,
  lensDiameters: [70],
};

describe("when lenses can be ordered (§5)", () => {
  it.each([
    // frame size, PD, diameters, enabled
    ["M", 58, [70], true],
    ["M", 57.5, [70], false],
    ["M", 61, [65], true],
    ["M", 60, [65], false],
    ["M", 53, [75], true],
    ["M", 52, [75], false],
    ["L", 64, [70], true],
    ["L", 63, [70], false],
    ["L", 69, [65], true],
    ["L", 68, [65], false],
    ["L", 59, [75], true],
    ["L", 58, [75], false],
    ["S", 58, [70], true],
    ["M", 55, [65, 70, 75], true],
    ["nd", 40, [65], true],
  ])("frame %s, PD %s, lens diameters %j: enabled %s", (frameSize, pd, diameters, enabled) => {
    const blockers = lensOrderBlockers({ ...ready, frameSize, binocularPd: pd, lensDiameters: diameters });
    expect(blockers).toEqual(enabled ? [] : [LENS_ORDER_MESSAGES.diameterTooSmall]);
  });

  it("needs a lens, a prescription, a PD without error and a frame size, with the spec's warnings", () => {
    expect(lensOrderBlockers({ ...ready, hasLens: false, lensDiameters: [] })).toEqual([
      "No lenses match this prescription",
    ]);
    expect(lensOrderBlockers({ ...ready, frameSize: null })).toEqual(["Frame size required"]);
    expect(lensOrderBlockers({ ...ready, hasPrescription: false })).toEqual([
      LENS_ORDER_MESSAGES.prescriptionRequired,
    ]);
    expect(lensOrderBlockers({ ...ready, pdError: "Heights needed" })).toEqual(["Heights needed"]);
    expect(lensOrderBlockers({ ...ready, hasPd: false })).toEqual([LENS_ORDER_MESSAGES.pdRequired]);
    expect(lensOrderBlockers({ ...ready, zeiss: true })).toEqual([LENS_ORDER_MESSAGES.zeissExcluded]);
  });

  it("orders the smallest blank that fits, the largest for the customer's own frame", () => {
    expect(orderDiameter("M", 62, [75, 65, 70])).toBe(65);
    expect(orderDiameter("M", 59, [75, 65, 70])).toBe(70);
    expect(orderDiameter("nd", null, [65, 75])).toBe(75);
    expect(orderDiameter("L", 50, [65, 70])).toBeNull();
  });
});

describe("the Order Lenses form (§5)", () => {
  const ctx = { repeat: false, apiContact: false, cutOptions: cutOptionsFor(true), supplierName: "Hoya" };
  const form = { to: 1, lenses: "both" as const, need_to_edge: "UnCut" as const, contact: 2 };

  it("requires Deliver to and the contact", () => {
    expect(lensOrderFormErrors({ ...form, to: null, contact: null }, ctx)).toEqual({
      to: "The Deliver to field is required.",
      contact: "The Contact field is required.",
    });
    expect(LENS_ORDER_MESSAGES.contactLabel).toBe("Contact (required)");
  });

  it.each([
    // automatic-interface contact, repeat, limit
    [true, false, 25],
    [true, true, 18],
    [false, false, null],
    [false, true, null],
  ])("notes for an api contact %s on a repeat %s: at most %s characters", (api, repeat, max) => {
    expect(notesMaxLength(api, repeat)).toBe(max);
    const c = { ...ctx, apiContact: api, repeat };
    const extra = repeat ? { reason: "other", description: "why" } : {};
    if (max == null) {
      expect(lensOrderFormErrors({ ...form, ...extra, notes: "x".repeat(200) }, c)).toEqual({});
      return;
    }
    expect(lensOrderFormErrors({ ...form, ...extra, notes: "x".repeat(max) }, c)).toEqual({});
    expect(lensOrderFormErrors({ ...form, ...extra, notes: "x".repeat(max + 1) }, c)).toEqual({
      notes: `The Notes field may not be greater than ${max} characters.`,
    });
  });

  it("requires a reason from the 17 and an internal note on a repeat order", () => {
    expect(REPEAT_REASONS).toHaveLength(17);
    expect(REPEAT_REASONS[0].name).toBe("30 Day Warranty Exchange");
    expect(REPEAT_REASONS.at(-1)?.name).toBe("Other");
    const repeat = { ...ctx, repeat: true };
    expect(lensOrderFormErrors(form, repeat)).toEqual({
      reason: "The Reason field is required.",
      description: "The Internal Note field is required.",
    });
    expect(lensOrderFormErrors({ ...form, reason: "bogus", description: "x" }, repeat).reason).toBe(
      "The selected Reason is invalid.",
    );
    expect(lensOrderFormErrors({ ...form, reason: "optom-error", description: "x" }, repeat)).toEqual({});
  });

  it("offers Cut only where the supplier edges lenses", () => {
    expect(edgeOptionsFor(cutOptionsFor(true))).toEqual(["UnCut", "Cut", "FTC"]);
    expect(edgeOptionsFor(cutOptionsFor(false))).toEqual(["UnCut", "FTC"]);
    expect(
      lensOrderFormErrors(
        { ...form, need_to_edge: "Cut" },
        { ...ctx, cutOptions: cutOptionsFor(false), supplierName: "Essilor" },
      ),
    ).toEqual({ need_to_edge: LENS_ORDER_MESSAGES.cutNotOffered("Essilor") });
  });
});

describe("which lens from which supplier (§9)", () => {
  const opt = (id: number, supplier: string, name: string, invalid: string | null = null) => ({
    id,
    invalid_error_msg: invalid,
    lenses: { name, supplier: { id, name: supplier } },
  });
  const options = [
    opt(1, "Essilor", "Varilux"),
    opt(2, "Shamir", "Autograph long"),
    opt(3, "Zeiss", "SmartLife"),
    opt(4, "Shamir", "Genesis"),
    opt(5, "Hoya", "Summit medium"),
    opt(6, "Shamir", "Autograph medium"),
    opt(7, "Hoya", "LifeStyle"),
    opt(8, "Hoya", "MyStyle long"),
    opt(9, "Hoya", "Nulux", "This lens cannot be made in this prescription."),
  ];
  it("orders Hoya long, other Hoya, Hoya medium, Shamir medium, other Shamir, Shamir long, others; Zeiss out", () => {
    const { options: offered, preselectedId } = orderLensChoices(options, null);
    expect(offered.map((o) => o.id)).toEqual([8, 7, 5, 6, 4, 2, 1]);
    expect(preselectedId).toBe(8);
  });
  it("preselects the job's current lens when it is offered", () => {
    expect(orderLensChoices(options, 4).preselectedId).toBe(4);
    expect(orderLensChoices(options, 3).preselectedId).toBe(8);
  });
});

describe("supplier state rules (§4), as data per kind", () => {
  it.each([
    // kind, item code, a new order allowed
    ["hoya", -1, true],
    ["hoya", null, true],
    ["hoya", 12, true],
    ["hoya", 0, false],
    ["hoya", 3, false],
    ["hoya", 11, false],
    ["hoya", 100, false],
    ["hoya", 103, false],
    ["shamir", null, true],
    ["shamir", 0, false],
    ["shamir", 8, false],
    ["shamir", 9, true],
    ["shamir", 10, true],
    ["standard", 2, false],
    ["standard", 4, true],
  ] as const)("%s item at %s: ordering allowed %s", (kind, code, allowed) => {
    expect(itemCodeAllowsOrder(kind, code)).toBe(allowed);
  });

  it.each([
    ["hoya", [0, 1, 2, 3, 100, 103]],
    ["shamir", [0, 1, 2]],
    ["standard", [0, 1]],
  ] as const)("%s orders cancel only at %j", (kind, codes) => {
    const all = Object.keys(SUPPLIER_STATE_RULES[kind].states).map(Number);
    expect(all.filter((c) => canCancelLensOrder(kind, "placed", c))).toEqual(
      [...codes].sort((a, b) => a - b),
    );
    expect(canCancelLensOrder(kind, "pending", 0)).toBe(false);
  });

  it("puts a cancelled Hoya item back at −1 and keeps Shamir's own code", () => {
    expect(itemCodeFor("hoya", 13)).toBe(-1);
    expect(itemCodeFor("hoya", 14)).toBe(-1);
    expect(itemCodeFor("hoya", 4)).toBe(4);
    expect(itemCodeFor("shamir", 10)).toBe(10);
  });

  it("counts an order open while it is sent, unknown, or at a blocking code", () => {
    expect(lensOrderBlocksReorder("hoya", "pending", 0)).toBe(true);
    expect(lensOrderBlocksReorder("hoya", "unknown", 0)).toBe(true);
    expect(lensOrderBlocksReorder("hoya", "failed", 0)).toBe(false);
    expect(lensOrderBlocksReorder("hoya", "placed", 12)).toBe(false);
    expect(lensOrderBlocksReorder("hoya", "placed", 13)).toBe(false);
    expect(lensOrderBlocksReorder("shamir", "placed", 8)).toBe(true);
    expect(lensOrderBlocksReorder("shamir", "placed", 9)).toBe(false);
    expect(countsAsOrdered("hoya", "placed", 12)).toBe(true);
    expect(countsAsOrdered("hoya", "cancelled", 13)).toBe(false);
    expect(countsAsOrdered("shamir", "failed", 0)).toBe(false);
    // An e-mail the outbox gave up on never reached the supplier: neither open nor an order taken.
    expect(lensOrderBlocksReorder("hoya", "not_sent", 0)).toBe(false);
    expect(countsAsOrdered("hoya", "not_sent", 0)).toBe(false);
    expect(canCancelLensOrder("hoya", "not_sent", 0)).toBe(false);
  });

  it("takes lab reports forward only, holds either way, nothing after a final state", () => {
    expect(isLensStatusMove("hoya", 2, 4)).toBe(true);
    expect(isLensStatusMove("hoya", 4, 2)).toBe(false);
    expect(isLensStatusMove("hoya", 2, 100)).toBe(true);
    expect(isLensStatusMove("hoya", 100, 2)).toBe(true);
    expect(isLensStatusMove("hoya", 12, 13)).toBe(false);
    expect(isLensStatusMove("hoya", 3, 14)).toBe(true);
    expect(isLensStatusMove("shamir", 5, 5)).toBe(false);
  });

  it("walks the simulator path one step at a time and stops at its end", () => {
    expect(simulatedCode("hoya", 0)).toBe(0);
    expect(simulatedCode("hoya", 4.9)).toBe(4);
    expect(simulatedCode("hoya", 99)).toBe(12);
    expect(simulatedCode("shamir", 99)).toBe(9);
    expect(supplierState("hoya", 12)).toEqual({ label: "Delivered", phase: "delivered" });
    expect(supplierState("hoya", 77).phase).toBe("on_hold");
  });

  it("keeps the spec's messages", () => {
    expect(LENS_ORDER_MESSAGES.ordered).toBe("Lens ordered successfully");
    expect(LENS_ORDER_MESSAGES.orderFailedFallback).toBe("Error");
    expect(LENS_ORDER_MESSAGES.hoyaCancelled).toBe("Hoya order cancelled successfully");
    expect(LENS_ORDER_MESSAGES.cancelFailed).toBe("Error cancelling order");
  });
});

describe("the refusal while an order is open (issue 24)", () => {
  it("names the open order's status, the same for a new and a repeat order", () => {
    expect(LENS_ORDER_MESSAGES.alreadyOrdered("Submitted")).toBe(
      "Lenses for this item are already on order (Submitted). Cancel that order before ordering again.",
    );
  });
});
