import { PRIORITY, REFUNDED_QUANTITY } from "./constants";
import { formatCalendarDay, formatMoney, formatWhen } from "./dates";
import { SHAPE_LABEL } from "./height-conversion";
import { hasJobSelection, isItemConfirmed } from "./job-edit-rules";
import type { GlassShape } from "./pd-rules";
import { needsPrescriptionReentry, PRESCRIPTION_REENTRY_MESSAGES } from "./prescription-reentry";
import { formatPower, type PrismKey } from "./prescription-rules";

// Printing (jobs-area §2 Print Labels, §4 the docket prompt, §7 job-tray-signed-url; ADR 0015):
// what a tray label and a job docket say, worked out here from plain facts so the rules (no
// prescription on a tray label, URGENT at priority 2) are tested without a PDF.

export const PRINT_DOCUMENTS = ["tray_label", "docket"] as const;
export type PrintDocument = (typeof PRINT_DOCUMENTS)[number];
export const DOCKET_PAPERS = ["A5", "A4"] as const;
export type DocketPaper = (typeof DOCKET_PAPERS)[number];
export const DEFAULT_DOCKET_PAPER: DocketPaper = "A5";

export const PRINT_DOCUMENT_LABELS: Record<PrintDocument, string> = {
  tray_label: "Tray label",
  docket: "Job docket",
};

/** A print link lives this long: long enough to open the tab, too short to be worth copying. */
export const PRINT_LINK_SECONDS = 120;

export const PRINT_MESSAGES = {
  title: "Print Labels",
  expired: "This print link has expired. Print it again from the job.",
  invalid: "This print link is not valid. Print it again from the job.",
  popupBlocked: "The browser blocked the new tab. Allow pop-ups for Loupe and print again.",
} as const;

/** The tray label prints URGENT for an urgent job (priority 2, §9). */
export const isUrgentJob = (priority: number | null | undefined) => priority === PRIORITY.urgent;

/** The timeline's words for a print: "Printed job docket (A4)", "Printed tray label". */
export function printEventValue(document: PrintDocument, paper?: DocketPaper | null): string {
  return document === "docket"
    ? `${PRINT_DOCUMENT_LABELS.docket.toLowerCase()} (${paper ?? DEFAULT_DOCKET_PAPER})`
    : PRINT_DOCUMENT_LABELS.tray_label.toLowerCase();
}

// ---------------------------------------------------------------------------------------------
// The facts a print reads

export interface PrintItemFacts {
  id: number;
  quantity: number;
  productName: string;
  parentTypeKey: string;
  lensesType: string | null;
  requiresPrescription: boolean;
  status: string;
  outlet: string;
  /** The item's saved selection (ADR 0011): read defensively, it is stored JSON. */
  additionalInfo: Record<string, unknown> | null;
  /**
   * The print query found the selection's prescription or PD is not the job's customer's (issue
   * 24): the docket prints neither, whatever the selection says.
   */
  prescriptionNotCustomers?: boolean;
}

export interface DocketLensOrder {
  supplier: string;
  state_label: string;
  ordered_at: string | Date | null;
  reference: string | null;
}

export interface PrintJobFacts {
  id: number;
  uid: string;
  invoice: string;
  priority: number;
  createdAt: string | Date;
  dueDate: string | null;
  status: string;
  customer: { firstName: string; lastName: string; guest: boolean };
  outlet: { name: string; abbreviation: string };
  timeZone: string;
  brand: string;
  items: PrintItemFacts[];
  notes: { content: string; createdAt: string | Date; by: string | null }[];
  lensOrders: DocketLensOrder[];
  /** What the customer still owes (issue 44) and the region's currency; absent: not printed. */
  balanceDueMinor?: number;
  currency?: string;
}

const liveItems = (items: PrintItemFacts[]) => items.filter((i) => i.quantity !== REFUNDED_QUANTITY);
const itemCount = (items: PrintItemFacts[]) =>
  liveItems(items).reduce((n, i) => n + Math.max(1, i.quantity), 0);

const surnameOf = (c: PrintJobFacts["customer"]) =>
  (c.lastName || c.firstName || "Guest").toUpperCase() + (c.guest ? " (Guest)" : "");

// ---------------------------------------------------------------------------------------------
// Tray label: what goes on the tray, nothing about the eyes

