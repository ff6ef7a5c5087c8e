import { ruleItemFromWire, ruleJobFromWire } from "@loupe/contract";
import {
  CHANGE_CUSTOMER_CHANNEL,
  currencyForCountry,
  DEFAULT_ROLE_SETTINGS,
  decideJobAction,
  formatMoney,
  JOB_ACTIONS,
  JOB_MONEY_MESSAGES,
  type JobAction,
  LENS_ORDER_MESSAGES,
  RULEBOOK_MESSAGES as M,
  NOT_REFUNDABLE,
  READY_MESSAGE_TEXT,
  REFUNDED_ITEM_LOCKED,
  REFUNDED_JOB_LOCKED,
  shippingMessages,
  type Verdict,
} from "@loupe/domain";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SENDLE_CREDENTIALS, type StandIn, startSendleStandIn } from "../../integrations/couriers/stand-ins";
import { seedLensCatalogue } from "../../seed/demo-lens-catalogue";
import { seedDemoSupplierContacts } from "../../seed/demo-suppliers";
import { createTestApp, type TestApp } from "../../test/test-app";

/**
 * The rulebook (ADR 0025) through the real endpoints: every action, in every job state that matters,
 * by each kind of actor. The table below is written out by hand from reading the rulebook, never
 * computed by asking it, so a change of the rulebook fails here until the table is changed too.
 *
 * A refused cell answers the rulebook's status and sentence and changes no row of the job; an
 * allowed cell gets a fresh job in its state and must not be answered by the rulebook.
 */

/**
 * The job is at Newtown (AU). admin: the demo administrator, at Newtown. auStaff (role 2) and
 * auManager (role 3): of the job's region, at AU outlets. nzStaff (role 2): of NZ, at an NZ outlet.
 * caAdmin: an administrator at a Canadian outlet, for the shipping rows (tracking by hand is Canada's).
 */
type Actor = "admin" | "auStaff" | "auManager" | "nzStaff" | "caAdmin";
type JobState =
  /** Paid at the till three days ago ($395), nothing shipped, no lens order. */
  | "open"
  /** As open, but $600: above the default approval limit of $500. */
  | "overLimit"
  /** As open, paid at the till today: a void, not a refund. */
  | "paidToday"
  /** As open, with $100 of its $395 paid: $295 still owing (issue 44). */
  | "owing"
  /** A completed full refund (through the refund call: items at quantity −1, status refunded). */
  | "refunded"
  /** A completed void (items at quantity −1, status voided). */
  | "voided"
  /** Status cancelled. */
  | "cancelled"
  /** A live (created) shipment booked through Australia Post's endpoint. */
  | "shipped"
  /** The item has an open lens order (Hoya, just placed). */
  | "lensOrdered"
  /** The item is refunded (quantity −1); the job otherwise open. */
  | "refundedItem"
  /** The item has an open lens order and the job was then refunded. */
  | "refundedLensOrdered"
  /** As open, but a Canadian job (QWT, region 5): tracking is entered by hand for these. */
  | "caOpen"
  /** `manifest` is about an outlet: one of the job's region (AU)… */
  | "auOutlet"
  /** …or one of another region (NZ). */
  | "nzOutlet";
type Expected = "allowed" | 403 | 409 | 404 | "approval";

interface Job {
  orderId: number;
  itemId: number;
  otherItemId: number;
  lensOrderId?: number;
  lensStatusLabel?: string;
}
type Message = string | ((job: Job) => string);
interface Row {
  action: JobAction;
  /** Another endpoint declaring the same action, when the row is about that one. */
  via?: Via;
  jobState: JobState;
  actor: Actor;
  expected: Expected;
  message?: Message;
  /** An allowed cell the service itself answers with something other than success: status and sentence. */
  answers?: [number, string];
}
type Via = "batch" | "lensOrderId";
type Cell = { expected: Expected; message?: Message; answers?: [number, string] };

const ok: Cell = { expected: "allowed" };
const who = (message: string): Cell => ({ expected: 403, message });
const state = (message: Message): Cell => ({ expected: 409, message });
const missing = (message: string): Cell => ({ expected: 404, message });
const approval = (message: string): Cell => ({ expected: "approval", message });

const table: Row[] = [];
function cells(
  action: JobAction,
  jobState: JobState,
  byActor: Partial<Record<Actor, Cell>>,
  via?: Via,
): void {
  for (const [actor, cell] of Object.entries(byActor) as [Actor, Cell][])
    table.push({ action, via, jobState, actor, ...cell });
}

const otherRegion = who(M.otherRegion);
/** The message the cell cancels was sent already: the rulebook lets the call through, the service answers. */
const sentAlready: Cell = { expected: "allowed", answers: [409, READY_MESSAGE_TEXT.notQueued] };
const notAustralian = who(M.notAustralian);
const notCanadian = who(M.notCanadian);

// ── The table ─────────────────────────────────────────────────────────────────────────────────────

cells("job_status", "open", { admin: ok, auStaff: ok, auManager: ok, nzStaff: otherRegion });
cells("job_status", "refunded", {
  admin: state(REFUNDED_JOB_LOCKED),
  auStaff: state(REFUNDED_JOB_LOCKED),
  auManager: state(REFUNDED_JOB_LOCKED),
  nzStaff: otherRegion,
});
cells("job_status", "voided", {
  admin: state(REFUNDED_JOB_LOCKED),
  auStaff: state(REFUNDED_JOB_LOCKED),
  auManager: state(REFUNDED_JOB_LOCKED),
  nzStaff: otherRegion,
});
cells("job_status", "cancelled", {
  admin: state(M.cancelledJob),
  auStaff: state(M.cancelledJob),
  auManager: state(M.cancelledJob),
  nzStaff: otherRegion,
});
cells("job_status", "shipped", { admin: ok, auStaff: ok, auManager: ok, nzStaff: otherRegion });

