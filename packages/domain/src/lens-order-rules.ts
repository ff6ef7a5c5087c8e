import { z } from "zod";
import { rowId } from "./input-rules";
import { diameterFits, isZeiss, NOT_DEFINED_SIZE, supplierPreference } from "./job-edit-rules";
import { LENS_ORDER_MESSAGES } from "./lens-order-messages";

// Lens orders to suppliers (jobs-area §3–5, §7–9): the Order Lenses form and its rules, when
// ordering is possible at all, repeat orders, the supplier ordering preference, and the supplier
// state rules kept as data per supplier kind. The modal and the server both call these.

/** Settings (administrators): suppliers and their contacts. */
export const SUPPLIER_MESSAGES = {
  saved: "Supplier saved successfully",
  contactSaved: "Supplier contact saved successfully",
  contactRemoved: "Supplier contact removed successfully",
  contactDeactivated: "This contact has lens orders, so it was made inactive instead of removed.",
  adminOnly: "Only administrators can change suppliers and their contacts.",
  abbreviationTaken: "Another supplier already has this abbreviation.",
  mailRequired: "The Mail field is required for an e-mail contact.",
  folderRequired: "The Folder field is required for a file drop contact.",
  apiNeedsApiSupplier: "Only a supplier with order type api has an automatic interface contact.",
  oneApiContact: "This supplier already has an automatic interface contact in this region.",
  outletOutsideRegion: "The delivery outlet must be in the region it is the default for.",
  lensCodeSaved: "Lens code saved successfully",
  lensCodeFormat:
    "The lens code may only contain letters, digits, spaces and . _ / + - (the supplier's code, as its lab system knows it).",
  lensNotOfSupplier: "This lens is not one of this supplier's.",
} as const;

/** The supplier's code for a lens (LNAM): what its lab system knows it by; no DCS reserved characters. */
export const LENS_CODE_MAX = 30;
export const LENS_CODE_PATTERN = /^$|^[A-Za-z0-9][A-Za-z0-9 ._/+-]*$/;

// ---------------------------------------------------------------------------------------------
// Form constants (§9)

export const LENS_SIDES = ["both", "right", "left"] as const;
export type LensSide = (typeof LENS_SIDES)[number];
export const LENS_SIDE_LABELS: Record<LensSide, string> = { both: "Both", right: "Right", left: "Left" };

/** Need to edge: UnCut (the lab sends uncut blanks), Cut (the lab edges to the frame), FTC (frame to come). */
export const LENS_EDGE_OPTIONS = ["UnCut", "Cut", "FTC"] as const;
export type LensEdge = (typeof LENS_EDGE_OPTIONS)[number];
export const LENS_EDGE_LABELS: Record<LensEdge, string> = {
  UnCut: "UnCut",
  Cut: "Cut",
  FTC: "FTC (frame to come)",
};

/** The supplier's cut options as the spec's client reads them (`cut_options.UnCut.valid`, `cut_options.cut.valid`). */
export interface CutOptions {
  UnCut: { valid: boolean };
  cut: { valid: boolean };
  FTC: { valid: boolean };
}
export const cutOptionsFor = (allowsCut: boolean): CutOptions => ({
  UnCut: { valid: true },
  cut: { valid: allowsCut },
  FTC: { valid: true },
});
/** The edge choices a supplier offers: Cut only where the supplier edges lenses (§9). */
export const edgeOptionsFor = (cut: CutOptions): LensEdge[] =>
  LENS_EDGE_OPTIONS.filter((e) =>
    e === "Cut" ? cut.cut.valid : e === "UnCut" ? cut.UnCut.valid : cut.FTC.valid,
  );