export interface TrayLabel {
  barcode: string;
  invoice: string;
  jobNumber: string;
  surname: string;
  outlet: string;
  created: string;
  urgent: boolean;
  items: string;
  /** The day promised to the customer (issue 27), "Promised 12th Mar 2026"; empty when none. */
  promised: string;
}

/** The tray label's lines. It never reads an item's selection: no prescription, PD or lens leaves on a tray. */
export function trayLabelContent(job: PrintJobFacts): TrayLabel {
  const n = itemCount(job.items);
  return {
    barcode: job.invoice,
    invoice: job.invoice,
    jobNumber: job.uid,
    surname: surnameOf(job.customer),
    outlet: `${job.outlet.abbreviation} · ${job.outlet.name}`,
    // The outlet's clock and its name: a tray travels to a lab that may keep another.
    created: formatWhen(job.createdAt, job.timeZone, "time", { zone: true }),
    urgent: isUrgentJob(job.priority),
    items: `${n} item${n === 1 ? "" : "s"}`,
    promised: job.dueDate ? `Promised ${formatCalendarDay(job.dueDate)}` : "",
  };
}

// ---------------------------------------------------------------------------------------------
// Job docket: everything the workshop makes the job from

export type Row = [label: string, value: string];

export interface DocketRx {
  /** Column heads after the eye: Sph, Cyl, Axis, Add (and Int add when the prescription has one), Prism. */
  head: string[];
  rows: string[][];
  notes: string[];
}

export interface DocketItem {
  heading: string;
  status: string;
  confirmed: boolean;
  frame: Row[];
  lens: Row[];
  rx: DocketRx | null;
  pd: Row[];
  contactLens: Row[];
  /** "Prescription to be re-entered" where the prescription and PD would be, or null. */
  reentry: string | null;
  warnings: string[];
  selection: string;
}

export interface Docket {
  barcode: string;
  invoice: string;
  jobNumber: string;
  urgent: boolean;
  header: Row[];
  items: DocketItem[];
  lensOrders: string[][];
  notes: string[];
}

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj | null => (v && typeof v === "object" && !Array.isArray(v) ? (v as Obj) : null);
const str = (v: unknown): string => (typeof v === "string" ? v : typeof v === "number" ? String(v) : "");
const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);
/** PDs and heights read as measured: "31.5", "63". */
const mm = (v: unknown) => {
  const n = num(v);
  return n == null ? "–" : String(Math.round(n * 10) / 10);
};
const power = (v: unknown) => {
  const n = num(v);
  return n == null ? "–" : n === 0 ? "Plano" : formatPower(n);
};
const nonEmpty = (rows: Row[]) => rows.filter(([, v]) => v !== "");

function prismFor(prisms: Obj | null, eye: "right" | "left"): string {
  if (!prisms) return "";
  const parts: string[] = [];
  for (const at of ["dist", "near"] as const) {
    const h = num(prisms[`${eye}_horiz_${at}` as PrismKey]);
    const v = num(prisms[`${eye}_vert_${at}` as PrismKey]);
    const bits: string[] = [];
    if (h) bits.push(`${Math.abs(h).toFixed(2)} ${h > 0 ? "BO" : "BI"}`);
    if (v) bits.push(`${Math.abs(v).toFixed(2)} ${v > 0 ? "BU" : "BD"}`);
    if (bits.length) parts.push(`${bits.join(" ")}${at === "near" ? " near" : ""}`);
  }
  return parts.join(", ");
}

