import { NOT_DEFINED_SIZE } from "./job-edit-rules";
import type { LensEdge, LensSide } from "./lens-order-rules";
import { orderDiameter } from "./lens-order-rules";
import { type PdPurpose, presentPd } from "./pd-presenter";
import type { PdHeightField, PdWidthField } from "./pd-rules";

// The lens order as a DCS record (The Vision Council's Data Communication Standard, the "VCA"
// file lab systems import): `LABEL=right;left` lines joined by CRLF. Built from the job's snapshot
// (the selection saved in the job edit: prescription, PD, lens and frame as they were), so the
// record a lab reads is the job as confirmed, not today's prescription.

/** One eye's prescription as ordered; prism as its signed components (horizontal + base out, vertical + base up). */
export interface DcsEye {
  sph: number | null;
  cyl: number | null;
  axis: number | null;
  add: number | null;
  prismHoriz: number | null;
  prismVert: number | null;
}

export interface DcsLensOrder {
  /** JOB: the lens order's reference. */
  job: string;
  /** CLIENT: who the lenses are for, as the lab prints it on the packet. */
  client?: string | null;
  /** ACCN: the practice's account number with the supplier. */
  account?: string | null;
  eyes: LensSide;
  right: DcsEye;
  left: DcsEye;
  /** IPD: monocular centration distances (right, left) in mm. */
  ipd: [number | null, number | null] | null;
  /** NPD: monocular near centration distances. */
  npd: [number | null, number | null] | null;
  /** SEGHT (segment or fitting height, multifocal/bifocal/office) or OCHT (optical centre height). */
  height: { label: "SEGHT" | "OCHT"; right: number | null; left: number | null } | null;
  /** HBOX, VBOX, DBL: the frame's box in mm; null for a frame we do not know (the customer's own). */
  frame: { hbox: number; vbox: number; dbl: number } | null;
  lens: {
    manufacturer: string;
    name: string;
    /** LTYP: SV, PR, BI… */
    type: string | null;
    index: number | null;
    colour?: string | null;
    tint?: string | null;
    coating?: string | null;
    /** DIA: the blank diameter in mm. */
    diameter?: number | null;
  };
  edging: LensEdge;
  notes?: string | null;
}

/** DCS's 360° prism base notation: right eye base in 0°, left eye base in 180°; up 90°, down 270°. */
export function prismToPolar(
  eye: "right" | "left",
  horiz: number | null | undefined,
  vert: number | null | undefined,
): { magnitude: number; angle: number } | null {
  const h = horiz ?? 0;
  const v = vert ?? 0;
  if (h === 0 && v === 0) return null;
  // Base in points nasally: for the right eye that is 0°, for the left 180°. Our horizontal sign is base out.
  const x = eye === "right" ? -h : h;
  const magnitude = Math.sqrt(h * h + v * v);
  let angle = (Math.atan2(v, x) * 180) / Math.PI;
  if (angle < 0) angle += 360;
  return { magnitude: round(magnitude, 2), angle: round(angle, 0) % 360 };
}

const round = (v: number, places: number) => {
  const f = 10 ** places;
  return Math.round(v * f) / f;
};
/** "-1.75", "0.50", "0.00" (never "-0.00"). */
const num = (v: number | null | undefined, places = 2) => {
  const r = round(v ?? 0, places);
  return (Object.is(r, -0) ? 0 : r).toFixed(places);
};
/** A text value as DCS takes it: printable ASCII, no separators, bounded. */
export function dcsText(value: string | null | undefined, max = 30): string {
  return (value ?? "")
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^\x20-\x7e]/g, "")
    .replace(/[;=]/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, max)
    .trim();
}

const pair = (r: string, l: string) => `${r};${l}`;