/** The 17 fixed repeat-order reasons (§9). The slug is stored; the name is shown. */
export const REPEAT_REASONS = [
  { slug: "30-day-warranty-exchange", name: "30 Day Warranty Exchange" },
  { slug: "customer-order-lost-in-post", name: "Customer Order Lost in Post" },
  { slug: "dispenser-error-in-store", name: "Dispenser Error (In Store)" },
  { slug: "dispenser-error-service-centre", name: "Dispenser Error (Service Centre)" },
  { slug: "lab-error-service-centre", name: "Lab Error (Service Centre)" },
  { slug: "non-tolerance", name: "Non Tolerance" },
  { slug: "optom-error", name: "Optom Error" },
  { slug: "supplier-broken-lenses", name: "Supplier Problem - Broken Lenses" },
  { slug: "supplier-wrong-index", name: "Supplier Problem - Wrong Index" },
  { slug: "supplier-wrong-diameter", name: "Supplier Problem - Wrong Diameter" },
  { slug: "supplier-wrong-colour", name: "Supplier Problem - Wrong Colour" },
  { slug: "supplier-wrong-power", name: "Supplier Problem - Wrong Power" },
  { slug: "supplier-wrong-prism", name: "Supplier Problem - Wrong Prism" },
  { slug: "supplier-wrong-lenses", name: "Supplier Problem - Wrong Lenses" },
  { slug: "supplier-bad-coating", name: "Supplier Problem - Peel-off / Bad Coating" },
  { slug: "supplier-scratched-lenses", name: "Supplier Problem - Scratched Lenses" },
  { slug: "other", name: "Other" },
] as const;
export type RepeatReason = (typeof REPEAT_REASONS)[number]["slug"];
export const REPEAT_REASON_SLUGS = REPEAT_REASONS.map((r) => r.slug) as [RepeatReason, ...RepeatReason[]];
export const repeatReasonName = (slug: string | null | undefined) =>
  REPEAT_REASONS.find((r) => r.slug === slug)?.name ?? null;

/** Notes go to the supplier: the automatic interface takes 25 characters, 18 on a repeat order (§5). */
export const NOTES_MAX_API = 25;
export const NOTES_MAX_API_REPEAT = 18;
/** Any other contact reads the notes in an e-mail or a file: no rule of the spec, but a bound. */
export const NOTES_MAX = 1000;
export const DESCRIPTION_MAX = 2000;
/**
 * The notes' limit for this order: the automatic interface's (§5) and the supplier's own (a lab
 * system that takes so many REM lines, a supplier setting), whichever is smaller; null when none.
 * The form refuses longer notes before ordering, so the record never has to cut them.
 */
export function notesMaxLength(
  apiContact: boolean,
  repeat: boolean,
  supplierMax?: number | null,
): number | null {
  const limits = [
    apiContact ? (repeat ? NOTES_MAX_API_REPEAT : NOTES_MAX_API) : null,
    supplierMax ?? null,
  ].filter((v): v is number => v != null && v > 0);
  return limits.length ? Math.min(...limits) : null;
}

/** How an order reaches a supplier through a contact: a person's e-mail, a lab's import folder, or its automatic interface. */
export const CONTACT_CHANNELS = ["email", "file_drop", "api"] as const;
export type ContactChannel = (typeof CONTACT_CHANNELS)[number];
export const CONTACT_CHANNEL_LABELS: Record<ContactChannel, string> = {
  email: "E-mail",
  file_drop: "File drop (lab system)",
  api: "Automatic interface",
};
/** The "special API contact" of §5: the supplier's automatic order interface. */
export const isApiContact = (contact: { channel: string } | null | undefined) => contact?.channel === "api";

// ---------------------------------------------------------------------------------------------
// The Order Lenses form (§3, §5)

export interface LensOrderForm {
  to: number | null | undefined;
  lenses: LensSide;
  need_to_edge: LensEdge;
  contact: number | null | undefined;
  reason?: string | null;
  description?: string | null;
  notes?: string | null;
}

export interface LensOrderFormContext {
  /** The item already has lens orders (`GET /order_lens/count` > 0). */
  repeat: boolean;
  /** The chosen contact is the supplier's automatic interface. */
  apiContact: boolean;
  cutOptions: CutOptions;
  supplierName: string;
  /** The supplier's own limit on notes (its lab system's REM lines), when it has one. */
  supplierNotesMax?: number | null;
}

