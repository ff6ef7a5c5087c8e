import { describe, expect, it } from "vitest";
import { describeJobEvent } from "./job-action-rules";
import { isItemConfirmed, selectionChanges } from "./job-edit-rules";
import {
  clearedForReentry,
  holdsPrescriptionOrPd,
  needsPrescriptionReentry,
  PRESCRIPTION_REENTRY_MESSAGES,
  reentryItemsText,
  selectionPrescriptionIds,
} from "./prescription-reentry";

const customize = {
  front: { shape: "classic", size: "M", colorId: 3, isExistingFrame: false },
  left: { size: "M", colorId: 4 },
  right: { size: "M", colorId: 4 },
};
const selection = { customize, prescription: { id: 11, type: null }, pdId: 22, product_lens_addons_id: 33 };
const info = {
  id: 4,
  revision: 4,
  selection,
  data: {
    customize: { Frame: { size: "M" } },
    prescription: { id: 11, customer_id: 1, right_sph: -3.25 },
    pd: { id: 22, customer_id: 1 },
    lens_addon_combination: { id: 33 },
    contact_lens: null,
  },
  pdPresenter: { data: { width: { binocular: 61.5 } } },
  lensesToPick: [33, 34],
  lens_colour: "Grey",
  lens_warning_message: "Thick edge",
};
const marker = {
  reason: "customer_changed" as const,
  previous_customer_id: 1,
  at: "2026-11-26T01:00:00.000Z",
};
const glasses = { requires_prescription: true, parent_type: { key: "glasses" } };

describe("clearing a selection for a new customer", () => {
  const cleared = clearedForReentry(
    { selection, additionalInfo: info },
    { revision: 5, marker, savedBy: { id: 9, full_name: "Avery Admin" } },
  );

  it("keeps the frame, drops the prescription, PD and lens, and carries the marker", () => {
    expect(cleared.selection).toEqual({
      customize,
      prescription: null,
      pdId: null,
      product_lens_addons_id: null,
      lens_warning_message: null,
    });
    expect(cleared.additionalInfo).toMatchObject({
      id: 5,
      revision: 5,
      saved_by: { id: 9, full_name: "Avery Admin" },
      saved_at: marker.at,
      data: {
        customize: { Frame: { size: "M" } },
        prescription: null,
        pd: null,
        lens_addon_combination: null,
        contact_lens: null,
      },
      pdPresenter: null,
      lensesToPick: [],
      lens_colour: null,
      lens_warning_message: null,
      reentry: marker,
    });
    expect(JSON.stringify(cleared.additionalInfo)).not.toMatch(/-3\.25|61\.5/);
  });

  it("needs re-entry until a save writes additional_info without the marker; the item is not confirmed", () => {
    expect(needsPrescriptionReentry(cleared.additionalInfo)).toBe(true);
    expect(needsPrescriptionReentry(info)).toBe(false);
    expect(needsPrescriptionReentry(null)).toBe(false);
    expect(needsPrescriptionReentry({ reentry: "customer_changed" })).toBe(false);
    expect(isItemConfirmed({ region_product: glasses, additional_info: info })).toBe(true);
    expect(isItemConfirmed({ region_product: glasses, additional_info: cleared.additionalInfo })).toBe(false);
    // Even with a prescription still there, the marker keeps the item unconfirmed.
    expect(isItemConfirmed({ region_product: glasses, additional_info: { ...info, reentry: marker } })).toBe(
      false,
    );
  });

  it("reads the prescription and PD ids from the snapshot, or from the payload", () => {
    expect(selectionPrescriptionIds(info)).toEqual({ prescriptionId: 11, pdId: 22 });
    expect(selectionPrescriptionIds({ selection })).toEqual({ prescriptionId: 11, pdId: 22 });
    expect(selectionPrescriptionIds(cleared.additionalInfo)).toEqual({ prescriptionId: null, pdId: null });
    expect(holdsPrescriptionOrPd(info)).toBe(true);
    expect(holdsPrescriptionOrPd(cleared.additionalInfo)).toBe(false);
    expect(holdsPrescriptionOrPd({ data: { customize: {} } })).toBe(false);
  });
});

describe("the timeline's words", () => {
  it("names what a save changed, in step order; jsonb key order and absent flags are not changes", () => {
    expect(selectionChanges(null, selection)).toEqual(["frame", "prescription", "PD", "lenses"]);
    const stored = JSON.parse(
      JSON.stringify({
        ...selection,
        customize: {
          right: customize.right,
          left: customize.left,
          front: { isExistingFrame: false, colorId: 3, size: "M", shape: "classic" },
        },
      }),
    );
    expect(selectionChanges(stored, selection)).toEqual([]);
    expect(selectionChanges(selection, { ...selection, prescription: { id: 11, type: "reading" } })).toEqual([
      "prescription",
    ]);
    expect(selectionChanges({ customize, prescription: null, pdId: null }, selection)).toEqual([
      "prescription",
      "PD",
      "lenses",
    ]);
  });

  it("describes saves, restores and cleared items", () => {
    expect(
      describeJobEvent({ kind: "selection_saved", from: "prescription, PD, lenses", to: "4", item: "2" }),
    ).toBe("Item 2 selection saved (revision 4): prescription, PD, lenses");
    expect(describeJobEvent({ kind: "selection_saved", from: "", to: "5", item: "2" })).toBe(
      "Item 2 selection saved (revision 5): no changes",
    );
    expect(describeJobEvent({ kind: "selection_restored", from: "1", to: "6", item: "2" })).toBe(
      "Item 2 selection restored from revision 1 (revision 6)",
    );
    expect(describeJobEvent({ kind: "prescription_cleared", from: null, to: "3", item: "1" })).toBe(
      "Item 1: prescription and PD cleared — customer changed (revision 3)",
    );
  });

  it("keeps the sentences staff read", () => {
    expect(PRESCRIPTION_REENTRY_MESSAGES.lensOrderRefused).toBe(
      "The customer of this job changed: save the item's prescription, PD and lenses again before ordering lenses.",
    );
    expect(PRESCRIPTION_REENTRY_MESSAGES.docket).toBe("Prescription to be re-entered");
    expect(
      reentryItemsText([
        { position: 1, name: "Milo" },
        { position: 3, name: "Ivy" },
      ]),
    ).toBe("Item 1 (Milo), Item 3 (Ivy)");
  });
});
