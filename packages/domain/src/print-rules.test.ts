import { describe, expect, it } from "vitest";
import { describeJobEvent } from "./job-action-rules";
import {
  docketContent,
  isUrgentJob,
  type PrintItemFacts,
  type PrintJobFacts,
  printEventValue,
  trayLabelContent,
} from "./print-rules";

const multifocal: PrintItemFacts = {
  id: 11,
  quantity: 1,
  productName: "Multifocal glasses",
  parentTypeKey: "glasses",
  lensesType: "multifocal",
  requiresPrescription: true,
  status: "Paid",
  outlet: "BRN",
  additionalInfo: {
    id: 2,
    revision: 2,
    saved_at: "2026-03-03T03:00:00Z",
    saved_by: { id: 1, full_name: "Sam Lee" },
    lens_colour: null,
    lens_warning_message: "Check the fitting cross.",
    data: {
      customize: {
        Frame: { shape: "round", size: "M", colour: { name: "Black" } },
        "Temple Left": { size: "M", colour: { name: "Tortoise" } },
        "Temple Right": { size: "L", colour: { name: "Tortoise" } },
        isExistingFrame: false,
      },
      prescription: {
        id: 7,
        type: null,
        category_display: "a",
        right_sph: -2.25,
        right_cyl: -0.5,
        right_axis: 180,
        left_sph: 0,
        left_cyl: null,
        left_axis: null,
        spectacles: {
          right_near_add: 2,
          left_near_add: 2.25,
          prisms: { right_horiz_dist: 1, left_vert_near: -0.5 },
        },
      },
      pd: { frame_size: "M", glass_shape_type: "classic" },
      lens_addon_combination: {
        lenses: {
          name: "Hoyalux iD MyStyle long",
          supplier: { name: "Hoya" },
          index: 1.6,
          display_thickness: "Thin",
        },
        coating: { display_name: "Hi-Vision LongLife" },
        tint: null,
      },
    },
    pdPresenter: {
      data: {
        width: { right: 31.5, left: 32, binocular: 63.5, pdZone: "distance" },
        height: { right: 23, left: 23.5, pdZone: "multifocal", error_message: null },
      },
    },
  },
};

const job = (over: Partial<PrintJobFacts> = {}): PrintJobFacts => ({
  id: 5,
  uid: "J0000005",
  invoice: "BRN-100005",
  priority: 1,
  createdAt: "2026-03-02T23:30:00Z",
  dueDate: "2026-03-10",
  status: "In Progress",
  customer: { firstName: "Ana", lastName: "Ngata", guest: false },
  outlet: { name: "Brunswick", abbreviation: "BRN" },
  timeZone: "Australia/Sydney",
  brand: "Loupe",
  items: [multifocal, { ...multifocal, id: 12, quantity: -1, additionalInfo: null }],
  notes: [{ content: "Customer collects Friday", createdAt: "2026-03-03T01:00:00Z", by: "Sam Lee" }],
  lensOrders: [],
  ...over,
});

describe("tray label", () => {
  it("prints invoice, job number, surname, outlet, the outlet's date, the promise and the live item count", () => {
    expect(trayLabelContent(job())).toEqual({
      barcode: "BRN-100005",
      invoice: "BRN-100005",
      jobNumber: "J0000005",
      surname: "NGATA",
      outlet: "BRN · Brunswick",
      // 23:30 UTC on the 2nd is 10:30 on the 3rd in Sydney.
      created: "3rd Mar 2026, 10am AEDT",
      urgent: false,
      items: "1 item",
      promised: "Promised 10th Mar 2026",
    });
  });

  it.each([
    [1, false],
    [2, true],
    [0, false],
    [null, false],
  ])("priority %s prints URGENT: %s", (priority, urgent) => {
    expect(isUrgentJob(priority)).toBe(urgent);
    expect(trayLabelContent(job({ priority: priority as number })).urgent).toBe(urgent);
  });

  it("never carries a prescription, PD or lens value, whatever the items hold", () => {
    const text = JSON.stringify(trayLabelContent(job()));
    for (const value of ["-2.25", "2.25", "180", "31.5", "63.5", "23.5", "Hoya", "Sph", "BO", "multifocal"])
      expect(text).not.toContain(value);
  });

  it("names a guest as a guest and counts quantities", () => {
    const label = trayLabelContent(
      job({
        customer: { firstName: "Kim", lastName: "", guest: true },
        items: [{ ...multifocal, quantity: 2 }, multifocal],
      }),
    );
    expect(label.surname).toBe("KIM (Guest)");
    expect(label.items).toBe("3 items");
  });
});