const blank = (v: string | null | undefined) => !v?.trim();

/** Field → message; empty when the form can be sent. */
export function lensOrderFormErrors(form: LensOrderForm, ctx: LensOrderFormContext): Record<string, string> {
  const out: Record<string, string> = {};
  if (form.to == null) out.to = LENS_ORDER_MESSAGES.deliverToRequired;
  if (form.contact == null) out.contact = LENS_ORDER_MESSAGES.contactRequired;
  if (!edgeOptionsFor(ctx.cutOptions).includes(form.need_to_edge))
    out.need_to_edge = LENS_ORDER_MESSAGES.cutNotOffered(ctx.supplierName);
  if (ctx.repeat) {
    if (blank(form.reason)) out.reason = LENS_ORDER_MESSAGES.reasonRequired;
    else if (!REPEAT_REASON_SLUGS.includes(form.reason as RepeatReason))
      out.reason = "The selected Reason is invalid.";
    if (blank(form.description)) out.description = LENS_ORDER_MESSAGES.internalNoteRequired;
  }
  const max = notesMaxLength(ctx.apiContact, ctx.repeat, ctx.supplierNotesMax) ?? NOTES_MAX;
  if ((form.notes ?? "").length > max) out.notes = LENS_ORDER_MESSAGES.notesTooLong(max);
  return out;
}

/** The payload of `POST /order_lens` (§3), bounded; the rule above adds the spec's messages. */
export const lensOrderPayloadSchema = z.object({
  /** What the form believed: a new order or a repeat. The server checks it against its own count. */
  type: z.enum(["new", "repeat"]).optional(),
  /** The outlet ordering (the staff member's); defaults to the staff member's outlet. */
  outlet_id: rowId().nullish(),
  /** The signed-in staff member places the order: another id is refused (403, naming user_id). */
  user_id: rowId().nullish(),
  order_id: rowId(),
  /** The lens option (product lens addon) to order; defaults to the item's selected lens. */
  product_id: rowId().nullish(),
  item: rowId(),
  /** The frame size the form showed; a different one on the job answers 409 (the selection changed). */
  frame_size: z.string().max(4).nullish(),
  /** Deliver to: an outlet id. */
  to: rowId().nullish(),
  lenses: z.enum(LENS_SIDES),
  /** The supplier ordered from. */
  from: rowId(),
  supplier_contact_id: rowId().nullish(),
  /** The supplier's order type as the form saw it (informational). */
  order_type: z.enum(["all", "api"]).nullish(),
  notes: z.string().max(NOTES_MAX).nullish(),
  reason: z.string().max(100).nullish(),
  /** The internal note: kept with the job, never sent to the supplier. */
  description: z.string().max(DESCRIPTION_MAX).nullish(),
  need_to_edge: z.enum(LENS_EDGE_OPTIONS),
  /** Makes a retry (double click, timeout) answer the first order instead of placing a second. */
  idempotency_key: z.string().min(8).max(100).optional(),
});
export type LensOrderPayload = z.infer<typeof lensOrderPayloadSchema>;

// ---------------------------------------------------------------------------------------------
// When ordering is possible (§5)

export interface LensOrderReadiness {
  hasPrescription: boolean;
  hasPd: boolean;
  /** The PD's error for this lens type (its presenter's or the lens-type rule's), or null. */
  pdError: string | null;
  hasLens: boolean;
  frameSize: string | null | undefined;
  /** The binocular PD the lens diameter is checked against. */
  binocularPd: number | null | undefined;
  lensDiameters: number[];
  /** The lens is Zeiss (never ordered, §9). */
  zeiss?: boolean;
}

/**
 * Why Order Lenses is disabled (empty when it is enabled): the PD has no error, and lenses, a
 * prescription and a frame size exist, and a lens diameter fits the frame size and PD (§5). A
 * customer's own frame (nd) has no size to check the diameter against, as in the job edit.
 */