cells("item_status", "open", { admin: ok, auStaff: ok, auManager: ok, nzStaff: otherRegion });
cells("item_status", "refunded", {
  admin: state(REFUNDED_ITEM_LOCKED),
  auStaff: state(REFUNDED_ITEM_LOCKED),
  auManager: state(REFUNDED_ITEM_LOCKED),
  nzStaff: otherRegion,
});
cells("item_status", "voided", {
  admin: state(REFUNDED_ITEM_LOCKED),
  auStaff: state(REFUNDED_ITEM_LOCKED),
  auManager: state(REFUNDED_ITEM_LOCKED),
  nzStaff: otherRegion,
});
cells("item_status", "cancelled", {
  admin: state(M.cancelledJobItems),
  auStaff: state(M.cancelledJobItems),
  auManager: state(M.cancelledJobItems),
  nzStaff: otherRegion,
});
cells("item_status", "shipped", { admin: ok, auStaff: ok, auManager: ok, nzStaff: otherRegion });
cells("item_status", "lensOrdered", { admin: ok, auStaff: ok, auManager: ok, nzStaff: otherRegion });
cells("item_status", "refundedItem", {
  admin: state(REFUNDED_ITEM_LOCKED),
  auStaff: state(REFUNDED_ITEM_LOCKED),
  auManager: state(REFUNDED_ITEM_LOCKED),
  nzStaff: otherRegion,
});
// The batch call decides every item it names: a refunded one refuses the whole batch.
cells(
  "item_status",
  "refundedItem",
  {
    admin: state(REFUNDED_ITEM_LOCKED),
    auStaff: state(REFUNDED_ITEM_LOCKED),
    auManager: state(REFUNDED_ITEM_LOCKED),
    nzStaff: otherRegion,
  },
  "batch",
);
cells(
  "item_status",
  "cancelled",
  {
    admin: state(M.cancelledJobItems),
    auStaff: state(M.cancelledJobItems),
    auManager: state(M.cancelledJobItems),
    nzStaff: otherRegion,
  },
  "batch",
);

cells("item_outlet", "open", { admin: ok, auStaff: ok, auManager: ok, nzStaff: otherRegion });
// A refunded or voided job's items stay where they are.
for (const s of ["refunded", "voided"] as const)
  cells("item_outlet", s, {
    admin: state(M.closedItems),
    auStaff: state(M.closedItems),
    auManager: state(M.closedItems),
    nzStaff: otherRegion,
  });
cells("item_outlet", "cancelled", {
  admin: state(M.cancelledJobItems),
  auStaff: state(M.cancelledJobItems),
  auManager: state(M.cancelledJobItems),
  nzStaff: otherRegion,
});
cells("item_outlet", "shipped", { admin: ok, auStaff: ok, auManager: ok, nzStaff: otherRegion });
cells("item_outlet", "lensOrdered", { admin: ok, auStaff: ok, auManager: ok, nzStaff: otherRegion });
cells("item_outlet", "refundedItem", { admin: ok, auStaff: ok, auManager: ok, nzStaff: otherRegion });

for (const s of ["open", "refunded", "voided", "cancelled", "shipped"] as const)
  cells("priority", s, { admin: ok, auStaff: ok, auManager: ok, nzStaff: otherRegion });

cells("refund", "open", { admin: ok, auStaff: ok, auManager: ok, nzStaff: otherRegion });
cells("refund", "overLimit", {
  admin: ok,
  auStaff: approval("A manager must approve a refund above $500.00."),
  auManager: ok,
  nzStaff: otherRegion,
});
cells("refund", "paidToday", { admin: ok, auStaff: ok, auManager: ok, nzStaff: otherRegion });
// Another region's staff hear only that the job is not theirs (403), never its state.
for (const s of ["refunded", "voided", "cancelled"] as const)
  cells("refund", s, {
    admin: state(NOT_REFUNDABLE),
    auStaff: state(NOT_REFUNDABLE),
    auManager: state(NOT_REFUNDABLE),
    nzStaff: otherRegion,
  });
cells("refund", "shipped", { admin: ok, auStaff: ok, auManager: ok, nzStaff: otherRegion });

for (const s of ["open", "refunded", "voided", "cancelled", "shipped"] as const)
  cells("receipt_email", s, { admin: ok, auStaff: ok, auManager: ok, nzStaff: otherRegion });

cells("change_customer", "open", { admin: ok, auStaff: ok, auManager: ok, nzStaff: otherRegion });
for (const s of ["refunded", "voided", "cancelled"] as const)
  cells("change_customer", s, {
    admin: state(M.closedCustomer),
    auStaff: state(M.closedCustomer),
    auManager: state(M.closedCustomer),
    nzStaff: otherRegion,
  });
cells("change_customer", "shipped", { admin: ok, auStaff: ok, auManager: ok, nzStaff: otherRegion });

for (const action of ["link", "receipt_note", "print_tray_label", "print_docket"] as const)
  for (const s of ["open", "refunded", "voided", "cancelled", "shipped"] as const)
    cells(action, s, { admin: ok, auStaff: ok, auManager: ok, nzStaff: otherRegion });

cells("job_edit", "open", { admin: ok, auStaff: ok, auManager: ok, nzStaff: otherRegion });
for (const s of ["refunded", "voided", "cancelled"] as const)
  cells("job_edit", s, {
    admin: state(M.closedEdit),
    auStaff: state(M.closedEdit),
    auManager: state(M.closedEdit),
    nzStaff: otherRegion,
  });
cells("job_edit", "shipped", { admin: ok, auStaff: ok, auManager: ok, nzStaff: otherRegion });
cells("job_edit", "lensOrdered", { admin: ok, auStaff: ok, auManager: ok, nzStaff: otherRegion });
cells("job_edit", "refundedItem", {
  admin: state(M.refundedItemEdit),
  auStaff: state(M.refundedItemEdit),
  auManager: state(M.refundedItemEdit),
  nzStaff: otherRegion,
});

const onOrder = state((j) => M.lensesOnOrder(j.lensStatusLabel!));
cells("order_lenses", "open", { admin: ok, auStaff: ok, auManager: ok, nzStaff: otherRegion });
for (const s of ["refunded", "voided", "cancelled", "refundedLensOrdered"] as const)
  cells("order_lenses", s, {
    admin: state(M.closedLensOrder),
    auStaff: state(M.closedLensOrder),
    auManager: state(M.closedLensOrder),
    nzStaff: otherRegion,
  });
cells("order_lenses", "shipped", { admin: ok, auStaff: ok, auManager: ok, nzStaff: otherRegion });
cells("order_lenses", "lensOrdered", {
  admin: onOrder,
  auStaff: onOrder,
  auManager: onOrder,
  nzStaff: otherRegion,
});
cells("order_lenses", "refundedItem", {
  admin: state(M.refundedItemLenses),
  auStaff: state(M.refundedItemLenses),
  auManager: state(M.refundedItemLenses),
  nzStaff: otherRegion,
});