function docketRx(rx: Obj | null, lensesType: string | null): DocketRx | null {
  if (!rx) return null;
  const specs = obj(rx.spectacles);
  const cl = obj(rx.contact_lens);
  const prisms = obj(specs?.prisms);
  const nearAdd = (eye: "right" | "left") => specs?.[`${eye}_near_add`] ?? cl?.[`${eye}_near_add`];
  const intAdd = (eye: "right" | "left") => specs?.[`${eye}_int_add`] ?? rx.add_int;
  const hasInt = num(intAdd("right")) != null || num(intAdd("left")) != null;
  const hasPrism = Boolean(prismFor(prisms, "right") || prismFor(prisms, "left"));
  const head = ["Sph", "Cyl", "Axis", "Add", ...(hasInt ? ["Int add"] : []), "Prism"];
  const row = (eye: "right" | "left") => {
    const cyl = num(rx[`${eye}_cyl`]);
    return [
      eye === "right" ? "R" : "L",
      power(rx[`${eye}_sph`]),
      cyl ? formatPower(cyl) : "–",
      cyl ? str(rx[`${eye}_axis`]) || "–" : "–",
      num(nearAdd(eye)) != null ? formatPower(num(nearAdd(eye))) : "–",
      ...(hasInt ? [num(intAdd(eye)) != null ? formatPower(num(intAdd(eye))) : "–"] : []),
      hasPrism ? prismFor(prisms, eye) || "–" : "–",
    ];
  };
  const type = str(rx.type);
  const notes = [
    type ? `Type: ${type}` : "",
    lensesType ? `Lens type: ${lensesType}` : "",
    str(rx.category_display) ? `Category: ${str(rx.category_display)}` : "",
    num(rx.id) != null ? `Prescription #${num(rx.id)}` : "",
    /^\d{4}-/.test(str(rx.expiry_date_stamp))
      ? `Expires ${formatCalendarDay(str(rx.expiry_date_stamp))}`
      : "",
    str(rx.printed_note) ? `Note: ${str(rx.printed_note)}` : "",
  ].filter(Boolean);
  return { head, rows: [row("right"), row("left")], notes };
}

function docketFrame(customize: Obj | null, brand: string): Row[] {
  if (!customize) return [];
  const front = obj(customize.Frame);
  const left = obj(customize["Temple Left"]);
  const right = obj(customize["Temple Right"]);
  const colour = (part: Obj | null) => str(obj(part?.colour)?.name);
  const shape = str(front?.shape);
  const armColours = [colour(left), colour(right)];
  return nonEmpty([
    ["Shape", shape ? SHAPE_LABEL(shape as GlassShape, brand) : ""],
    ["Frame size", str(front?.size)],
    ["Arms", left || right ? `L ${str(left?.size) || "–"} · R ${str(right?.size) || "–"}` : ""],
    ["Frame colour", colour(front)],
    [
      "Arm colour",
      armColours[0] === armColours[1]
        ? armColours[0]
        : `L ${armColours[0] || "–"} · R ${armColours[1] || "–"}`,
    ],
    ["Existing frame", customize.isExistingFrame ? "Yes: customer's own frame" : ""],
  ]);
}

/** "1.60 · Thin"; a thickness that already names its index ("1.60 Thin") is printed as it is. */
const indexText = (index: number | null, thickness: string) => {
  const i = index != null ? index.toFixed(2) : "";
  return thickness.startsWith(i) ? thickness : [i, thickness].filter(Boolean).join(" · ");
};

function docketLens(option: Obj | null, lensColour: unknown): Row[] {
  if (!option) return [];
  const lens = obj(option.lenses);
  const index = num(lens?.index);
  return nonEmpty([
    ["Supplier", str(obj(lens?.supplier)?.name)],
    ["Lens", str(lens?.name)],
    ["Index", indexText(index, str(lens?.display_thickness))],
    ["Coating", str(obj(option.coating)?.display_name) || str(lens?.coating)],
    ["Tint", str(obj(option.tint)?.display_name) || "None"],
    ["Lens colour", str(lensColour) || str(obj(lens?.lens_color)?.name)],
  ]);
}

function docketPd(presenter: Obj | null, pd: Obj | null): Row[] {
  const data = obj(obj(presenter)?.data);
  if (!data && !pd) return [];
  const width = obj(data?.width);
  const height = obj(data?.height);
  const rows: Row[] = [];
  if (width)
    rows.push([
      `PD${str(width.pdZone) ? ` (${str(width.pdZone)})` : ""}`,
      `R ${mm(width.right)} · L ${mm(width.left)} · Bin ${mm(width.binocular)}`,
    ]);
  if (height && (num(height.right) != null || num(height.left) != null))
    rows.push([
      `Heights${str(height.pdZone) ? ` (${str(height.pdZone)})` : ""}`,
      `R ${mm(height.right)} · L ${mm(height.left)}`,
    ]);
  if (pd) {
    const measured = [str(pd.frame_size) && `frame ${str(pd.frame_size)}`, str(pd.glass_shape_type)]
      .filter(Boolean)
      .join(", ");
    if (measured) rows.push(["Measured on", measured]);
  }
  return rows;
}

function docketContactLens(cl: Obj | null): Row[] {
  if (!cl) return [];
  const eye = (side: "right" | "left") => {
    const e = obj(cl[side]);
    return `BC ${mm(e?.base_curve)} · Dia ${mm(e?.diameter)} · ${power(e?.power)}`;
  };
  return nonEmpty([
    ["Brand", str(cl.brand)],
    ["Right", eye("right")],
    ["Left", eye("left")],
  ]);
}