export function lensOrderBlockers(f: LensOrderReadiness): string[] {
  const out: string[] = [];
  if (!f.hasLens) out.push(LENS_ORDER_MESSAGES.noLensesMatch);
  else if (f.zeiss) out.push(LENS_ORDER_MESSAGES.zeissExcluded);
  if (!f.hasPrescription) out.push(LENS_ORDER_MESSAGES.prescriptionRequired);
  if (!f.hasPd) out.push(LENS_ORDER_MESSAGES.pdRequired);
  else if (f.pdError) out.push(f.pdError);
  if (!f.frameSize) out.push(LENS_ORDER_MESSAGES.frameSizeRequired);
  else if (
    f.hasLens &&
    f.frameSize !== NOT_DEFINED_SIZE &&
    !f.lensDiameters.some((d) => diameterFits(f.frameSize, f.binocularPd, d))
  )
    out.push(LENS_ORDER_MESSAGES.diameterTooSmall);
  return out;
}
export const canOrderLenses = (f: LensOrderReadiness) => lensOrderBlockers(f).length === 0;

/** The blank diameter to order: the smallest that fits (nd: the largest, the frame is unknown). */
export function orderDiameter(
  frameSize: string | null | undefined,
  pd: number | null | undefined,
  diameters: number[],
): number | null {
  const sorted = [...diameters].sort((a, b) => a - b);
  if (!sorted.length) return null;
  if (frameSize === NOT_DEFINED_SIZE) return sorted.at(-1)!;
  return sorted.find((d) => diameterFits(frameSize, pd, d)) ?? null;
}

// ---------------------------------------------------------------------------------------------
// Which lens, from which supplier (§9)

export interface OrderableLensOption {
  id: number;
  invalid_error_msg: string | null;
  lenses: { name: string; supplier: { id: number; name: string } };
}

/**
 * The lens options Order Lenses offers, in the ordering preference of §9 (Hoya long, other Hoya,
 * Hoya medium, Shamir medium, other Shamir, Shamir long, others), Zeiss and unmakeable ones left
 * out; the job's current lens is preselected when it is among them, else the first.
 */
export function orderLensChoices<T extends OrderableLensOption>(
  options: T[],
  currentId: number | null | undefined,
): { options: T[]; preselectedId: number | null } {
  const offered = options
    .filter((o) => !o.invalid_error_msg && !isZeiss(o.lenses.supplier.name))
    .map((o, i) => ({ o, i }))
    .sort(
      (a, b) =>
        supplierPreference(a.o.lenses.supplier.name, a.o.lenses.name) -
          supplierPreference(b.o.lenses.supplier.name, b.o.lenses.name) || a.i - b.i,
    )
    .map(({ o }) => o);
  const current = offered.find((o) => o.id === currentId);
  return { options: offered, preselectedId: current?.id ?? offered[0]?.id ?? null };
}

// ---------------------------------------------------------------------------------------------
// Supplier states, as data per supplier kind (§4 Lens ordering)

export const SUPPLIER_KINDS = ["hoya", "shamir", "standard"] as const;
export type SupplierKind = (typeof SUPPLIER_KINDS)[number];
export const SUPPLIER_KIND_LABELS: Record<SupplierKind, string> = {
  hoya: "Hoya-type",
  shamir: "Shamir-type",
  standard: "Standard",
};

export const LENS_ORDER_PHASES = [
  "none",
  "sent",
  "accepted",
  "on_hold",
  "in_production",
  "dispatched",
  "delivered",
  "cancelled",
  "rejected",
] as const;
export type LensOrderPhase = (typeof LENS_ORDER_PHASES)[number];

export interface SupplierStateRules {
  /** Every code the supplier reports, with its label and where the order is. */
  states: Readonly<Record<number, { label: string; phase: LensOrderPhase }>>;
  /** The item's code for this kind when it has no order of it (null: the item keeps no code). */
  none: number | null;
  /** Hoya: a new order only while the item's code is one of these. */
  placeableAt?: readonly number[];
  /** Shamir: an order at one of these codes blocks a new one. */
  blocksReorderAt?: readonly number[];
  /** An order can be cancelled only at these codes. */
  cancellableAt: readonly number[];
  /** The code an order starts at when it is sent. */
  sent: number;
  cancelled: number;
  rejected: number;
  /** What the item's code becomes when its order is cancelled or rejected (Hoya: −1, placeable again). */
  resetTo: number | null;
  /** The codes the local lab simulator walks through, one per step. */
  simulatorPath: readonly number[];
}