// The Hoya call names the item: without a lens order there is nothing to cancel.
for (const s of ["open", "refunded", "voided", "cancelled", "shipped", "refundedItem"] as const)
  cells("cancel_lens_order", s, {
    admin: missing(M.noLensOrderToCancel),
    auStaff: missing(M.noLensOrderToCancel),
    auManager: missing(M.noLensOrderToCancel),
    nzStaff: otherRegion,
  });
cells("cancel_lens_order", "lensOrdered", { admin: ok, auStaff: ok, auManager: ok, nzStaff: otherRegion });
// A lab's report or a correction is recorded whatever became of the job; region still applies.
for (const s of ["lensOrdered", "refundedLensOrdered"] as const)
  cells("update_lens_order", s, { admin: ok, auStaff: ok, auManager: ok, nzStaff: otherRegion });
// Lenses of a refunded job can still be cancelled (the point of cancelling them).
cells("cancel_lens_order", "refundedLensOrdered", {
  admin: ok,
  auStaff: ok,
  auManager: ok,
  nzStaff: otherRegion,
});
cells(
  "cancel_lens_order",
  "lensOrdered",
  { admin: ok, auStaff: ok, auManager: ok, nzStaff: otherRegion },
  "lensOrderId",
);

for (const action of ["ship_aupost", "ship_sendle"] as const) {
  cells(action, "open", {
    admin: ok,
    auStaff: ok,
    auManager: ok,
    nzStaff: notAustralian,
    caAdmin: notAustralian,
  });
  for (const s of ["refunded", "voided", "cancelled"] as const)
    cells(action, s, {
      admin: state(M.closedShip),
      auStaff: state(M.closedShip),
      auManager: state(M.closedShip),
      nzStaff: notAustralian,
      caAdmin: notAustralian,
    });
  cells(action, "shipped", {
    admin: state(M.alreadyShipped),
    auStaff: state(M.alreadyShipped),
    auManager: state(M.alreadyShipped),
    nzStaff: notAustralian,
    caAdmin: notAustralian,
  });
}

// Tracking by hand: staff at a Canadian outlet only, whatever their role, and for Canadian jobs.
cells("ship_manual", "caOpen", {
  admin: notCanadian,
  auStaff: notCanadian,
  auManager: notCanadian,
  nzStaff: notCanadian,
  caAdmin: ok,
});
for (const s of ["open", "refunded", "voided", "cancelled", "shipped"] as const)
  cells("ship_manual", s, {
    admin: notCanadian,
    auStaff: notCanadian,
    auManager: notCanadian,
    nzStaff: notCanadian,
    caAdmin: state(M.notCanadianJob),
  });

// Who before state (issue 52): staff, whose role may not cancel shipments, hear that first.
for (const s of ["open", "refunded", "voided", "cancelled"] as const)
  cells("cancel_shipment", s, {
    admin: missing(M.noShipment),
    auStaff: who(M.role("cancel shipments")),
    auManager: missing(M.noShipment),
    nzStaff: otherRegion,
  });
cells("cancel_shipment", "shipped", {
  admin: ok,
  auStaff: who(M.role("cancel shipments")),
  auManager: ok,
  nzStaff: otherRegion,
});

// Issue 52: a job's messages, links, promise, notes and call-list entries are its region's, in any state.
for (const action of [
  "cancel_message",
  "revoke_status_link",
  "revoke_receipt_link",
  "promised_date",
  "send_message",
  "job_note",
  "call_list_done",
  "request_approval",
] as const)
  for (const s of ["open", "refunded", "cancelled"] as const)
    cells(action, s, {
      admin: action === "cancel_message" ? sentAlready : ok,
      auStaff: action === "cancel_message" ? sentAlready : ok,
      auManager: action === "cancel_message" ? sentAlready : ok,
      nzStaff: otherRegion,
    });

// Issue 44: money toward a job that still owes and is still open. The other jobs here are paid in
// full, so an open one owes nothing.
cells("take_payment", "owing", { admin: ok, auStaff: ok, auManager: ok, nzStaff: otherRegion });
cells("take_payment", "open", {
  admin: state(JOB_MONEY_MESSAGES.nothingOwed),
  auStaff: state(JOB_MONEY_MESSAGES.nothingOwed),
  auManager: state(JOB_MONEY_MESSAGES.nothingOwed),
  nzStaff: otherRegion,
});
for (const s of ["refunded", "cancelled"] as const)
  cells("take_payment", s, {
    admin: state(JOB_MONEY_MESSAGES.closed),
    auStaff: state(JOB_MONEY_MESSAGES.closed),
    auManager: state(JOB_MONEY_MESSAGES.closed),
    nzStaff: otherRegion,
  });

cells("manifest", "auOutlet", {
  admin: ok,
  auStaff: ok,
  auManager: ok,
  nzStaff: notAustralian,
  caAdmin: notAustralian,
});
// Nothing can be booked from an NZ outlet, so there is nothing to manifest there.
cells("manifest", "nzOutlet", {
  admin: { ...ok, answers: [409, shippingMessages.nothingToManifest] },
  auStaff: who(M.otherRegionOutlet),
  auManager: who(M.otherRegionOutlet),
  nzStaff: notAustralian,
  caAdmin: notAustralian,
});

// ── The world the table runs in ───────────────────────────────────────────────────────────────────

let t: TestApp;
let sendle: StandIn;
const token = {} as Record<Actor, string>;
const clock = Date.now();
const q = <T = Record<string, unknown>>(sql: string, params: unknown[] = []) =>
  t.database.query<T>(sql, params) as Promise<T[]>;

/** The fixtures every job shares: one customer with a prescription, a PD and a Hoya lens for them. */
interface World {
  outlet: Record<string, number>;
  status: Record<string, number>;
  productId: number;
  customerId: number;
  otherCustomerId: number;
  selection: Record<string, unknown>;
  hoya: { supplierId: number; contactId: number };
  /** A job every `link` row links to. */
  linkTarget: number;
}
let w: World;

const MULTIFOCAL = "Milo frame + multifocal lenses";

async function must(token: string, opts: InjectOptions) {
  const res = await t.call(token, opts);
  if (res.statusCode >= 300) throw new Error(`${opts.method} ${opts.url}: ${res.statusCode} ${res.body}`);
  return res.json();
}

/**
 * Where a staff member belongs: region_id today, and home_region_id too once that column exists
 * (the rulebook reads the home region first); the outlet is where they work now.
 */
