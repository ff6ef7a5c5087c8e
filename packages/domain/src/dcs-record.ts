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

/** The DCS version whose rules the record follows (OMAV). */
export const DCS_VERSION = "3.12";
/** REQ: what the record is. FIL is the request type of a job file (a whole order for a job). */
export const DCS_REQUEST = "FIL";
/** One REM line's length: the lab systems read (Rx-Universe "Remote Order Entry") take 30 characters a line. */
export const REM_LINE_MAX = 30;

export interface DcsLensOrder {
  /** JOB: the lens order's reference. */
  job: string;
  /** VEN: who wrote the record (the retailer's system). */
  vendor?: string | null;
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
    /** LNAM: the supplier's own code for the lens (its lens-style code); null when the catalogue has none. */
    code: string | null;
    /** The retail name, for the people at the lab: a REM line, never LNAM. */
    name: string;
    /** Our lens type key (single-vision, multifocal, bifocal, desk, work); LTYP where DCS has a code. */
    type: string | null;
    index: number | null;
    colour?: string | null;
    tint?: string | null;
    coating?: string | null;
    /** DIA: the blank diameter in mm. */
    diameter?: number | null;
  };
  edging: LensEdge;
  /** The supplier's lab system takes Rx-Universe's `_JTYPE` job type (a supplier setting). */
  jobTypeLabel?: boolean;
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
/** DCS's mark for a value not known: a lab reads `?` as "not given", where `0.00` would be 0 mm. */
export const DCS_UNKNOWN = "?";
/** "-1.75", "0.50", "0.00" (never "-0.00"); `?` for a value we do not have. */
const num = (v: number | null | undefined, places = 2) => {
  if (v == null || !Number.isFinite(v)) return DCS_UNKNOWN;
  const r = round(v, places);
  return (Object.is(r, -0) ? 0 : r).toFixed(places);
};
/** LIND with the index's own decimals: two at least (1.60), three where it has them (1.586). */
export function dcsIndex(v: number): string {
  const r = round(v, 3);
  return r.toFixed(round(r, 2) === r ? 2 : 3);
}
/** A text value as DCS takes it: printable ASCII, no reserved characters (`;` separates values, `=` the label). */
function dcsClean(value: string | null | undefined): string {
  return (value ?? "")
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^\x20-\x7e]/g, " ")
    .replace(/;/g, ",")
    .replace(/=/g, "-")
    .replace(/\s+/g, " ")
    .trim();
}
/** A text value bounded to `max` characters, cut at a word boundary (a word longer than the bound is cut). */
export function dcsText(value: string | null | undefined, max = 30): string {
  const clean = dcsClean(value);
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max + 1).lastIndexOf(" ");
  return (cut > 0 ? clean.slice(0, cut) : clean.slice(0, max)).trim();
}
/** The text a note becomes in the record: what the lab reads back when it joins the REM lines with spaces. */
export const dcsNoteText = (value: string | null | undefined) => dcsClean(value);

/**
 * A remark as REM lines of at most REM_LINE_MAX characters, split between words, so the whole
 * note arrives: joined with single spaces the lines give the note back (a word longer than a line,
 * which no staff note has, is split across lines).
 */
