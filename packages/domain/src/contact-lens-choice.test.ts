import { describe, expect, it } from "vitest";
import { contactLensChoice, contactLensLine } from "./contact-lens-choice";

describe("contactLensChoice", () => {
  it.each([
    {
      name: "reads brand, base curve and diameter per eye, power from the sphere",
      rx: {
        id: 7,
        right_sph: -2.5,
        left_sph: -2.25,
        contact_lens: {
          brand: "Acuvue Oasys",
          right_base_curve: 8.4,
          left_base_curve: 8.6,
          right_diameter: 14,
          left_diameter: 14.2,
        },
      },
      want: {
        brand: "Acuvue Oasys",
        right: { base_curve: 8.4, diameter: 14, power: -2.5 },
        left: { base_curve: 8.6, diameter: 14.2, power: -2.25 },
        prescription_id: 7,
      },
      line: "Acuvue Oasys · R -2.50 BC 8.4 DIA 14 · L -2.25 BC 8.6 DIA 14.2",
    },
    {
      name: "numbers stored as text are read as numbers",
      rx: {
        id: 8,
        right_sph: 1,
        left_sph: null,
        contact_lens: { brand: "Biofinity", right_base_curve: "8.6", right_diameter: "14" },
      },
      want: {
        brand: "Biofinity",
        right: { base_curve: 8.6, diameter: 14, power: 1 },
        left: { base_curve: null, diameter: null, power: null },
        prescription_id: 8,
      },
      line: "Biofinity · R +1.00 BC 8.6 DIA 14 · L — BC — DIA —",
    },
    {
      name: "no contact-lens part: every value missing",
      rx: { right_sph: null, left_sph: null, contact_lens: null },
      want: {
        brand: null,
        right: { base_curve: null, diameter: null, power: null },
        left: { base_curve: null, diameter: null, power: null },
        prescription_id: null,
      },
      line: "No brand · R — BC — DIA — · L — BC — DIA —",
    },
  ])("$name", ({ rx, want, line }) => {
    const choice = contactLensChoice(rx);
    expect(choice).toEqual(want);
    expect(contactLensLine(choice)).toBe(line);
  });
});