async function setStaffRegion(staffId: number, regionId: number, outletId: number) {
  await q("update staff_users set region_id = $2, outlet_id = $3 where id = $1", [
    staffId,
    regionId,
    outletId,
  ]);
  const [{ has }] = await q<{ has: boolean }>(
    `select exists (select 1 from information_schema.columns
      where table_name = 'staff_users' and column_name = 'home_region_id') as has`,
  );
  if (has) await q("update staff_users set home_region_id = $2 where id = $1", [staffId, regionId]);
}

/** A staff user with the demo password, of a role, belonging to a region and working at an outlet. */
async function staffMember(email: string, roleId: number, regionId: number, outletId: number) {
  const [{ id }] = await q<{ id: number }>(
    `insert into staff_users (email, username, first_name, last_name, password_hash, role_id)
     select $1, $1, 'Rule', 'Tester', password_hash, $2 from staff_users where email = 'admin@loupe.test'
     returning id`,
    [email, roleId],
  );
  await setStaffRegion(id, regionId, outletId);
  return t.login(email);
}

let seq = 0;
/** A paid point-of-sale job at Newtown (AU) with two items; the first carries a confirmed selection when asked. */
async function insertJob(s: JobState, confirmed: boolean): Promise<Job> {
  seq++;
  const total = s === "overLimit" ? 60_000 : 39_500;
  const paid = s === "owing" ? 10_000 : total;
  const paidToday = s === "paidToday" || s === "voided";
  const paidAt = new Date(paidToday ? Date.now() : Date.now() - 3 * 86_400_000);
  const uid = `RULE${seq}${Math.random().toString(36).slice(2, 7)}`;
  const [{ id: orderId }] = await q<{ id: number }>(
    `insert into orders (uid, name, vend_invoice_number, customer_id, billing_first_name, billing_last_name,
       billing_email, total_amount_minor, total_payment_minor, dispense_status_id, payment_status_id,
       channel_id, channel, is_octopos_order, origin_outlet_id, region_id, created_at)
     values ($1, $1, $1, $2, 'Ada', 'Lovelace', 'ada@example.com', $3, $9, $4, $5, 1, 'pos', true, $6, $8, $7)
     returning id`,
    [
      uid,
      w.customerId,
      total,
      w.status["dispense:in-progress"],
      w.status[s === "owing" ? "payment:partially-paid" : "payment:paid"],
      s === "caOpen" ? w.outlet.QWT : w.outlet.NTN,
      paidAt,
      s === "caOpen" ? 5 : 1,
      paid,
    ],
  );
  const items: number[] = [];
  for (const amount of [total - 9_500, 9_500]) {
    const [{ id }] = await q<{ id: number }>(
      `insert into order_items (order_id, region_product_id, dispense_status_id, outlet_id, unit_price_minor, total_amount_minor)
       values ($1, $2, $3, $4, $5, $5) returning id`,
      [orderId, w.productId, w.status["item:pending"], w.outlet.NTN, amount],
    );
    items.push(id);
  }
  await q(
    `insert into order_payments (order_id, amount_minor, payment_type_name, state, created_at)
     values ($1, $2, 'Cash', 'captured', $3)`,
    [orderId, paid, paidAt],
  );
  const job: Job = { orderId, itemId: items[0], otherItemId: items[1] };
  if (confirmed)
    await must(token.admin, {
      method: "PUT",
      url: `/api/staff/order-items/${job.itemId}/info`,
      payload: w.selection,
    });
  return job;
}

const refundJob = (job: Job) =>
  must(token.admin, {
    method: "POST",
    url: `/api/orders/${job.orderId}/refund`,
    payload: { reason: "product-faulty" },
  });

async function orderLenses(job: Job) {
  const placed = (await must(token.admin, lensOrderRequest(job))).data;
  job.lensOrderId = placed.id;
  job.lensStatusLabel = placed.status_label;
}

/** A job in the state, built as staff would bring it there (the refund, shipping and lens calls). */
async function makeJob(s: JobState, confirmed: boolean): Promise<Job> {
  const job = await insertJob(s, confirmed || s === "lensOrdered" || s === "refundedLensOrdered");
  switch (s) {
    case "refunded":
    case "voided":
      expect((await refundJob(job)).data).toMatchObject({
        refunded: s === "refunded",
        voided: s === "voided",
      });
      break;
    case "cancelled":
      await q("update orders set dispense_status_id = $2 where id = $1", [
        job.orderId,
        w.status["dispense:cancelled"],
      ]);
      break;
    case "shipped":
      await must(token.admin, shipRequest("ship_aupost", job));
      break;
    case "lensOrdered":
      await orderLenses(job);
      break;
    case "refundedLensOrdered":
      await orderLenses(job);
      await refundJob(job);
      break;
    case "refundedItem":
      await q("update order_items set quantity = -1, dispense_status_id = $2 where id = $1", [
        job.itemId,
        w.status["item:refunded"],
      ]);
      break;
    default:
      break;
  }
  return job;
}

// ── One real call per action ──────────────────────────────────────────────────────────────────────

const parcel = {
  weight: 0.3,
  width: 15,
  height: 6,
  length: 24,
  quantity: 1,
  receiver: {
    name: "Ada Lovelace",
    lines: ["80 Wentworth Park Rd"],
    suburb: "Glebe",
    state: "NSW",
    country: "AU",
    postcode: "2037",
    phone: "0412 345 678",
    email: "ada@example.com",
  },
  delivery_instruction: "authority_to_leave",
  value: 120,
};
const key = () => `rule-${Date.now()}-${seq++}-${Math.random().toString(36).slice(2, 8)}`;

function shipRequest(action: "ship_aupost" | "ship_sendle" | "ship_manual", job: Job): InjectOptions {
  if (action === "ship_manual")
    return {
      method: "POST",
      url: "/api/staff/shipments/manuel-entry",
      payload: {
        tracking_id: "https://www.canadapost-postescanada.ca/track-reperage/en/details/7023210039414604",
        sender_outlet_id: w.outlet.QWT,
        cargo_company: "Canada Post",
        order_id: job.orderId,
      },
    };
  const body = {
    order_id: job.orderId,
    sender_outlet_id: w.outlet.NTN,
    ...parcel,
    idempotency_key: key(),
  };
  return action === "ship_aupost"
    ? {
        method: "POST",
        url: "/api/staff/au-post-orders",
        payload: { ...body, selected_outlet_id: w.outlet.NTN, product_id: "LOCAL-PP" },
      }
    : {
        method: "POST",
        url: "/api/staff/sendle-orders",
        payload: { ...body, product_id: "STANDARD-PICKUP", pickup_date: "2026-11-24" },
      };
}