/** The DCS record of a lens order: one `LABEL=value` per line, right;left values, CRLF line ends. */
export function buildDcsRecord(order: DcsLensOrder): string {
  const lines: string[] = [];
  const add = (label: string, value: string | null | undefined) => {
    if (value != null && value !== "" && value !== ";") lines.push(`${label}=${value}`);
  };
  const both = (label: string, value: string) => add(label, pair(value, value));
  const eyes = (label: string, pick: (e: DcsEye) => string) =>
    add(label, pair(pick(order.right), pick(order.left)));

  add("JOB", dcsText(order.job));
  add("DO", order.eyes === "both" ? "B" : order.eyes === "right" ? "R" : "L");
  add("CLIENT", dcsText(order.client));
  add("ACCN", dcsText(order.account));
  both("LMFR", dcsText(order.lens.manufacturer));
  both("LNAM", dcsText(order.lens.name));
  if (order.lens.type) both("LTYP", order.lens.type);
  if (order.lens.index != null) both("LIND", num(order.lens.index));
  if (order.lens.colour) both("COLR", dcsText(order.lens.colour));
  if (order.lens.tint) both("TINT", dcsText(order.lens.tint));
  if (order.lens.coating) both("ACOAT", dcsText(order.lens.coating));
  if (order.lens.diameter != null) both("DIA", num(order.lens.diameter, 0));
  eyes("SPH", (e) => num(e.sph));
  eyes("CYL", (e) => num(e.cyl));
  eyes("AX", (e) => (e.cyl ? String(Math.round(e.axis ?? 0)) : "0"));
  if (order.right.add || order.left.add) eyes("ADD", (e) => num(e.add));
  const prisms = [
    prismToPolar("right", order.right.prismHoriz, order.right.prismVert),
    prismToPolar("left", order.left.prismHoriz, order.left.prismVert),
  ];
  if (prisms.some(Boolean)) {
    add("PRVM", pair(num(prisms[0]?.magnitude), num(prisms[1]?.magnitude)));
    add("PRVA", pair(String(prisms[0]?.angle ?? 0), String(prisms[1]?.angle ?? 0)));
  }
  if (order.ipd) add("IPD", pair(num(order.ipd[0]), num(order.ipd[1])));
  if (order.npd && (order.npd[0] != null || order.npd[1] != null))
    add("NPD", pair(num(order.npd[0]), num(order.npd[1])));
  if (order.height && (order.height.right != null || order.height.left != null))
    add(order.height.label, pair(num(order.height.right), num(order.height.left)));
  if (order.frame) {
    both("HBOX", num(order.frame.hbox));
    both("VBOX", num(order.frame.vbox));
    add("DBL", num(order.frame.dbl));
  }
  // DCS leaves names starting with "_" to the parties: the edging asked for and the notes for the lab.
  add("_EDGE", order.edging === "UnCut" ? "UNCUT" : order.edging === "Cut" ? "CUT" : "FTC");
  add("_COMMENT", dcsText(order.notes, 80));
  return `${lines.join("\r\n")}\r\n`;
}

// ---------------------------------------------------------------------------------------------
// From the job's snapshot

/**
 * The frame's box (HBOX × VBOX, DBL in mm) by shape and size: the catalogue's frames. Non-{brand}
 * frames (nd) are the customer's own: no box is known, the lab measures the frame (FTC) or sends uncut.
 */
export const FRAME_BOX_MM: Readonly<
  Record<string, Readonly<Record<string, { hbox: number; vbox: number; dbl: number }>>>
> = {
  classic: {
    XS: { hbox: 46, vbox: 35, dbl: 18 },
    S: { hbox: 48, vbox: 37, dbl: 19 },
    M: { hbox: 50, vbox: 39, dbl: 20 },
    L: { hbox: 53, vbox: 41, dbl: 21 },
  },
  round: {
    S: { hbox: 46, vbox: 44, dbl: 20 },
    M: { hbox: 48, vbox: 46, dbl: 21 },
    L: { hbox: 50, vbox: 48, dbl: 22 },
  },
};

/** DCS LTYP by our lens type. */
export const LENS_TYPE_DCS: Readonly<Record<string, string>> = {
  "single-vision": "SV",
  multifocal: "PR",
  bifocal: "BI",
  desk: "PR",
  work: "PR",
};

type Num = number | null | undefined;

/** What the DCS record reads of a job's snapshot (the order item's `additional_info.data`). */
export interface LensOrderSnapshot {
  customize?: { Frame?: { shape?: string | null; size?: string | null } | null } | null;
  prescription?: {
    type?: string | null;
    right_sph?: Num;
    right_cyl?: Num;
    right_axis?: Num;
    left_sph?: Num;
    left_cyl?: Num;
    left_axis?: Num;
    category?: string | null;
    spectacles?: {
      right_near_add?: Num;
      left_near_add?: Num;
      right_int_add?: Num;
      left_int_add?: Num;
      prisms?: Partial<Record<string, Num>> | null;
    } | null;
  } | null;
  pd?: Partial<Record<PdWidthField | PdHeightField, Num>> | null;
  lens_addon_combination?: {
    id: number;
    lenses: {
      name: string;
      index?: Num;
      lens_type?: string | null;
      diameters?: number[];
      supplier: { name: string };
      lens_color?: { name: string } | null;
    };
    coating?: { name: string; display_name: string } | null;
    tint?: { display_name: string } | null;
  } | null;
}

/** The lens type as the product names it; `work` and `desk` are the same office lens. */
const heightLabel = (lensType: string | null | undefined): "SEGHT" | "OCHT" =>
  lensType === "multifocal" || lensType === "bifocal" || lensType === "desk" || lensType === "work"
    ? "SEGHT"
    : "OCHT";

/**
 * A single-vision lens for reading or intermediate is made in that power: the distance sphere
 * plus the near (or intermediate) add, with no add of its own. Other lenses keep the sphere and
 * carry the near add (an office lens its near add, or its intermediate add when that is all there is).
 */