const st = (label: string, phase: LensOrderPhase) => ({ label, phase });

export const SUPPLIER_STATE_RULES: Readonly<Record<SupplierKind, SupplierStateRules>> = {
  hoya: {
    states: {
      [-1]: st("Not ordered", "none"),
      0: st("Order sent", "sent"),
      1: st("Order received", "accepted"),
      2: st("Order confirmed", "accepted"),
      3: st("Awaiting stock", "accepted"),
      4: st("Surfacing", "in_production"),
      5: st("Hard coating", "in_production"),
      6: st("Anti-reflection coating", "in_production"),
      7: st("Edging and fitting", "in_production"),
      8: st("Final inspection", "in_production"),
      9: st("Packed", "in_production"),
      10: st("Dispatched", "dispatched"),
      11: st("In transit", "dispatched"),
      12: st("Delivered", "delivered"),
      13: st("Cancelled", "cancelled"),
      14: st("Rejected by the lab", "rejected"),
      100: st("On hold: awaiting confirmation", "on_hold"),
      103: st("On hold: query from the lab", "on_hold"),
    },
    none: -1,
    placeableAt: [-1, 12],
    cancellableAt: [0, 1, 2, 3, 100, 103],
    sent: 0,
    cancelled: 13,
    rejected: 14,
    resetTo: -1,
    simulatorPath: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
  },
  shamir: {
    states: {
      0: st("Submitted", "sent"),
      1: st("Received", "accepted"),
      2: st("Verified", "accepted"),
      3: st("In production", "in_production"),
      4: st("Surfacing", "in_production"),
      5: st("Coating", "in_production"),
      6: st("Edging", "in_production"),
      7: st("Quality control", "in_production"),
      8: st("Shipped", "dispatched"),
      9: st("Delivered", "delivered"),
      10: st("Cancelled", "cancelled"),
      11: st("Rejected by the lab", "rejected"),
    },
    none: null,
    blocksReorderAt: [0, 1, 2, 3, 4, 5, 6, 7, 8],
    cancellableAt: [0, 1, 2],
    sent: 0,
    cancelled: 10,
    rejected: 11,
    resetTo: null,
    simulatorPath: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  },
  standard: {
    states: {
      0: st("Sent", "sent"),
      1: st("Acknowledged", "accepted"),
      2: st("In production", "in_production"),
      3: st("Dispatched", "dispatched"),
      4: st("Delivered", "delivered"),
      5: st("Cancelled", "cancelled"),
      6: st("Rejected by the lab", "rejected"),
    },
    none: null,
    blocksReorderAt: [0, 1, 2, 3],
    cancellableAt: [0, 1],
    sent: 0,
    cancelled: 5,
    rejected: 6,
    resetTo: null,
    simulatorPath: [0, 1, 2, 3, 4],
  },
};

export const isSupplierKind = (v: unknown): v is SupplierKind =>
  typeof v === "string" && (SUPPLIER_KINDS as readonly string[]).includes(v);

/** A code's label and phase; an unknown code (a newer lab release) reads as its number, on hold. */
export function supplierState(kind: SupplierKind, code: number): { label: string; phase: LensOrderPhase } {
  return SUPPLIER_STATE_RULES[kind].states[code] ?? { label: `Lab status ${code}`, phase: "on_hold" };
}

/** The code the item shows for an order at this code: a cancelled or rejected Hoya order puts it back at −1. */
export function itemCodeFor(kind: SupplierKind, code: number): number {
  const rules = SUPPLIER_STATE_RULES[kind];
  const { phase } = supplierState(kind, code);
  if ((phase === "cancelled" || phase === "rejected") && rules.resetTo != null) return rules.resetTo;
  return code;
}