function lensOrderRequest(job: Job): InjectOptions {
  return {
    method: "POST",
    url: "/api/order_lens",
    payload: {
      type: "new",
      order_id: job.orderId,
      item: job.itemId,
      from: w.hoya.supplierId,
      supplier_contact_id: w.hoya.contactId,
      to: w.outlet.PAR,
      lenses: "both",
      need_to_edge: "UnCut",
      frame_size: "M",
    },
  };
}

let messageCycle = 0;
/** A ready message of the job, as the ready flow leaves it (sent, or failed: on the call list). */
async function jobMessage(job: Job, status: "sent" | "failed"): Promise<number> {
  const [m] = await q<{ id: number }>(
    `insert into job_messages (order_id, outlet_id, kind, cycle, channel, status, send_at, failure)
     select id, origin_outlet_id, 'ready', $2, 'sms', $3, now(), $4 from orders where id = $1 returning id`,
    [job.orderId, ++messageCycle, status, status === "failed" ? "The provider refused the number." : null],
  );
  return m.id;
}

/** Outlets the allowed manifest cells run on, one each (a manifest is once per outlet and day). */
const manifestOutlets = { auOutlet: ["CHA", "PAR", "FIT"], nzOutlet: ["NMK", "TAK", "SYL"] };
let manifestTurn = 0;

async function request(row: Row, job: Job, allowed: boolean): Promise<InjectOptions> {
  switch (row.action) {
    case "job_status":
      return {
        method: "PUT",
        url: `/api/staff/orders/${job.orderId}/dispense-status`,
        payload: { dispense_status_id: w.status["dispense:ready-to-go"] },
      };
    case "item_status":
      return row.via === "batch"
        ? {
            method: "PUT",
            url: "/api/staff/order-items/dispense-status-id",
            payload: { item_ids: [job.itemId], status_id: w.status["item:wait-on-info"] },
          }
        : {
            method: "PUT",
            url: `/api/staff/order-items/${job.itemId}/dispense-status-id`,
            payload: { id: w.status["item:wait-on-info"] },
          };
    case "item_outlet":
      return {
        method: "PUT",
        url: "/api/staff/order-items/dispense-outlet-id",
        payload: { item_ids: [job.itemId], outlet_id: w.outlet.BON },
      };
    case "priority":
      return { method: "PUT", url: `/api/staff/orders/${job.orderId}/priority`, payload: { priority: 2 } };
    case "refund":
      return {
        method: "POST",
        url: `/api/orders/${job.orderId}/refund`,
        payload: { reason: "product-faulty" },
        headers: { "idempotency-key": key() },
      };
    case "receipt_email": {
      const detail = (await must(token.admin, { method: "GET", url: `/api/staff/orders/${job.orderId}` }))
        .data;
      return {
        method: "POST",
        url: `/shop-api/receipt/email/${job.orderId}/${detail.receipt_token}`,
        payload: { email: "ada@example.com" },
      };
    }
    case "change_customer":
      return {
        method: "PUT",
        url: "/api/staff/orders/customer",
        payload: { order_id: job.orderId, customer_id: w.otherCustomerId },
      };
    case "link":
      return {
        method: "POST",
        url: `/legacy-api/orders/${job.orderId}/relate_order`,
        payload: { related_order_id: w.linkTarget },
      };
    case "receipt_note":
      return {
        method: "POST",
        url: `/api/staff/orders/${job.orderId}/notes`,
        payload: { content: "Receipt Note: Gift, no prices" },
      };
    case "print_tray_label":
      return { method: "GET", url: `/api/staff/job-tray-signed-url/${job.orderId}` };
    case "print_docket":
      return { method: "GET", url: `/api/staff/job-tray-signed-url/${job.orderId}?document=docket&paper=A5` };
    case "job_edit":
      return { method: "PUT", url: `/api/staff/order-items/${job.itemId}/info`, payload: w.selection };
    case "order_lenses":
      return lensOrderRequest(job);
    case "cancel_lens_order":
      return row.via === "lensOrderId"
        ? { method: "POST", url: `/api/staff/lens-orders/${job.lensOrderId}/cancel` }
        : { method: "GET", url: `/api/order_lens/cancel/hoya?order_item_id=${job.itemId}` };
    case "update_lens_order":
      return {
        method: "POST",
        url: "/api/io-api/order/updateOrder",
        payload: { lens_order_id: job.lensOrderId, message: "The lab confirmed the order." },
      };
    case "ship_aupost":
    case "ship_sendle":
    case "ship_manual":
      return shipRequest(row.action, job);
    case "cancel_shipment":
      return { method: "POST", url: `/api/staff/shipments/${job.orderId}/cancel` };
    case "cancel_message":
      return {
        method: "POST",
        url: `/api/staff/orders/${job.orderId}/customer-messages/${await jobMessage(job, "sent")}/cancel`,
      };
    case "revoke_status_link":
      return { method: "POST", url: `/api/staff/orders/${job.orderId}/status-links/revoke` };
    case "revoke_receipt_link":
      return { method: "POST", url: `/api/staff/orders/${job.orderId}/receipt-links/revoke` };
    case "promised_date":
      return {
        method: "PUT",
        url: `/api/staff/orders/${job.orderId}/promised-date`,
        payload: { due_date: "2027-03-03", reason: "Lab delay", version: 1 },
      };
    case "send_message":
      return {
        method: "POST",
        url: `/api/staff/orders/${job.orderId}/messages`,
        payload: {
          type: "email",
          email: "ada@example.com",
          subject: "Your glasses",
          message: "Nearly ready.",
        },
      };
    case "job_note":
      return {
        method: "POST",
        url: `/api/staff/orders/${job.orderId}/notes`,
        payload: { content: "Called the customer." },
      };
    case "call_list_done":
      return { method: "POST", url: `/api/staff/call-list/${await jobMessage(job, "failed")}/done` };
    case "take_payment":
      return {
        method: "POST",
        url: "/api/staff/payment-intent",
        payload: { amount: 10, currency: "AUD", desc: "Balance", order_id: job.orderId },
        headers: { "idempotency-key": key() },
      };
    case "request_approval":
      // The job's region's manager approves on the caller's screen (nobody approves their own request).
      return {
        method: "POST",
        url: `/api/staff/orders/${job.orderId}/approvals`,
        payload: {
          action: "refund",
          email: row.actor === "auManager" ? "mia@loupe.test" : "rule.manager.au@loupe.test",
          password: "LoupeDemo1",
        },
      };
    case "manifest": {
      const list = manifestOutlets[row.jobState as "auOutlet" | "nzOutlet"];
      const abbreviation = allowed ? list[manifestTurn++ % list.length] : list[0];
      // Something to manifest: the fresh job booked from that outlet today.
      if (allowed && row.jobState === "auOutlet") {
        const booking = shipRequest("ship_aupost", job);
        const payload = booking.payload as Record<string, unknown>;
        await must(token.admin, {
          ...booking,
          payload: {
            ...payload,
            sender_outlet_id: w.outlet[abbreviation],
            selected_outlet_id: w.outlet[abbreviation],
          },
        });
      }
      return {
        method: "POST",
        url: "/api/staff/shipments/manifests",
        payload: { sender_outlet_id: w.outlet[abbreviation] },
      };
    }
  }
}