function eyeFor(
  side: "right" | "left",
  rx: NonNullable<LensOrderSnapshot["prescription"]>,
  lensType: string | null | undefined,
): DcsEye {
  const s = rx.spectacles ?? {};
  const near = side === "right" ? s.right_near_add : s.left_near_add;
  const int = side === "right" ? s.right_int_add : s.left_int_add;
  const sph = (side === "right" ? rx.right_sph : rx.left_sph) ?? 0;
  const prisms = s.prisms ?? {};
  // Readers are made with the near prism when one is recorded; every other lens with the distance prism.
  const readers = (lensType === "single-vision" || !lensType) && rx.type === "reading";
  const at =
    readers && (prisms[`${side}_horiz_near`] != null || prisms[`${side}_vert_near`] != null)
      ? "near"
      : "dist";
  const base = {
    cyl: (side === "right" ? rx.right_cyl : rx.left_cyl) ?? 0,
    axis: (side === "right" ? rx.right_axis : rx.left_axis) ?? null,
    prismHoriz: prisms[`${side}_horiz_${at}`] ?? null,
    prismVert: prisms[`${side}_vert_${at}`] ?? null,
  };
  if (lensType === "single-vision" || !lensType) {
    const extra = rx.type === "reading" ? (near ?? 0) : rx.type === "intermediate" ? (int ?? 0) : 0;
    return { ...base, sph: sph + extra, add: null };
  }
  const add = lensType === "desk" || lensType === "work" ? (near ?? int ?? null) : (near ?? null);
  return { ...base, sph, add };
}

/**
 * The DCS lens order of a job's snapshot. The lens type is the product's (`lenses_type`); the PD is
 * read for the purpose the job edit used (single vision follows the prescription's Type, office
 * lenses intermediate, the rest distance), heights for the lens type.
 */
export function dcsOrderFromSnapshot(
  snapshot: LensOrderSnapshot,
  order: {
    job: string;
    client?: string | null;
    account?: string | null;
    eyes: LensSide;
    edging: LensEdge;
    notes?: string | null;
    lensType: string | null | undefined;
    manufacturer?: string | null;
  },
): DcsLensOrder {
  const rx = snapshot.prescription ?? {};
  const lens = snapshot.lens_addon_combination;
  const lensType = order.lensType ?? lens?.lenses.lens_type ?? null;
  const purpose: PdPurpose =
    lensType === "single-vision" && (rx.type === "reading" || rx.type === "intermediate")
      ? rx.type
      : lensType === "desk" || lensType === "work"
        ? "intermediate"
        : "distance";
  const pd = snapshot.pd ?? null;
  const shown = pd ? presentPd(pd, { purpose, lensType }) : null;
  const hasReading =
    pd != null &&
    (pd.binocular_reading_pd != null || pd.right_reading_pd != null || pd.left_reading_pd != null);
  const near =
    hasReading && lensType !== "single-vision" ? presentPd(pd, { purpose: "reading", lensType }) : null;
  const frameSize = snapshot.customize?.Frame?.size ?? null;
  const shape = snapshot.customize?.Frame?.shape ?? null;
  const box =
    frameSize && frameSize !== NOT_DEFINED_SIZE && shape ? (FRAME_BOX_MM[shape]?.[frameSize] ?? null) : null;
  const binocular = shown?.data.width.binocular ?? null;
  return {
    job: order.job,
    client: order.client,
    account: order.account,
    eyes: order.eyes,
    right: eyeFor("right", rx, lensType),
    left: eyeFor("left", rx, lensType),
    ipd: shown ? [shown.data.width.right, shown.data.width.left] : null,
    npd: near ? [near.data.width.right, near.data.width.left] : null,
    height: shown
      ? { label: heightLabel(lensType), right: shown.data.height.right, left: shown.data.height.left }
      : null,
    frame: box,
    lens: {
      manufacturer: order.manufacturer ?? lens?.lenses.supplier.name ?? "",
      name: lens?.lenses.name ?? "",
      type: lensType ? (LENS_TYPE_DCS[lensType] ?? null) : null,
      index: lens?.lenses.index ?? null,
      colour: lens?.lenses.lens_color?.name ?? null,
      tint: lens?.tint?.display_name ?? null,
      coating: lens?.coating?.display_name ?? null,
      diameter: orderDiameter(frameSize, binocular, lens?.lenses.diameters ?? []),
    },
    edging: order.edging,
    notes: order.notes,
  };
}

/** A DCS record read back: label → its values (right, left), for the order sheet that mirrors it. */
export function parseDcsRecord(record: string): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const line of record.split(/\r?\n/)) {
    const at = line.indexOf("=");
    if (at > 0) out[line.slice(0, at)] = line.slice(at + 1).split(";");
  }
  return out;
}