export function remarkLines(value: string | null | undefined, width = REM_LINE_MAX): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of dcsClean(value).split(" ").filter(Boolean)) {
    let w = word;
    while (w.length > width) {
      if (line) lines.push(line);
      line = "";
      lines.push(w.slice(0, width));
      w = w.slice(width);
    }
    if (!line) line = w;
    else if (line.length + 1 + w.length <= width) line += ` ${w}`;
    else {
      lines.push(line);
      line = w;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** DCS LTYP by our lens type, where a source read confirms the code (ADR 0032); bifocal has none. */
export const LENS_TYPE_DCS: Readonly<Record<string, string>> = {
  "single-vision": "SV",
  multifocal: "PR",
  desk: "PR",
  work: "PR",
};
/** Our own codes for lens types no source gives a DCS code for, written as `_LTYP`. */
export const LENS_TYPE_PRIVATE: Readonly<Record<string, string>> = { bifocal: "BI" };

/**
 * ETYP (DCS edge type): -1 uncut; 1 bevel, for an edged lens in one of our frames (full rim).
 * The customer's own frame: the lab sees it when it arrives, so the edge type is not known.
 */
export function dcsEdgeType(edging: LensEdge, frameKnown: boolean): string {
  if (edging === "UnCut") return "-1";
  return frameKnown ? "1" : DCS_UNKNOWN;
}
/** Rx-Universe's `_JTYPE`: 1 full job (the lab edges, now or when the frame comes), 2 uncut job. */
export const jobTypeCode = (edging: LensEdge) => (edging === "UnCut" ? "2" : "1");
/** The first remark of a frame-to-come job: DCS has no code for it, so it is said in words. */
export const FRAME_TO_COME_REMARK = "FRAME TO COME";

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
  const unknownPair = (v: [number | null, number | null]) => v[0] == null && v[1] == null;

  add("REQ", DCS_REQUEST);
  add("OMAV", DCS_VERSION);
  add("VEN", dcsText(order.vendor || "Loupe"));
  add("JOB", dcsText(order.job));
  add("DO", order.eyes === "both" ? "B" : order.eyes === "right" ? "R" : "L");
  add("CLIENT", dcsText(order.client));
  add("ACCN", dcsText(order.account));
  both("LMFR", dcsText(order.lens.manufacturer));
  // The supplier's code identifies the lens; without one the lab is told it is not known, never a cut name.
  both("LNAM", order.lens.code ? dcsClean(order.lens.code) : DCS_UNKNOWN);
  const type = order.lens.type;
  if (type && LENS_TYPE_DCS[type]) both("LTYP", LENS_TYPE_DCS[type]);
  else if (type && LENS_TYPE_PRIVATE[type]) both("_LTYP", LENS_TYPE_PRIVATE[type]);
  if (order.lens.index != null) both("LIND", dcsIndex(order.lens.index));
  if (order.lens.colour) both("_COLR", dcsText(order.lens.colour));
  if (order.lens.tint) both("TINT", dcsText(order.lens.tint));
  if (order.lens.coating) both("ACOAT", dcsText(order.lens.coating));
  if (order.lens.diameter != null) both("DIA", num(order.lens.diameter, 0));
  eyes("SPH", (e) => num(e.sph));
  eyes("CYL", (e) => num(e.cyl ?? 0));
  eyes("AX", (e) => (e.cyl ? (e.axis == null ? DCS_UNKNOWN : String(Math.round(e.axis))) : "0"));
  if (order.right.add || order.left.add) eyes("ADD", (e) => num(e.add));
  const prisms = [
    prismToPolar("right", order.right.prismHoriz, order.right.prismVert),
    prismToPolar("left", order.left.prismHoriz, order.left.prismVert),
  ];
  if (prisms.some(Boolean)) {
    // An eye without prism has none: 0.00 at 0° is the truth for it, not an unknown.
    add("PRVM", pair(num(prisms[0]?.magnitude ?? 0), num(prisms[1]?.magnitude ?? 0)));
    add("PRVA", pair(String(prisms[0]?.angle ?? 0), String(prisms[1]?.angle ?? 0)));
  }
  if (order.ipd && !unknownPair(order.ipd)) add("IPD", pair(num(order.ipd[0]), num(order.ipd[1])));
  if (order.npd && !unknownPair(order.npd)) add("NPD", pair(num(order.npd[0]), num(order.npd[1])));
  if (order.height && (order.height.right != null || order.height.left != null))
    add(order.height.label, pair(num(order.height.right), num(order.height.left)));
  if (order.frame) {
    both("HBOX", num(order.frame.hbox));
    both("VBOX", num(order.frame.vbox));
    add("DBL", num(order.frame.dbl));
  }
  add("ETYP", dcsEdgeType(order.edging, order.frame != null));
  if (order.jobTypeLabel) add("_JTYPE", jobTypeCode(order.edging));
  // Kept for the labs set up for Loupe's own label before ETYP was written.
  add("_EDGE", order.edging === "UnCut" ? "UNCUT" : order.edging === "Cut" ? "CUT" : "FTC");
  // Remarks: frame to come, the lens by its retail name, then the staff's note, each whole over as many lines as it needs.
  if (order.edging === "FTC") add("REM", FRAME_TO_COME_REMARK);
  for (const line of remarkLines(order.lens.name ? `Lens: ${order.lens.name}` : "")) add("REM", line);
  for (const line of remarkLines(order.notes)) add("REM", line);
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
    lens_id?: number;
    lenses: {
      id?: number;
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
    /** The supplier's code for the lens, from the catalogue as it is now. */
    lensCode?: string | null;
    vendor?: string | null;
    jobTypeLabel?: boolean;
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
    vendor: order.vendor,
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
      code: order.lensCode ?? null,
      name: lens?.lenses.name ?? "",
      type: lensType,
      index: lens?.lenses.index ?? null,
      colour: lens?.lenses.lens_color?.name ?? null,
      tint: lens?.tint?.display_name ?? null,
      coating: lens?.coating?.display_name ?? null,
      diameter: orderDiameter(frameSize, binocular, lens?.lenses.diameters ?? []),
    },
    edging: order.edging,
    jobTypeLabel: order.jobTypeLabel ?? false,
    notes: order.notes,
  };
}

/**
 * A DCS record read back: label → its values (right, left), for the order sheet that mirrors it.
 * A label on several lines (REM) gives every line's values in order.
 */
export function parseDcsRecord(record: string): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const line of record.split(/\r?\n/)) {
    const at = line.indexOf("=");
    if (at <= 0) continue;
    const label = line.slice(0, at);
    out[label] = [...(out[label] ?? []), ...line.slice(at + 1).split(";")];
  }
  return out;
}