// ── What a refusal looks like, and what it must leave alone ───────────────────────────────────────

/** Every sentence the rulebook answers with (fixed ones, and the shape of the worded ones). */
const RULEBOOK_SENTENCES = new Set<string>([
  ...(Object.values(M) as unknown[]).filter((m): m is string => typeof m === "string"),
  NOT_REFUNDABLE,
  REFUNDED_ITEM_LOCKED,
  REFUNDED_JOB_LOCKED,
  CHANGE_CUSTOMER_CHANNEL,
  shippingMessages.notCancellable,
  LENS_ORDER_MESSAGES.cancelFailed,
]);
const RULEBOOK_PATTERNS = [
  /^Your role cannot .+\. Ask a manager or an administrator\.$/,
  /must approve/,
  /^This item already has a lens order in progress \(.*\)\. Cancel it before ordering again\.$/,
  /^This order can no longer be cancelled: it is .*\.$/,
];

function isRulebookRefusal(res: LightMyRequestResponse): boolean {
  if (![403, 404, 409].includes(res.statusCode)) return false;
  const body = res.json();
  return (
    body.details?.action !== undefined ||
    body.code === "approval_required" ||
    RULEBOOK_SENTENCES.has(body.message) ||
    RULEBOOK_PATTERNS.some((p) => p.test(body.message))
  );
}

const ITEMS = "(select id from order_items where order_id = $1)";
/**
 * Every row the job has, and the rows a refused call could add elsewhere (the outbox, manifests,
 * courier and lab bookings) whole.
 */
const SNAPSHOT: Record<string, string> = {
  orders: "orders x where id = $1",
  order_items: "order_items x where order_id = $1",
  order_payments: "order_payments x where order_id = $1",
  order_refunds: "order_refunds x where order_id = $1",
  related_orders: "related_orders x where order_id = $1 or related_order_id = $1",
  job_events: "job_events x where order_id = $1",
  shipments: "shipments x where order_id = $1",
  shipment_events: "shipment_events x where shipment_id in (select id from shipments where order_id = $1)",
  lens_orders: "lens_orders x where order_id = $1",
  lens_order_events:
    "lens_order_events x where lens_order_id in (select id from lens_orders where order_id = $1)",
  order_item_selections: `order_item_selections x where order_item_id in ${ITEMS}`,
  notes: `notes x where order_id = $1 or order_item_id in ${ITEMS}`,
  outbox_messages: "outbox_messages x",
  shipping_manifests: "shipping_manifests x",
  local_courier_orders: "local_courier_orders x",
  lab_simulator_orders: "lab_simulator_orders x",
  job_messages: "job_messages x where order_id = $1",
  job_status_links: "job_status_links x where order_id = $1",
  receipt_link_revocations: "receipt_link_revocations x where order_id = $1",
};
/** One statement: every table's rows as sorted JSON text. */
const SNAPSHOT_SQL = `select ${Object.entries(SNAPSHOT)
  .map(
    ([name, from]) =>
      `(select coalesce(json_agg(r order by r), '[]')::text from (select to_jsonb(x)::text as r from ${from}) s) as ${name}`,
  )
  .join(", ")} where $1::int is not null`;

async function snapshot(job: Job): Promise<Record<string, unknown>> {
  const [row] = await q<Record<string, string>>(SNAPSHOT_SQL, [job.orderId]);
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, JSON.parse(v)]));
}

// ── Setup ─────────────────────────────────────────────────────────────────────────────────────────