function docketItem(item: PrintItemFacts, n: number, of: number, job: PrintJobFacts): DocketItem {
  const info = item.additionalInfo;
  const data = obj(info?.data);
  const savedBy = str(obj(info?.saved_by)?.full_name);
  const savedAt = str(info?.saved_at);
  const confirmed =
    !item.prescriptionNotCustomers &&
    isItemConfirmed({
      quantity: item.quantity,
      additional_info: info,
      region_product: {
        requires_prescription: item.requiresPrescription,
        parent_type: { key: item.parentTypeKey },
      },
    });
  const warning = str(info?.lens_warning_message);
  // Add-ons and accessories have nothing to choose: no selection line, nothing to confirm.
  const selectable = hasJobSelection(item.parentTypeKey);
  // The customer changed (the marker) or the prescription/PD is someone else's (the print
  // query's own check): print neither, nor the lens chosen for them.
  const withheld = needsPrescriptionReentry(info) || Boolean(item.prescriptionNotCustomers);
  return {
    heading: `Item ${n} of ${of} · ${item.productName}`,
    status: `${item.status} · ${item.outlet}`,
    confirmed,
    frame: docketFrame(obj(data?.customize), job.brand),
    lens: withheld ? [] : docketLens(obj(data?.lens_addon_combination), info?.lens_colour),
    rx: withheld || obj(data?.contact_lens) ? null : docketRx(obj(data?.prescription), item.lensesType),
    pd: withheld ? [] : docketPd(obj(info?.pdPresenter), obj(data?.pd)),
    contactLens: withheld ? [] : docketContactLens(obj(data?.contact_lens)),
    reentry: withheld ? PRESCRIPTION_REENTRY_MESSAGES.docket : null,
    warnings: [
      ...(warning && !withheld ? [warning] : []),
      ...(selectable && !confirmed
        ? ["Selection not confirmed: finish the job edit before making this item."]
        : []),
    ],
    selection: !selectable
      ? ""
      : info
        ? `Selection revision ${str(info.revision) || str(info.id) || "?"}${savedBy ? `, saved by ${savedBy}` : ""}${
            savedAt ? ` on ${formatWhen(savedAt, job.timeZone, "exact")}` : ""
          }`
        : "No selection saved yet.",
  };
}

/** The job docket's content: header facts, each live item's frame, lens, prescription, PD and heights, lens orders, notes. */
export function docketContent(job: PrintJobFacts, printedAt: Date | string): Docket {
  const items = liveItems(job.items);
  const customer = `${job.customer.firstName} ${job.customer.lastName}`.trim() || "Guest";
  return {
    barcode: job.invoice,
    invoice: job.invoice,
    jobNumber: job.uid,
    urgent: isUrgentJob(job.priority),
    header: nonEmpty([
      ["Customer", job.customer.guest ? `${customer} (Guest)` : customer],
      ["Outlet", `${job.outlet.name} (${job.outlet.abbreviation})`],
      // Times on the job's outlet's clock, named, as the receipt writes them (ADR 0035).
      ["Created", formatWhen(job.createdAt, job.timeZone, "exact", { zone: true })],
      // A calendar date: no zone moves it.
      // The day promised to the customer (issue 27), the same word as the jobs list.
      ["Promised", formatCalendarDay(job.dueDate)],
      ["Status", job.status],
      // Issue 44: the counter sees at collection what is still to take.
      [
        "Balance due",
        job.balanceDueMinor === undefined
          ? ""
          : job.balanceDueMinor > 0
            ? formatMoney(job.balanceDueMinor / 100, job.currency ?? "AUD")
            : "Nothing owing",
      ],
      ["Printed", formatWhen(printedAt, job.timeZone, "exact", { zone: true })],
    ]),
    items: items.map((item, i) => docketItem(item, i + 1, items.length, job)),
    lensOrders: job.lensOrders.map((o) => [
      o.supplier,
      o.state_label,
      formatWhen(o.ordered_at, job.timeZone, "exact"),
      o.reference ?? "",
    ]),
    notes: job.notes.map(
      (n) => `${formatWhen(n.createdAt, job.timeZone, "exact")}${n.by ? ` · ${n.by}` : ""}: ${n.content}`,
    ),
  };
}