describe("job docket", () => {
  const docket = docketContent(job({ priority: 2 }), "2026-03-04T22:00:00Z");

  it("heads with the customer, outlet and dates in the outlet's zone", () => {
    expect(docket.urgent).toBe(true);
    expect(docket.barcode).toBe("BRN-100005");
    expect(Object.fromEntries(docket.header)).toEqual({
      Customer: "Ana Ngata",
      Outlet: "Brunswick (BRN)",
      Created: "3rd Mar 2026, 10:30am AEDT",
      Promised: "10th Mar 2026",
      Status: "In Progress",
      Printed: "5th Mar 2026, 9:00am AEDT",
    });
  });

  it("leaves refunded items out and gives each live one frame, lens, prescription, PD and heights", () => {
    expect(docket.items).toHaveLength(1);
    const [item] = docket.items;
    expect(item.heading).toBe("Item 1 of 1 · Multifocal glasses");
    expect(item.confirmed).toBe(true);
    expect(Object.fromEntries(item.frame)).toEqual({
      Shape: "Capote",
      "Frame size": "M",
      Arms: "L M · R L",
      "Frame colour": "Black",
      "Arm colour": "Tortoise",
    });
    expect(Object.fromEntries(item.lens)).toEqual({
      Supplier: "Hoya",
      Lens: "Hoyalux iD MyStyle long",
      Index: "1.60 · Thin",
      Coating: "Hi-Vision LongLife",
      Tint: "None",
    });
    expect(item.rx?.head).toEqual(["Sph", "Cyl", "Axis", "Add", "Prism"]);
    expect(item.rx?.rows).toEqual([
      ["R", "-2.25", "-0.50", "180", "+2.00", "1.00 BO"],
      ["L", "Plano", "–", "–", "+2.25", "0.50 BD near"],
    ]);
    expect(item.pd).toEqual([
      ["PD (distance)", "R 31.5 · L 32 · Bin 63.5"],
      ["Heights (multifocal)", "R 23 · L 23.5"],
      ["Measured on", "frame M, classic"],
    ]);
    expect(item.warnings).toEqual(["Check the fitting cross."]);
    expect(item.selection).toBe("Selection revision 2, saved by Sam Lee on 3rd Mar 2026, 2:00pm");
    expect(docket.notes).toEqual(["3rd Mar 2026, 12:00pm · Sam Lee: Customer collects Friday"]);
  });

  it("says when an item has no selection yet, and lists lens orders", () => {
    const bare = docketContent(
      job({
        items: [{ ...multifocal, additionalInfo: null }],
        lensOrders: [
          { supplier: "Hoya", state_label: "Ordered", ordered_at: "2026-03-03T00:00:00Z", reference: "H-1" },
        ],
      }),
      new Date("2026-03-04T00:00:00Z"),
    );
    expect(bare.items[0].selection).toBe("No selection saved yet.");
    expect(bare.items[0].confirmed).toBe(false);
    expect(bare.items[0].warnings[0]).toMatch(/not confirmed/);
    expect(bare.items[0].rx).toBeNull();
    expect(bare.lensOrders).toEqual([["Hoya", "Ordered", "3rd Mar 2026, 11:00am", "H-1"]]);
  });

  it("adds an intermediate add column only when the prescription has one", () => {
    const info = multifocal.additionalInfo as { data: { prescription: Record<string, unknown> } };
    const desk = docketContent(
      job({
        items: [
          {
            ...multifocal,
            additionalInfo: {
              ...multifocal.additionalInfo,
              data: {
                ...info.data,
                prescription: {
                  ...info.data.prescription,
                  spectacles: { right_int_add: 1, left_int_add: 1 },
                },
              },
            },
          },
        ],
      }),
      new Date(),
    );
    expect(desk.items[0].rx?.head).toEqual(["Sph", "Cyl", "Axis", "Add", "Int add", "Prism"]);
    expect(desk.items[0].rx?.rows[0]).toEqual(["R", "-2.25", "-0.50", "180", "–", "+1.00", "–"]);
  });
});

describe("docket lens lines", () => {
  const lensRows = (display_thickness: string) => {
    const info = multifocal.additionalInfo as { data: Record<string, Record<string, unknown>> };
    const combo = info.data.lens_addon_combination;
    const item = {
      ...multifocal,
      additionalInfo: {
        ...info,
        data: {
          ...info.data,
          lens_addon_combination: { ...combo, lenses: { ...(combo.lenses as object), display_thickness } },
        },
      },
    };
    return Object.fromEntries(docketContent(job({ items: [item] }), new Date()).items[0].lens);
  };

  it.each([
    ["Thin", "1.60 · Thin"],
    ["1.60 Thin", "1.60 Thin"],
    ["", "1.60"],
  ])("index with thickness %j reads %j", (thickness, line) => {
    expect(lensRows(thickness).Index).toBe(line);
  });

  it("leaves accessories without a selection line or a warning", () => {
    const cloth = {
      ...multifocal,
      parentTypeKey: "accessories",
      requiresPrescription: false,
      additionalInfo: null,
    };
    const [item] = docketContent(job({ items: [cloth] }), new Date()).items;
    expect(item.selection).toBe("");
    expect(item.warnings).toEqual([]);
  });
});

describe("print on the timeline", () => {
  it.each([
    ["docket", "A4", "Printed job docket (A4)"],
    ["docket", null, "Printed job docket (A5)"],
    ["tray_label", null, "Printed tray label"],
  ] as const)("%s %s reads %s", (document, paper, line) => {
    expect(describeJobEvent({ kind: "printed", from: null, to: printEventValue(document, paper) })).toBe(
      line,
    );
  });
});