beforeAll(async () => {
  sendle = await startSendleStandIn();
  t = await createTestApp({
    env: {
      SENDLE_ID: SENDLE_CREDENTIALS.sendleId,
      SENDLE_API_KEY: SENDLE_CREDENTIALS.apiKey,
      SENDLE_BASE_URL: sendle.url,
      OUTBOX_POLL_SECONDS: "3600",
      TRACKING_POLL_SECONDS: "0",
      LENS_STATUS_POLL_SECONDS: "0",
      MANIFEST_CHECK_SECONDS: "0",
    },
    // The lab simulator's clock stands still: a lens order stays where it was placed.
    adapters: { lens: { now: () => new Date(clock) } },
  });
  await seedLensCatalogue(t.database.db);
  await seedDemoSupplierContacts(t.database.db);
  token.admin = await t.login();

  const outlet = Object.fromEntries(
    (await q<{ abbreviation: string; id: number }>("select abbreviation, id from outlets")).map((o) => [
      o.abbreviation,
      o.id,
    ]),
  );
  const status = Object.fromEntries(
    (await q<{ kind: string; slug: string; id: number }>("select kind, slug, id from statuses")).map((s) => [
      `${s.kind}:${s.slug}`,
      s.id,
    ]),
  );
  token.auStaff = await staffMember("rule.staff.au@loupe.test", 2, 1, outlet.BON);
  token.auManager = await staffMember("rule.manager.au@loupe.test", 3, 1, outlet.CHA);
  token.nzStaff = await staffMember("rule.staff.nz@loupe.test", 2, 2, outlet.PON);
  token.caAdmin = await staffMember("rule.admin.ca@loupe.test", 1, 5, outlet.QWT);

  const [{ id: productId }] = await q<{ id: number }>(
    "select id from region_products where region_id = 1 and name = $1",
    [MULTIFOCAL],
  );
  const admin = token.admin;
  const customer = (
    await must(admin, {
      method: "POST",
      url: "/api/user",
      payload: { first_name: "Ada", last_name: "Lovelace" },
    })
  ).data;
  const other = (
    await must(admin, {
      method: "POST",
      url: "/api/user",
      payload: { first_name: "Grace", last_name: "Hopper" },
    })
  ).data;
  const first = async (url: string) => (await must(admin, { method: "GET", url })).data[0].id as number;
  const rx = (
    await must(admin, {
      method: "POST",
      url: `/api/v4/users/${customer.id}/prescriptions`,
      payload: {
        type_id: 1,
        source_id: await first("/api/prescription-source"),
        right_sph: -2,
        left_sph: -2.5,
        right_cyl: -0.75,
        right_axis: 90,
        spectacles: { right_near_add: 2, left_near_add: 2 },
      },
    })
  ).data;
  const pd = (
    await must(admin, {
      method: "POST",
      url: "/api/customer-pd",
      payload: {
        customer_user_id: customer.id,
        source_id: await first("/api/pd-source"),
        binocular_dist_pd: 62,
        right_height_multifocal: 22,
        left_height_multifocal: 21.5,
      },
    })
  ).data;
  const lens = (
    (
      await must(admin, {
        method: "GET",
        url: `/api/staff/product-lens-addons?region_product_id=${productId}&prescription_id=${rx.id}&pd_id=${pd.id}&frame_size=M`,
      })
    ).data as { id: number; invalid_error_msg: string | null; lenses: { supplier: { name: string } } }[]
  ).find((o) => !o.invalid_error_msg && o.lenses.supplier.name === "Hoya");
  if (!lens) throw new Error("no Hoya lens for the test prescription");
  const frameColour = await first("/api/colors?type=Frame");
  const armColour = await first("/api/colors?type=Temple");
  const [contact] = await q<{ id: number; supplier_id: number }>(
    `select c.id, c.supplier_id from supplier_contacts c join lens_suppliers s on s.id = c.supplier_id
      where s.abbreviation = 'HOYA' and c.channel = 'api' and c.region_id = 1 and c.is_active order by c.id limit 1`,
  );
  w = {
    outlet,
    status,
    productId,
    customerId: customer.id,
    otherCustomerId: other.id,
    selection: {
      customize: {
        front: { shape: "classic", size: "M", colorId: frameColour, isExistingFrame: false },
        left: { size: "M", colorId: armColour },
        right: { size: "M", colorId: armColour },
      },
      prescription: { type: null, id: rx.id },
      pdId: pd.id,
      product_lens_addons_id: lens.id,
    },
    hoya: { supplierId: contact.supplier_id, contactId: contact.id },
    linkTarget: 0,
  };
  w.linkTarget = (await insertJob("open", false)).orderId;
}, 120_000);

afterAll(async () => {
  await t?.close();
  await sendle?.close();
});

// ── The table, cell by cell ───────────────────────────────────────────────────────────────────────

/** Refusals change nothing, so the refused cells of a state share one job. */
const shared = new Map<JobState, Promise<Job>>();
const sharedJob = (s: JobState) => {
  if (!shared.has(s)) shared.set(s, makeJob(s, true));
  return shared.get(s)!;
};

/**
 * What the web app shows for the cell: `useJobRules` asks `decideJobAction` with the facts of the
 * job's answer (`ruleJobFromWire`, `ruleItemFromWire`) and the signed-in user as `/api/me`
 * answers them. The screen's verdict must be the server's: allowed (or approvable) controls
 * enabled, refused ones hidden or disabled with the same sentence.
 */
async function screenVerdict(row: Row, job: Job): Promise<Verdict> {
  const me = (await t.call(token[row.actor], { method: "GET", url: "/api/me" })).json().data;
  // As the screen does: the current outlet's region, looked up in the regions list.
  const regions = (await t.call(token[row.actor], { method: "GET", url: "/api/region" })).json().data;
  const actor = {
    roleId: me.role_id,
    homeRegionId: me.home_region_id ?? me.region_id ?? null,
    outletCountryCode:
      regions.find((r: { id: number }) => r.id === me.outlet?.region_id)?.country_code ?? null,
  };
  if (row.action === "manifest") {
    const list = manifestOutlets[row.jobState as "auOutlet" | "nzOutlet"];
    const regionId = row.jobState === "auOutlet" ? 1 : 2;
    expect(list.length).toBeGreaterThan(0);
    return decideJobAction("manifest", {
      actor,
      job: null,
      settings: DEFAULT_ROLE_SETTINGS,
      outletRegionId: regionId,
    });
  }
  const detail = (
    await t.call(token.admin, { method: "GET", url: `/api/staff/orders/${job.orderId}` })
  ).json().data;
  const item = detail.items.find((i: { id: number }) => i.id === job.itemId) ?? null;
  return decideJobAction(
    row.action,
    {
      actor,
      job: ruleJobFromWire(detail),
      item: item ? ruleItemFromWire(item) : null,
      settings: DEFAULT_ROLE_SETTINGS,
    },
    (minor) => formatMoney(minor / 100, currencyForCountry(detail.origin_outlet.region.country_code)),
  );
}

function expectScreenShows(row: Row, verdict: Verdict, message?: string) {
  if (row.expected === "allowed" || row.expected === "approval") {
    expect(verdict.allowed || verdict.refusal === "approval", JSON.stringify(verdict)).toBe(true);
    return;
  }
  expect(verdict.allowed, JSON.stringify(verdict)).toBe(false);
  if (!verdict.allowed) expect(verdict.reason).toBe(message);
}

const CODES = { 403: "forbidden", approval: "approval_required", 409: "conflict", 404: "not_found" } as const;
const label = (e: Expected) => (e === "allowed" ? "allowed" : e === "approval" ? "403 approval" : String(e));

