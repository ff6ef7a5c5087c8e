import { formatPower } from "./prescription-rules";

/** One eye of a contact-lens choice: what the contact-lens lab reads. */
export interface ContactLensEye {
  base_curve: number | null;
  diameter: number | null;
  power: number | null;
}

/** What a contact-lens item records (jobs-area §3 "contact lens data"): brand, and base curve, diameter and power per eye. */
export interface ContactLensChoice {
  brand: string | null;
  right: ContactLensEye;
  left: ContactLensEye;
  prescription_id: number | null;
}

interface ContactLensRx {
  id?: number | null;
  right_sph?: number | null;
  left_sph?: number | null;
  contact_lens?: Record<string, unknown> | null;
}

const num = (v: unknown) => (typeof v === "number" ? v : v == null || v === "" ? null : Number(v));

/**
 * The contact-lens choice read from a contact-lens prescription (type 2): the power is the
 * sphere, base curve and diameter come from its contact-lens part. The server snapshots this on
 * save; the panel shows the same values before saving.
 */
export function contactLensChoice(rx: ContactLensRx): ContactLensChoice {
  const cl = rx.contact_lens ?? {};
  const eye = (side: "right" | "left"): ContactLensEye => ({
    base_curve: num(cl[`${side}_base_curve`]),
    diameter: num(cl[`${side}_diameter`]),
    power: rx[`${side}_sph`] ?? null,
  });
  return {
    brand: typeof cl.brand === "string" && cl.brand ? cl.brand : null,
    right: eye("right"),
    left: eye("left"),
    prescription_id: rx.id ?? null,
  };
}

const eyeText = (label: string, e: ContactLensEye) =>
  `${label} ${e.power == null ? "—" : formatPower(e.power)} BC ${e.base_curve ?? "—"} DIA ${e.diameter ?? "—"}`;

/** One line for staff: "Acuvue Oasys · R -2.50 BC 8.4 DIA 14 · L -2.25 BC 8.4 DIA 14". */
export const contactLensLine = (c: ContactLensChoice) =>
  [c.brand ?? "No brand", eyeText("R", c.right), eyeText("L", c.left)].join(" · ");