/** Whether an item at this code of this kind may be sent a new order of any kind (§4). */
export function itemCodeAllowsOrder(kind: SupplierKind, itemCode: number | null | undefined): boolean {
  const rules = SUPPLIER_STATE_RULES[kind];
  const code = itemCode ?? rules.none;
  if (code == null) return true;
  if (rules.placeableAt) return rules.placeableAt.includes(code);
  return !(rules.blocksReorderAt ?? []).includes(code);
}

/**
 * Our side of an order: before the supplier answered (pending, unknown), refused (failed), or with
 * the supplier. not_sent: an e-mailed order the outbox gave up on (retries spent, or the mail server
 * refused it) — the supplier never had it, so it neither blocks nor counts, and can be sent again.
 */
export const LENS_ORDER_STATES = [
  "pending",
  "unknown",
  "failed",
  "placed",
  "cancelled",
  "rejected",
  "not_sent",
] as const;
export type LensOrderState = (typeof LENS_ORDER_STATES)[number];

/**
 * Whether an order stops the item from being ordered again: while it is being sent or its
 * answer is unknown, and while the supplier's code blocks reordering under its kind's rule.
 */
export function lensOrderBlocksReorder(kind: SupplierKind, state: LensOrderState, code: number): boolean {
  if (state === "pending" || state === "unknown") return true;
  if (state !== "placed") return false;
  return !itemCodeAllowsOrder(kind, itemCodeFor(kind, code));
}

export const canCancelLensOrder = (kind: SupplierKind, state: LensOrderState, code: number) =>
  state === "placed" && SUPPLIER_STATE_RULES[kind].cancellableAt.includes(code);

/** Orders that count towards "repeat" (§7 count): every order the supplier took, not cancelled or refused. */
export function countsAsOrdered(kind: SupplierKind, state: LensOrderState, code: number): boolean {
  if (state === "failed" || state === "cancelled" || state === "rejected" || state === "not_sent")
    return false;
  const { phase } = supplierState(kind, code);
  return phase !== "cancelled" && phase !== "rejected";
}

export const isFinalLensPhase = (phase: LensOrderPhase) =>
  phase === "delivered" || phase === "cancelled" || phase === "rejected";

/** The order of phases: a lab report never moves an order backwards (a late message after a newer one). */
const PHASE_RANK: Record<LensOrderPhase, number> = {
  none: 0,
  sent: 1,
  accepted: 2,
  on_hold: 2,
  in_production: 3,
  dispatched: 4,
  delivered: 5,
  cancelled: 6,
  rejected: 6,
};
/** Whether a reported code is news: a different code, never after a final one, never back to an earlier phase. */
export function isLensStatusMove(kind: SupplierKind, from: number, to: number): boolean {
  if (from === to) return false;
  const a = supplierState(kind, from).phase;
  const b = supplierState(kind, to).phase;
  if (isFinalLensPhase(a)) return false;
  if (a === "on_hold" || b === "on_hold" || b === "cancelled" || b === "rejected") return true;
  return PHASE_RANK[b] > PHASE_RANK[a] || (PHASE_RANK[b] === PHASE_RANK[a] && to > from);
}

/** Where the lab simulator has an order after `elapsedSteps` steps (it stops at the path's end). */
export function simulatedCode(kind: SupplierKind, elapsedSteps: number): number {
  const path = SUPPLIER_STATE_RULES[kind].simulatorPath;
  return path[Math.max(0, Math.min(path.length - 1, Math.floor(elapsedSteps)))];
}

/** The item statuses a lens order moves an item to: placed → lenses-ordered, delivered → received. */
export const LENS_ORDER_ITEM_STATUS = { ordered: "lenses-ordered", delivered: "received" } as const;

/** "L<invoice>-<n>": the order's reference, the JOB of its DCS record and its file name. */
export function lensOrderReference(invoice: string, itemId: number, sequence: number): string {
  const base = invoice.replace(/[^A-Za-z0-9]/g, "").slice(0, 16) || "JOB";
  return `${base}-${itemId}-${sequence}`.slice(0, 30);
}