describe("the rulebook's table, through the real endpoints", () => {
  it("covers every action of the rulebook, each with allowed and refused cells", () => {
    expect(new Set(table.map((r) => r.action))).toEqual(new Set(JOB_ACTIONS));
    for (const action of JOB_ACTIONS) {
      const expected = new Set(table.filter((r) => r.action === action).map((r) => r.expected === "allowed"));
      expect(expected, action).toEqual(new Set([true, false]));
    }
  });

  for (const row of table) {
    const name = `${row.action}${row.via ? ` (${row.via})` : ""} · ${row.jobState} · ${row.actor} → ${label(row.expected)}`;
    it(name, async () => {
      if (row.expected === "allowed") {
        const needsSelection = row.action === "job_edit" || row.action === "order_lenses";
        const job = await makeJob(row.jobState, needsSelection);
        // Batches and lens orders by id are the server's; the screen offers the item's own controls.
        if (!row.via) expectScreenShows(row, await screenVerdict(row, job));
        const res = await t.call(token[row.actor], await request(row, job, true));
        expect(isRulebookRefusal(res), `${res.statusCode} ${res.body}`).toBe(false);
        if (row.answers) {
          expect(res.statusCode, res.body).toBe(row.answers[0]);
          expect(res.json().message).toBe(row.answers[1].replace("%item", String(job.itemId)));
        } else expect(res.statusCode, res.body).toBeLessThan(300);
        return;
      }
      const job = await sharedJob(row.jobState);
      const req = await request(row, job, false);
      const before = await snapshot(job);
      const res = await t.call(token[row.actor], req);
      const body = res.json();
      const status = row.expected === "approval" ? 403 : row.expected;
      expect(res.statusCode, res.body).toBe(status);
      expect(body.details?.action).toBe(row.action);
      expect(body.code).toBe(CODES[row.expected]);
      const message = typeof row.message === "function" ? row.message(job) : row.message;
      expect(body.message).toBe(message);
      expect(await snapshot(job)).toEqual(before);
      if (!row.via) expectScreenShows(row, await screenVerdict(row, job), message);
    });
  }
});

describe("the snapshot a refusal is checked against", () => {
  it("sees a change when a call changes the job", async () => {
    const job = await makeJob("open", false);
    const before = await snapshot(job);
    const res = await t.call(
      token.auStaff,
      await request(
        { action: "priority", jobState: "open", actor: "auStaff", expected: "allowed" },
        job,
        true,
      ),
    );
    expect(res.statusCode).toBe(200);
    const after = await snapshot(job);
    expect(after.orders).not.toEqual(before.orders);
    expect(after.job_events).not.toEqual(before.job_events);
  });
});

// ── Issue 24, as it was reported ──────────────────────────────────────────────────────────────────

describe("issue 24: what the workshop could do before the rulebook", () => {
  const bookings = async (job: Job) => ({
    shipments: (await q("select id from shipments where order_id = $1", [job.orderId])).length,
    courier: (await q("select 1 from local_courier_orders")).length,
  });

  it("a refunded job cannot be shipped: Australia Post's order answers 409 and books nothing", async () => {
    const job = await makeJob("refunded", false);
    const before = await snapshot(job);
    const booked = await bookings(job);
    for (const actor of ["admin", "auStaff", "auManager"] as const) {
      const res = await t.call(token[actor], shipRequest("ship_aupost", job));
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(M.closedShip);
    }
    expect(await bookings(job)).toEqual(booked);
    expect(booked.shipments).toBe(0);
    const detail = (await must(token.admin, { method: "GET", url: `/api/staff/orders/${job.orderId}` })).data;
    expect(detail.shipment_status).toBe("not_created");
    expect(await snapshot(job)).toEqual(before);
  });

  it("staff working at an NZ outlet cannot book Australia Post, even from an AU sender outlet", async () => {
    const job = await makeJob("open", false);
    const before = await snapshot(job);
    const booking = shipRequest("ship_aupost", job);
    expect(booking.payload).toMatchObject({
      sender_outlet_id: w.outlet.NTN,
      selected_outlet_id: w.outlet.NTN,
    });
    const res = await t.call(token.nzStaff, booking);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(shippingMessages.notAustralian);
    expect(await snapshot(job)).toEqual(before);
    // The same booking by AU staff goes through: the refusal was about who, not the parcel.
    expect(
      (
        await t.call(token.auStaff, {
          ...booking,
          payload: { ...(booking.payload as object), idempotency_key: key() },
        })
      ).statusCode,
    ).toBe(200);
  });

  it("staff of another region cannot refund, void, cancel a shipment, change the customer or cancel a lens order of an AU job", async () => {
    const open = await makeJob("open", false);
    const today = await makeJob("paidToday", false);
    const shipped = await makeJob("shipped", false);
    const lenses = await makeJob("lensOrdered", false);
    const attempts: [string, Job, InjectOptions][] = [
      [
        "refund",
        open,
        await request({ action: "refund", jobState: "open", actor: "nzStaff", expected: 403 }, open, false),
      ],
      [
        "void",
        today,
        await request(
          { action: "refund", jobState: "paidToday", actor: "nzStaff", expected: 403 },
          today,
          false,
        ),
      ],
      [
        "cancel the shipment",
        shipped,
        { method: "POST", url: `/api/staff/shipments/${shipped.orderId}/cancel` },
      ],
      [
        "change the customer",
        open,
        {
          method: "PUT",
          url: "/api/staff/orders/customer",
          payload: { order_id: open.orderId, customer_id: w.otherCustomerId },
        },
      ],
      [
        "cancel the lens order (Hoya)",
        lenses,
        { method: "GET", url: `/api/order_lens/cancel/hoya?order_item_id=${lenses.itemId}` },
      ],
      [
        "cancel the lens order",
        lenses,
        { method: "POST", url: `/api/staff/lens-orders/${lenses.lensOrderId}/cancel` },
      ],
    ];
    for (const [what, job, req] of attempts) {
      const before = await snapshot(job);
      const res = await t.call(token.nzStaff, req);
      expect(res.statusCode, what).toBe(403);
      expect(res.json().message, what).toBe(M.otherRegion);
      expect(await snapshot(job), what).toEqual(before);
    }
    const detail = async (job: Job) =>
      (await must(token.admin, { method: "GET", url: `/api/staff/orders/${job.orderId}` })).data;
    expect(await detail(open)).toMatchObject({
      is_refundable: true,
      refund_type: "refund",
      customer_id: w.customerId,
    });
    expect(await detail(today)).toMatchObject({ is_refundable: true, refund_type: "void" });
    expect((await detail(shipped)).shipment).toMatchObject({ state: "created" });
    const [lensOrder] = await q<{ state: string }>("select state from lens_orders where id = $1", [
      lenses.lensOrderId,
    ]);
    expect(lensOrder.state).not.toBe("cancelled");
  });
});
