import { randomUUID } from "node:crypto";
import type { LensOrderUpdate } from "@loupe/contract";
import {
  canCancelLensOrder,
  countsAsOrdered,
  cutOptionsFor,
  edgeOptionsFor,
  isApiContact,
  isFinalLensPhase,
  isLensStatusMove,
  isZeiss,
  itemCodeAllowsOrder,
  itemCodeFor,
  LENS_ORDER_ITEM_STATUS,
  LENS_ORDER_MESSAGES,
  LENS_SIDE_LABELS,
  type LensOrderPayload,
  type LensOrderSnapshot,
  lensOptionInvalidReason,
  lensOrderBlockers,
  lensOrderBlocksReorder,
  lensOrderFormErrors,
  lensOrderPayloadSchema,
  lensOrderReference,
  PRESCRIPTION_REENTRY_MESSAGES,
  parseDcsRecord,
  pdErrorForLensType,
  REFUNDED_QUANTITY,
  repeatReasonName,
  SUPPLIER_STATE_RULES,
  type SupplierKind,
  supplierState,
} from "@loupe/domain";
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type {
  LabReport,
  LensOrderRef,
  LensOrderRequest,
  LensSuppliers,
  LensTransport,
} from "../../integrations/lens-suppliers";
import { LensSupplierError, renderOrderSheet } from "../../integrations/lens-suppliers";
import type { SearchPort } from "../../integrations/search";
import type { Database, Db } from "../../platform/db/client";
import { AppError, notFound, validationError } from "../../platform/http/app-error";
import { parseOrThrow } from "../../platform/http/validate";
import { type AccessEntry, recordAccess } from "../access-log/access-log.record";
import {
  applyLensOrderToItem,
  itemStatusId,
  itemsNeedingReentry,
  recordJobEvents,
  reindexJobs,
} from "../jobs";
import { orderItems, orders } from "../jobs/jobs.tables";
import { outlets } from "../reference/reference.tables";
import type { StaffRow } from "../staff/staff.service";
import { type ContactRow, contactFullName, contactOffered, type SuppliersService } from "../suppliers";
import { lensSuppliers, supplierContacts } from "../suppliers/suppliers.tables";
import { lensOrderRecord, refuseMissingPdValues } from "./lens-order-record";
import { type LensOrderRow, toLensOrderWire, toSummaryWire } from "./lens-orders.mappers";
import {
  type ItemContext,
  itemStatusOf,
  lensOptionOfProduct,
  lensOrderNames,
  loadItemContext,
  lockItem,
} from "./lens-orders.queries";
import { lensOrderEvents, lensOrders } from "./lens-orders.tables";

/** Who is acting and from where, for the access log (a send to a supplier carries health data). */
export type Audit = Pick<AccessEntry, "staff" | "screen" | "route" | "requestId" | "address">;

type Snapshot = LensOrderSnapshot & {
  pd?: (LensOrderSnapshot["pd"] & { frame_size?: string | null }) | null;
  prescription?: (NonNullable<LensOrderSnapshot["prescription"]> & { category?: string | null }) | null;
};
type Info = {
  data?: Snapshot;
  pdPresenter?: { error?: string | null; data?: { width?: { binocular?: number | null } } } | null;
  revision?: number;
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const staffName = (s: { firstName: string; lastName: string }) => `${s.firstName} ${s.lastName}`.trim();
const uniqueViolation = (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } };
  return (e.code ?? e.cause?.code) === "23505";
};

export function createLensOrdersService({
  database,
  suppliers,
  suppliersService,
  search,
  timeoutMs,
  pollEverySeconds,
}: {
  database: Database;
  suppliers: LensSuppliers;
  suppliersService: SuppliersService;
  search: SearchPort;
  timeoutMs: number;
  pollEverySeconds: number;
}) {
  const db = database.db;
  const pollMs = Math.max(pollEverySeconds, 1) * 1000;
  const stalePendingMs = timeoutMs * 2 + 30_000;

  // -------------------------------------------------------------------------------------------
  // Reading

  async function wires(rows: LensOrderRow[]) {
    if (!rows.length) return [];
    const events = await db
      .select()
      .from(lensOrderEvents)
      .where(
        inArray(
          lensOrderEvents.lensOrderId,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(asc(lensOrderEvents.occurredAt), asc(lensOrderEvents.id));
    const names = await lensOrderNames(
      db,
      rows,
      events.map((e) => e.staffUserId).filter((v): v is number => v != null),
    );
    return rows.map((r) => toLensOrderWire(r, events, names));
  }
  async function wire(id: number) {
    const [row] = await db.select().from(lensOrders).where(eq(lensOrders.id, id));
    if (!row) throw notFound("Lens order");
    return (await wires([row]))[0];
  }
  async function itemOrders(itemId: number) {
    return db
      .select()
      .from(lensOrders)
      .where(eq(lensOrders.orderItemId, itemId))
      .orderBy(asc(lensOrders.sequence));
  }
  /** Inside a transaction pass its `tx`: on PGlite a read on `db` would wait for the transaction for ever. */
  async function supplierName(id: number, tx: Db = db) {
    const [s] = await tx
      .select({ name: lensSuppliers.name })
      .from(lensSuppliers)
      .where(eq(lensSuppliers.id, id));
    return s?.name ?? "";
  }

  /** How many orders the suppliers took for the item, the first of them, and the one blocking a new order. */
  async function countFor(itemId: number, tx: Db = db) {
    const rows = await tx
      .select()
      .from(lensOrders)
      .where(eq(lensOrders.orderItemId, itemId))
      .orderBy(asc(lensOrders.sequence));
    const counted = rows.filter((r) => countsAsOrdered(r.supplierKind, r.state, r.statusCode));
    const open = rows.find((r) => r.open) ?? null;
    return { rows, count: counted.length, original: counted[0] ?? null, open };
  }

  const infoOf = (ctx: ItemContext) => (ctx.item.additionalInfo ?? {}) as Info;

  /**
   * The job's customer changed since the item's prescription and PD were chosen (issue 24): no
   * lens order until the job edit saves them again. Reads the item and its job through `tx`.
   */
  async function refuseWhileReentryNeeded(tx: Db, itemId: number) {
    const [row] = await tx
      .select({ id: orderItems.id, additionalInfo: orderItems.additionalInfo, customerId: orders.customerId })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(eq(orderItems.id, itemId));
    if (row && (await itemsNeedingReentry(tx, [row], () => row.customerId)).size)
      throw new AppError("conflict", PRESCRIPTION_REENTRY_MESSAGES.lensOrderRefused);
  }

  /** Why Order Lenses is disabled for the item with this lens (§5), on the item's confirmed selection. */
  function blockersFor(ctx: ItemContext, lens: Snapshot["lens_addon_combination"]): string[] {
    if (!["glasses", "lenses-only"].includes(ctx.product.parentTypeKey) || !ctx.product.requiresPrescription)
      return ["This item has no prescription lenses to order."];
    const info = infoOf(ctx);
    const snap = info.data ?? {};
    const pd = snap.pd ?? null;
    return lensOrderBlockers({
      hasPrescription: Boolean(snap.prescription),
      hasPd: Boolean(pd),
      pdError:
        info.pdPresenter?.error ??
        (pd ? pdErrorForLensType(pd as never, ctx.product.lensesType, snap.prescription?.category) : null),
      hasLens: Boolean(lens),
      zeiss: isZeiss(lens?.lenses.supplier.name),
      frameSize: snap.customize?.Frame?.size ?? null,
      binocularPd: info.pdPresenter?.data?.width?.binocular ?? null,
      lensDiameters: lens?.lenses.diameters ?? [],
    });
  }

  // -------------------------------------------------------------------------------------------
  // The request a supplier receives

  const clientName = (job: ItemContext["job"]) =>
    [job.billingLastName.toUpperCase(), job.billingFirstName.slice(0, 1).toUpperCase()]
      .filter(Boolean)
      .join(" ");

  async function requestFor(row: LensOrderRow, ctx: ItemContext): Promise<LensOrderRequest> {
    const [supplier] = await db.select().from(lensSuppliers).where(eq(lensSuppliers.id, row.supplierId));
    const [contact] = await db.select().from(supplierContacts).where(eq(supplierContacts.id, row.contactId));
    const outletRows = await db
      .select()
      .from(outlets)
      .where(inArray(outlets.id, [row.deliverToOutletId, row.fromOutletId ?? row.deliverToOutletId]));
    const deliverTo = outletRows.find((o) => o.id === row.deliverToOutletId)!;
    const from = outletRows.find((o) => o.id === row.fromOutletId) ?? null;
    const snap = row.snapshot as Snapshot;
    const original = row.repeatOfId
      ? (await db.select().from(lensOrders).where(eq(lensOrders.id, row.repeatOfId)))[0]
      : null;
    const address = [
      deliverTo.address1,
      deliverTo.address2,
      [deliverTo.suburb ?? deliverTo.city, deliverTo.state, deliverTo.postcode].filter(Boolean).join(" "),
    ]
      .filter(Boolean)
      .join(", ");
    const lens = snap.lens_addon_combination;
    const facts: [string, string][] = [
      ["Supplier", `${supplier.name} (${contactFullName(contact) || contact.mail || contact.channel})`],
      ["Ordered by", from ? `${from.name} (${from.abbreviation})` : "—"],
      ["Job", `${ctx.job.vendInvoiceNumber} · ${clientName(ctx.job)}`],
      [
        "Lens",
        [lens?.lenses.name, lens?.coating?.display_name, lens?.tint?.display_name]
          .filter(Boolean)
          .join(" · "),
      ],
      ["Lenses", LENS_SIDE_LABELS[row.lenses]],
      ["Need to edge", row.needToEdge],
      ["Frame size", row.frameSize ?? "—"],
      ["Deliver to", `${deliverTo.name}${address ? `, ${address}` : ""}`],
      ...(contact.accountNumber ? ([["Account", contact.accountNumber]] as [string, string][]) : []),
      ...(row.isRepeat
        ? ([["Repeat of", `${original?.reference ?? "—"}: ${repeatReasonName(row.repeatReason) ?? ""}`]] as [
            string,
            string,
          ][])
        : []),
    ];
    // The sheet shows what the record says, so the lab's person and the lab's system read the same order.
    const dcs = parseDcsRecord(row.record);
    const eye = (i: number) => (label: string) => dcs[label]?.[i] ?? "";
    const prism = (i: number) => (dcs.PRVM ? `${dcs.PRVM[i]} @ ${dcs.PRVA?.[i] ?? 0}°` : "");
    const heightLabel = dcs.SEGHT ? "SEGHT" : "OCHT";
    const rxRow = (name: string, i: number) => {
      const v = eye(i);
      return [name, v("SPH"), v("CYL"), v("AX"), v("ADD"), prism(i), v("IPD"), v("NPD"), v(heightLabel)];
    };
    facts.push(
      [
        "Material",
        [dcs.LIND?.[0] && `index ${dcs.LIND[0]}`, dcs.DIA?.[0] && `${dcs.DIA[0]} mm blank`]
          .filter(Boolean)
          .join(", "),
      ],
      [
        "Frame box",
        dcs.HBOX
          ? `${dcs.HBOX[0]} × ${dcs.VBOX?.[0]} mm, DBL ${dcs.DBL?.[0]} mm`
          : "Customer's frame (no box)",
      ],
    );
    return {
      reference: row.reference,
      kind: row.supplierKind,
      supplier: { name: supplier.name, abbreviation: supplier.abbreviation },
      contact: {
        name: contactFullName(contact),
        mail: contact.mail,
        dropFolder: contact.dropFolder,
        accountNumber: contact.accountNumber,
      },
      record: row.record,
      notes: row.notes,
      summary: [
        from ? `${from.name} (${from.abbreviation})` : "Loupe",
        ...facts.map(([k, v]) => `${k}: ${v}`),
      ],
      sheet: () =>
        renderOrderSheet({
          reference: row.reference,
          title: `Lens order — ${supplier.name}`,
          facts,
          rx: [
            [
              "",
              "SPH",
              "CYL",
              "AXIS",
              "ADD",
              "Prism",
              "PD",
              "Near PD",
              heightLabel === "SEGHT" ? "Seg ht" : "OC ht",
            ],
            rxRow("Right", 0),
            rxRow("Left", 1),
          ],
          notes: row.notes,
        }),
    };
  }

  const refOf = (
    row: LensOrderRow,
    contact: ContactRow,
    supplier: { name: string; abbreviation: string },
  ): LensOrderRef => ({
    reference: row.reference,
    kind: row.supplierKind,
    idempotencyKey: row.idempotencyKey,
    supplierReference: row.supplierReference,
    contact: {
      name: contactFullName(contact),
      mail: contact.mail,
      dropFolder: contact.dropFolder,
      accountNumber: contact.accountNumber,
    },
    supplier,
  });

  // -------------------------------------------------------------------------------------------
  // Writing: every change of an order goes through here, with its item and timeline in one transaction

  /** The item's supplier code column for a kind (the item shows Hoya and Shamir codes, §3). */
  const mirror = (kind: SupplierKind, code: number | null) =>
    kind === "hoya" ? { hoyaStatus: code } : kind === "shamir" ? { shamirStatus: code } : {};

  async function event(
    tx: Db,
    row: LensOrderRow,
    e: {
      code?: number | null;
      label: string;
      description?: string;
      source: "staff" | "lab" | "system";
      staffId?: number | null;
      eta?: string | null;
      tracking?: string | null;
    },
  ) {
    await tx.insert(lensOrderEvents).values({
      lensOrderId: row.id,
      statusCode: e.code ?? null,
      label: e.label,
      description: e.description ?? "",
      eta: e.eta ?? null,
      trackingNumber: e.tracking ?? null,
      source: e.source,
      staffUserId: e.staffId ?? null,
    });
  }

  /** The supplier took the order: placed at its code, the item to lenses-ordered, on the timeline, in the access log. */
  async function markPlaced(
    row: LensOrderRow,
    placed: { supplierReference: string | null; statusCode: number; eta: string | null },
    transport: LensTransport,
    staff: StaffRow | null,
    audit: Audit | null,
  ) {
    const lensOrderedId = await itemStatusId(db, LENS_ORDER_ITEM_STATUS.ordered);
    const supplier = await supplierName(row.supplierId);
    await db.transaction(async (txx) => {
      const tx = txx as unknown as Db;
      const state = supplierState(row.supplierKind, placed.statusCode);
      const [done] = await tx
        .update(lensOrders)
        .set({
          state: "placed",
          statusCode: placed.statusCode,
          open: lensOrderBlocksReorder(row.supplierKind, "placed", placed.statusCode),
          supplierReference: placed.supplierReference,
          eta: placed.eta,
          lastError: null,
          nextPollAt:
            transport.reports && !isFinalLensPhase(state.phase) ? new Date(Date.now() + pollMs) : null,
          updatedAt: new Date(),
        })
        .where(and(eq(lensOrders.id, row.id), eq(lensOrders.state, "pending")))
        .returning();
      if (!done) return;
      await event(tx, done, {
        code: placed.statusCode,
        label: state.label,
        description: `Sent to ${supplier} (${transport.name === "simulator" ? "local lab simulator" : transport.name.replace("_", " ")})`,
        source: "staff",
        staffId: staff?.id,
        eta: placed.eta,
      });
      await applyLensOrderToItem(
        tx,
        row.orderItemId,
        {
          statusId: lensOrderedId,
          ...mirror(row.supplierKind, itemCodeFor(row.supplierKind, placed.statusCode)),
        },
        staff?.id ?? null,
      );
      await recordJobEvents(tx, [
        {
          orderId: row.orderId,
          orderItemId: row.orderItemId,
          kind: "lens_ordered",
          toValue: [
            row.reference,
            supplier,
            row.lensName,
            row.isRepeat ? `repeat: ${repeatReasonName(row.repeatReason) ?? ""}` : null,
          ]
            .filter(Boolean)
            .join(" · "),
          staffUserId: staff?.id ?? null,
        },
      ]);
      if (audit)
        await recordAccess(tx, {
          ...audit,
          action: "send_to_supplier",
          resource: "lens_order",
          resourceId: row.id,
          customerId: row.customerId,
          outcome: "allowed",
        });
    });
  }

  /** Calls the supplier with no transaction open, then records how it went. */
  async function drive(row: LensOrderRow, ctx: ItemContext, staff: StaffRow | null, audit: Audit | null) {
    const [contact] = await db.select().from(supplierContacts).where(eq(supplierContacts.id, row.contactId));
    let transport: LensTransport;
    try {
      transport = suppliers.transportFor(row.supplierKind, contact.channel);
    } catch (err) {
      await failed(row, err as Error);
      throw new AppError("validation_failed", (err as Error).message, {
        supplier_contact_id: [(err as Error).message],
      });
    }
    if (transport.name !== row.transport)
      await db.update(lensOrders).set({ transport: transport.name }).where(eq(lensOrders.id, row.id));
    const request = await requestFor(row, ctx);
    const supplier = request.supplier.name;
    try {
      const placed = await transport.place(request, row.idempotencyKey);
      await markPlaced(row, placed, transport, staff, audit);
    } catch (err) {
      if (!(err instanceof LensSupplierError)) {
        await unknown(row, err as Error);
        throw err;
      }
      if (err.kind === "rejected") {
        await failed(row, err);
        // The record reached the supplier even though it refused it: the disclosure is logged too.
        if (audit && transport.name !== "file_drop")
          await recordAccess(db, {
            ...audit,
            action: "send_to_supplier",
            resource: "lens_order",
            resourceId: row.id,
            customerId: row.customerId,
            outcome: "failed",
            reason: "rejected",
          });
        throw new AppError("validation_failed", err.message, { supplier: [err.message, ...err.errors] });
      }
      await unknown(row, err);
      throw new AppError("upstream_failed", LENS_ORDER_MESSAGES.supplierUnavailable(supplier), {
        supplier: [err.message],
      });
    }
  }

  async function failed(row: LensOrderRow, err: Error) {
    await db.transaction(async (txx) => {
      const tx = txx as unknown as Db;
      const [r] = await tx
        .update(lensOrders)
        .set({ state: "failed", open: false, lastError: err.message, updatedAt: new Date() })
        .where(and(eq(lensOrders.id, row.id), eq(lensOrders.state, "pending")))
        .returning();
      if (r)
        await event(tx, r, { label: "Refused by the supplier", description: err.message, source: "system" });
    });
  }
  async function unknown(row: LensOrderRow, err: Error) {
    await db.transaction(async (txx) => {
      const tx = txx as unknown as Db;
      const [r] = await tx
        .update(lensOrders)
        .set({ state: "unknown", lastError: err.message, updatedAt: new Date() })
        .where(and(eq(lensOrders.id, row.id), eq(lensOrders.state, "pending")))
        .returning();
      if (r)
        await event(tx, r, {
          label: "Not confirmed by the supplier",
          description: err.message,
          source: "system",
        });
    });
  }

  /** A retry with an order's key: the first order's answer (waiting while it is being sent), or a re-drive of an unknown one. */
  async function answerExisting(row: LensOrderRow, staff: StaffRow, audit: Audit) {
    const deadline = Date.now() + timeoutMs + 5000;
    let current = row;
    while (current.state === "pending" && Date.now() - current.updatedAt.getTime() < stalePendingMs) {
      if (Date.now() > deadline) throw new AppError("conflict", LENS_ORDER_MESSAGES.orderInProgress);
      await sleep(150);
      [current] = await db.select().from(lensOrders).where(eq(lensOrders.id, row.id));
    }
    if (current.state === "failed")
      throw new AppError("validation_failed", current.lastError ?? LENS_ORDER_MESSAGES.orderFailedFallback, {
        supplier: [current.lastError ?? ""],
      });
    if (current.state === "unknown" || current.state === "pending") {
      // Taken back up with its own key: an order the supplier took before going quiet is found, not placed twice.
      const [claimed] = await db
        .update(lensOrders)
        .set({ state: "pending", updatedAt: new Date() })
        .where(
          and(
            eq(lensOrders.id, current.id),
            eq(lensOrders.state, current.state),
            eq(lensOrders.updatedAt, current.updatedAt),
          ),
        )
        .returning();
      if (!claimed) {
        // Another request took it back up first: follow that attempt from the row as it is now.
        const [now] = await db.select().from(lensOrders).where(eq(lensOrders.id, current.id));
        return answerExisting(now, staff, audit);
      }
      const ctx = await loadItemContext(db, claimed.orderItemId);
      if (!ctx) throw notFound("Order item");
      await drive(claimed, ctx, staff, audit);
    }
    return wire(current.id);
  }

  // -------------------------------------------------------------------------------------------
  // Lab states

  /** Records a lab report when it is news (§4): the order, its events, the item and the job's timeline. */
  async function applyReport(row: LensOrderRow, report: LabReport): Promise<boolean> {
    return db.transaction((tx) => applyReportIn(tx as unknown as Db, row, report, null));
  }

  /** `applyReport` inside the caller's transaction; `staff` when a person reported it (updateOrder). */
  async function applyReportIn(
    tx: Db,
    row: LensOrderRow,
    report: LabReport,
    staff: StaffRow | null,
  ): Promise<boolean> {
    const kind = row.supplierKind;
    const moved = isLensStatusMove(kind, row.statusCode, report.statusCode);
    const details = report.eta !== row.eta || report.trackingNumber !== row.trackingNumber;
    if (!moved && !details) return false;
    const code = moved ? report.statusCode : row.statusCode;
    const to = supplierState(kind, code);
    const final = isFinalLensPhase(to.phase);
    const state = to.phase === "cancelled" ? "cancelled" : to.phase === "rejected" ? "rejected" : "placed";
    const receivedId =
      to.phase === "delivered" ? await itemStatusId(tx, LENS_ORDER_ITEM_STATUS.delivered) : null;
    const orderedId = await itemStatusId(tx, LENS_ORDER_ITEM_STATUS.ordered);
    const [r] = await tx
      .update(lensOrders)
      .set({
        state,
        statusCode: code,
        open: lensOrderBlocksReorder(kind, state, code),
        eta: report.eta ?? row.eta,
        trackingNumber: report.trackingNumber ?? row.trackingNumber,
        nextPollAt: final ? null : undefined,
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(lensOrders.id, row.id),
          eq(lensOrders.statusCode, row.statusCode),
          eq(lensOrders.state, "placed"),
        ),
      )
      .returning();
    if (!r) return false;
    const extra = [
      report.eta ? `ETA ${report.eta}` : null,
      report.trackingNumber ? `tracking ${report.trackingNumber}` : null,
    ].filter(Boolean);
    await event(tx, r, {
      code,
      label: to.label,
      description: report.message ?? extra.join(", "),
      source: staff ? "staff" : "lab",
      staffId: staff?.id ?? null,
      eta: report.eta,
      tracking: report.trackingNumber,
    });
    if (moved) {
      const item = { status: await itemStatusOf(tx, row.orderItemId) };
      const statusId =
        receivedId != null && item?.status === orderedId
          ? receivedId
          : (state === "cancelled" || state === "rejected") && item?.status === orderedId
            ? row.itemStatusBeforeId
            : null;
      await applyLensOrderToItem(
        tx,
        row.orderItemId,
        { statusId, ...mirror(kind, itemCodeFor(kind, code)) },
        null,
      );
      await recordJobEvents(tx, [
        {
          orderId: row.orderId,
          orderItemId: row.orderItemId,
          kind: "lens_status",
          fromValue: supplierState(kind, row.statusCode).label,
          toValue: [to.label, ...extra].join(" · "),
          staffUserId: staff?.id ?? null,
        },
      ]);
    }
    return true;
  }

  /** Asks each order's transport (the ones that report) and records what moved. Answers how many moved. */
  async function refresh(rows: LensOrderRow[]): Promise<number> {
    const groups = new Map<string, { transport: LensTransport; rows: LensOrderRow[] }>();
    for (const r of rows) {
      if (r.state !== "placed") continue;
      const transport = suppliers.byName(r.transport, r.supplierKind);
      if (!transport?.reports) continue;
      const k = `${r.transport}:${r.supplierKind}`;
      const g = groups.get(k) ?? { transport, rows: [] };
      g.rows.push(r);
      groups.set(k, g);
    }
    let moved = 0;
    const changedJobs = new Set<number>();
    for (const { transport, rows: list } of groups.values()) {
      const contacts = await db
        .select()
        .from(supplierContacts)
        .where(inArray(supplierContacts.id, [...new Set(list.map((r) => r.contactId))]));
      const supplierRows = await db
        .select()
        .from(lensSuppliers)
        .where(inArray(lensSuppliers.id, [...new Set(list.map((r) => r.supplierId))]));
      const refs = list.map((r) =>
        refOf(
          r,
          contacts.find((c) => c.id === r.contactId)!,
          supplierRows.find((s) => s.id === r.supplierId)!,
        ),
      );
      const reports = await transport.status(refs);
      for (const report of reports) {
        const row = list.find((r) => r.idempotencyKey === report.idempotencyKey);
        if (row && (await applyReport(row, report))) {
          moved++;
          changedJobs.add(row.orderId);
        }
      }
    }
    if (changedJobs.size) await reindexJobs(database, search, [...changedJobs]);
    return moved;
  }

  /**
   * A first order with this key: every check of §4/§5, then one pending row claimed under the
   * item's lock (or the row a twin request with the same key claimed first).
   */
  async function claimNew(
    staff: StaffRow,
    input: LensOrderPayload,
    key: string,
  ): Promise<{ inserted: LensOrderRow; ctx: ItemContext } | { raced: LensOrderRow }> {
    const ctx = await loadItemContext(db, input.item);
    if (!ctx) throw validationError({ item: ["The selected item does not exist."] });
    if (ctx.item.orderId !== input.order_id)
      throw validationError({ item: [`This item is not part of job ${input.order_id}.`] });
    if (ctx.jobStatusSlug === "cancelled") throw new AppError("conflict", LENS_ORDER_MESSAGES.cancelledJob);
    if (ctx.item.quantity === REFUNDED_QUANTITY)
      throw new AppError("conflict", LENS_ORDER_MESSAGES.refundedItem);

    const [supplier] = await db.select().from(lensSuppliers).where(eq(lensSuppliers.id, input.from));
    if (!supplier) throw validationError({ from: ["The selected supplier does not exist."] });
    if (!supplier.isActive) throw validationError({ from: [LENS_ORDER_MESSAGES.supplierInactive] });
    const info = infoOf(ctx);
    await refuseWhileReentryNeeded(db, ctx.item.id);
    const snap: Snapshot = { ...(info.data ?? {}) };
    if (!info.data)
      throw new AppError("validation_failed", LENS_ORDER_MESSAGES.notConfirmed, {
        item: [LENS_ORDER_MESSAGES.notConfirmed],
      });
    const frameSize = snap.customize?.Frame?.size ?? null;
    if (input.frame_size != null && input.frame_size !== frameSize)
      throw new AppError("conflict", LENS_ORDER_MESSAGES.selectionChanged);

    // The lens: the job's own, or another option of the product the modal offered (§9 preference).
    const currentId = snap.lens_addon_combination?.id ?? null;
    if (input.product_id != null && input.product_id !== currentId) {
      const option = await lensOptionOfProduct(db, input.product_id, ctx.product.id);
      if (!option)
        throw validationError({ product_id: ["This lens option is not offered for this product."] });
      const reason = lensOptionInvalidReason(
        {
          supplier: option.lenses.supplier.name,
          diameters: option.lenses.diameters,
          ranges: option.lenses.ranges,
        },
        snap.prescription ?? null,
        info.pdPresenter?.data?.width?.binocular ?? null,
        frameSize,
      );
      if (reason) throw validationError({ product_id: [reason] });
      snap.lens_addon_combination = option;
    }
    const lens = snap.lens_addon_combination ?? null;
    const blockers = blockersFor(ctx, lens);
    if (blockers.length) throw new AppError("validation_failed", blockers[0], { item: blockers });
    refuseMissingPdValues(snap, { lensType: ctx.product.lensesType, eyes: input.lenses, supplier });
    if (
      lens &&
      lens.lenses.supplier.name !== supplier.name &&
      (lens.lenses.supplier as { id?: number }).id !== supplier.id
    )
      throw validationError({ from: [`${lens.lenses.name} is not made by ${supplier.name}.`] });

    let contact: ContactRow | undefined;
    if (input.supplier_contact_id != null) {
      [contact] = await db
        .select()
        .from(supplierContacts)
        .where(eq(supplierContacts.id, input.supplier_contact_id));
      if (
        !contact ||
        contact.supplierId !== supplier.id ||
        contact.regionId !== ctx.outlet.regionId ||
        !contactOffered(supplier, contact)
      )
        throw validationError({ supplier_contact_id: [LENS_ORDER_MESSAGES.contactNotOffered] });
    }
    if (input.to != null) {
      const [to] = await db.select().from(outlets).where(eq(outlets.id, input.to));
      if (!to?.isActive) throw validationError({ to: ["The selected outlet is invalid."] });
    }
    if (input.outlet_id != null) {
      const [from] = await db.select().from(outlets).where(eq(outlets.id, input.outlet_id));
      if (!from) throw validationError({ outlet_id: ["The selected outlet is invalid."] });
    }
    const { count, open } = await countFor(ctx.item.id);
    // An open order refuses the same way whatever the form believed (a stale "new" would otherwise
    // be told it needs a reason, a "repeat" that it may go on): cancel that order first.
    if (open)
      throw new AppError(
        "conflict",
        LENS_ORDER_MESSAGES.alreadyOrdered(
          toSummaryWire(open, await supplierName(open.supplierId)).status_label,
        ),
      );
    const formErrors = lensOrderFormErrors(
      {
        to: input.to,
        lenses: input.lenses,
        need_to_edge: input.need_to_edge,
        contact: input.supplier_contact_id,
        reason: input.reason,
        description: input.description,
        notes: input.notes,
      },
      {
        repeat: count > 0,
        apiContact: isApiContact(contact),
        cutOptions: cutOptionsFor(supplier.allowsCut),
        supplierName: supplier.name,
        supplierNotesMax: supplier.notesMaxLength,
      },
    );
    const errors = Object.entries(formErrors);
    if (errors.length) {
      // A form that thought this was a first order now needs a reason: say so plainly.
      if (input.type === "new" && count > 0 && (formErrors.reason || formErrors.description))
        throw new AppError("conflict", LENS_ORDER_MESSAGES.nowRepeat);
      throw validationError(
        Object.fromEntries(errors.map(([k, m]) => [k === "contact" ? "supplier_contact_id" : k, [m]])),
      );
    }
    if (input.type === "repeat" && count === 0) throw new AppError("conflict", LENS_ORDER_MESSAGES.notRepeat);
    if (!contact) throw validationError({ supplier_contact_id: [LENS_ORDER_MESSAGES.contactRequired] });

    const channelTransport = (() => {
      try {
        return suppliers.transportFor(supplier.kind, contact.channel).name;
      } catch (err) {
        throw validationError({ supplier_contact_id: [(err as Error).message] });
      }
    })();

    // One short transaction with the item locked: the count and the open order are read again
    // under the lock, and the partial unique index stops a second open order whatever happens.
    return db
      .transaction(async (txx) => {
        const tx = txx as unknown as Db;
        await lockItem(tx, ctx.item.id);
        // Read again under the lock: a customer change that committed since the checks above.
        await refuseWhileReentryNeeded(tx, ctx.item.id);
        // A retry that raced the first request with the same key: it answers that order.
        const [raced] = await tx.select().from(lensOrders).where(eq(lensOrders.idempotencyKey, key));
        if (raced) return { raced };
        const now = await countFor(ctx.item.id, tx);
        if (now.open)
          throw new AppError(
            "conflict",
            LENS_ORDER_MESSAGES.alreadyOrdered(
              toSummaryWire(now.open, await supplierName(now.open.supplierId, tx)).status_label,
            ),
          );
        if (now.count > 0 && count === 0) throw new AppError("conflict", LENS_ORDER_MESSAGES.nowRepeat);
        for (const kind of ["hoya", "shamir"] as const) {
          const code = kind === "hoya" ? ctx.item.hoyaStatus : ctx.item.shamirStatus;
          if (!itemCodeAllowsOrder(kind, code))
            throw new AppError(
              "conflict",
              LENS_ORDER_MESSAGES.alreadyOrdered(supplierState(kind, code!).label),
            );
        }
        const sequence = (now.rows.at(-1)?.sequence ?? 0) + 1;
        const reference = lensOrderReference(ctx.job.vendInvoiceNumber, ctx.item.id, sequence);
        const record = await lensOrderRecord(tx, snap, {
          job: reference,
          client: clientName(ctx.job),
          account: contact.accountNumber,
          eyes: input.lenses,
          edging: input.need_to_edge,
          notes: input.notes,
          lensType: ctx.product.lensesType,
          manufacturer: supplier.name,
          supplier,
        });
        const [inserted] = await tx
          .insert(lensOrders)
          .values({
            orderId: ctx.job.id,
            orderItemId: ctx.item.id,
            customerId: ctx.job.customerId,
            sequence,
            reference,
            idempotencyKey: key,
            supplierId: supplier.id,
            supplierKind: supplier.kind,
            contactId: contact.id,
            transport: channelTransport,
            state: "pending",
            statusCode: SUPPLIER_STATE_RULES[supplier.kind].sent,
            open: true,
            isRepeat: count > 0,
            repeatOfId: count > 0 ? (now.original?.id ?? null) : null,
            repeatReason: count > 0 ? (input.reason ?? null) : null,
            description: input.description?.trim() || null,
            notes: input.notes?.trim() || null,
            lenses: input.lenses,
            needToEdge: input.need_to_edge,
            frameSize,
            lensOptionId: lens?.id ?? null,
            lensName: lens?.lenses.name ?? "",
            deliverToOutletId: input.to!,
            fromOutletId: input.outlet_id ?? staff.outletId ?? null,
            itemStatusBeforeId: ctx.item.dispenseStatusId,
            selectionRevision: ctx.revision,
            snapshot: snap as Record<string, unknown>,
            record,
            placedBy: staff.id,
          })
          .returning();
        await event(tx, inserted, {
          code: null,
          label: "Sending",
          description: `To ${supplier.name} through ${contactFullName(contact) || contact.mail || contact.channel}`,
          source: "staff",
          staffId: staff.id,
        });
        return { inserted, ctx };
      })
      .catch(async (err): Promise<{ raced: LensOrderRow }> => {
        if (!uniqueViolation(err)) throw err;
        const [raced] = await db.select().from(lensOrders).where(eq(lensOrders.idempotencyKey, key));
        if (raced) return { raced };
        throw new AppError("conflict", LENS_ORDER_MESSAGES.alreadyOrdered("Sending"));
      });
  }

  // -------------------------------------------------------------------------------------------
  // Use cases

  return {
    wire,
    /** Takes an `unknown` order back up with its own key (Send again of a "Not sent" order, issue 33). */
    redrive: answerExisting,

    /** Order Lenses (§2, §5, §7): checks, one pending order under the item's lock, the supplier called after commit. */
    async place(staff: StaffRow, raw: unknown, audit: Audit, headerKey?: string) {
      const input = parseOrThrow(lensOrderPayloadSchema, raw);
      // The session says who orders; a payload naming someone else is refused, not silently rewritten.
      if (input.user_id != null && input.user_id !== staff.id)
        throw new AppError("forbidden", LENS_ORDER_MESSAGES.notYourUserId, {
          user_id: [LENS_ORDER_MESSAGES.notYourUserId],
        });
      const key = headerKey?.trim() || input.idempotency_key || randomUUID();
      if (key.length < 8 || key.length > 100)
        throw validationError({ idempotency_key: ["The idempotency key must be 8 to 100 characters."] });
      const twin = async () => {
        const [same] = await db.select().from(lensOrders).where(eq(lensOrders.idempotencyKey, key));
        if (!same) return null;
        if (same.orderItemId !== input.item)
          throw validationError({ idempotency_key: ["This key belongs to another item's lens order."] });
        return same;
      };
      const same = await twin();
      if (same) return answerExisting(same, staff, audit);
      let claim: Awaited<ReturnType<typeof claimNew>>;
      try {
        claim = await claimNew(staff, input, key);
      } catch (err) {
        // A twin with this key (a double click, a retry) may have placed the order between the look
        // above and the checks, which then see it as an earlier order: answer the twin's order, not
        // a refusal meant for a different second order.
        const raced = err instanceof AppError ? await twin() : null;
        if (!raced) throw err;
        claim = { raced };
      }
      if ("raced" in claim) return answerExisting(claim.raced, staff, audit);
      const { inserted: row, ctx } = claim;
      await drive(row, ctx, staff, audit);
      await reindexJobs(database, search, [row.orderId]);
      return wire(row.id);
    },

    /** `GET /order_lens/count`: above 0 the next order is a repeat. */
    async count(itemId: number) {
      const ctx = await loadItemContext(db, itemId);
      if (!ctx) throw notFound("Order item");
      const { count, original, open } = await countFor(itemId);
      return {
        count,
        is_repeat: count > 0,
        original_order_id: original?.id ?? null,
        open_order: open ? toSummaryWire(open, await supplierName(open.supplierId)) : null,
      };
    },

    async listForItem(itemId: number) {
      const ctx = await loadItemContext(db, itemId);
      if (!ctx) throw notFound("Order item");
      return wires((await itemOrders(itemId)).reverse());
    },

    /** `GET /staff/suppliers/{id}?order_item_id`: the supplier as Order Lenses needs it for this item. */
    async supplierForItem(supplierId: number, itemId: number) {
      const supplierWire = await suppliersService.one(supplierId);
      const ctx = await loadItemContext(db, itemId);
      if (!ctx) throw validationError({ order_item_id: ["The selected item does not exist."] });
      const [supplier] = await db.select().from(lensSuppliers).where(eq(lensSuppliers.id, supplierId));
      const { count, original, open } = await countFor(itemId);
      const lens = infoOf(ctx).data?.lens_addon_combination ?? null;
      const contacts = supplierWire.contacts.filter(
        (c) =>
          c.region_id === ctx.outlet.regionId &&
          contactOffered(supplier, { isActive: c.is_active, channel: c.channel } as ContactRow),
      );
      const delivery = supplierWire.delivery_outlets.find((d) => d.region_id === ctx.outlet.regionId);
      return {
        ...supplierWire,
        contacts,
        order_item_id: itemId,
        default_delivery_outlet_id: delivery?.outlet_id ?? ctx.item.outletId,
        edge_options: edgeOptionsFor(supplierWire.cut_options),
        order_count: count,
        is_repeat: count > 0,
        original_order_id: original?.id ?? null,
        open_order: open ? toSummaryWire(open, await supplierName(open.supplierId)) : null,
        blockers: [
          ...((await itemsNeedingReentry(db, [ctx.item], () => ctx.job.customerId)).size
            ? [PRESCRIPTION_REENTRY_MESSAGES.lensOrderRefused]
            : []),
          ...blockersFor(ctx, lens),
        ],
        current_lens_option_id: lens?.id ?? null,
      };
    },

    /** Cancel (§4): only at a code the kind allows; the supplier has the last word; the item goes back. */
    async cancel(staff: StaffRow, id: number, expectKind?: SupplierKind) {
      const [row] = await db.select().from(lensOrders).where(eq(lensOrders.id, id));
      if (!row) throw notFound("Lens order");
      if (expectKind && row.supplierKind !== expectKind)
        throw new AppError(
          "conflict",
          LENS_ORDER_MESSAGES.wrongKindForCancel(expectKind === "hoya" ? "Hoya" : "Shamir"),
        );
      if (row.state === "cancelled") return wire(row.id);
      const label = toSummaryWire(row, "").status_label;
      if (!canCancelLensOrder(row.supplierKind, row.state, row.statusCode))
        throw new AppError("conflict", LENS_ORDER_MESSAGES.notCancellable(label));
      const transport = suppliers.byName(row.transport, row.supplierKind);
      if (!transport)
        throw new AppError("conflict", "This order's supplier channel is no longer configured.");
      const [contact] = await db
        .select()
        .from(supplierContacts)
        .where(eq(supplierContacts.id, row.contactId));
      const [supplier] = await db.select().from(lensSuppliers).where(eq(lensSuppliers.id, row.supplierId));
      const rules = SUPPLIER_STATE_RULES[row.supplierKind];
      let code: number;
      try {
        ({ statusCode: code } = await transport.cancel(refOf(row, contact, supplier), rules.cancelled));
      } catch (err) {
        if (err instanceof LensSupplierError && err.kind === "rejected") {
          await db.insert(lensOrderEvents).values({
            lensOrderId: row.id,
            statusCode: row.statusCode,
            label: "Cancel refused by the supplier",
            description: err.message,
            source: "lab",
            staffUserId: staff.id,
          });
          // The lab may have moved on: catch up with it so the screen shows why.
          await refresh([row]);
          throw new AppError("conflict", err.message, { supplier: [err.message] });
        }
        throw new AppError("upstream_failed", LENS_ORDER_MESSAGES.supplierUnavailable(supplier.name), {
          supplier: [(err as Error).message],
        });
      }
      const cancelledCode =
        supplierState(row.supplierKind, code).phase === "cancelled" ? code : rules.cancelled;
      await db.transaction(async (txx) => {
        const tx = txx as unknown as Db;
        const [r] = await tx
          .update(lensOrders)
          .set({
            state: "cancelled",
            statusCode: cancelledCode,
            open: false,
            nextPollAt: null,
            updatedAt: new Date(),
          })
          .where(and(eq(lensOrders.id, row.id), eq(lensOrders.state, "placed")))
          .returning();
        if (!r) return;
        await event(tx, r, {
          code: cancelledCode,
          label: supplierState(row.supplierKind, cancelledCode).label,
          description: `Cancelled by ${staffName(staff)}`,
          source: "staff",
          staffId: staff.id,
        });
        const orderedId = await itemStatusId(tx, LENS_ORDER_ITEM_STATUS.ordered);
        const item = { status: await itemStatusOf(tx, row.orderItemId) };
        await applyLensOrderToItem(
          tx,
          row.orderItemId,
          {
            statusId: item?.status === orderedId ? row.itemStatusBeforeId : null,
            ...mirror(row.supplierKind, itemCodeFor(row.supplierKind, cancelledCode)),
          },
          staff.id,
        );
        await recordJobEvents(tx, [
          {
            orderId: row.orderId,
            orderItemId: row.orderItemId,
            kind: "lens_cancelled",
            toValue: `${row.reference} · ${supplier.name}`,
            staffUserId: staff.id,
          },
        ]);
      });
      await reindexJobs(database, search, [row.orderId]);
      return wire(row.id);
    },

    /**
     * `POST /io-api/order/updateOrder` (ADR 0024): a lab's report or a staff correction of one order.
     * A status moves only forwards and never out of a closed order; the rest is recorded as sent.
     */
    async update(staff: StaffRow, input: LensOrderUpdate) {
      const [row] = await db.select().from(lensOrders).where(eq(lensOrders.id, input.lens_order_id));
      if (!row) throw notFound("Lens order");
      const kind = row.supplierKind;
      const from = supplierState(kind, row.statusCode);
      const code = input.status_code ?? row.statusCode;
      const refuse = (message: string, field = "status_code") =>
        new AppError("conflict", message, { [field]: [message] });
      if (code !== row.statusCode) {
        if (!(code in SUPPLIER_STATE_RULES[kind].states))
          throw validationError({
            status_code: [LENS_ORDER_MESSAGES.notAStatusOf(code, await supplierName(row.supplierId))],
          });
        if (row.state === "pending" || row.state === "unknown")
          throw refuse(LENS_ORDER_MESSAGES.orderInProgress);
        const label = toSummaryWire(row, "").status_label;
        if (row.state !== "placed" || isFinalLensPhase(from.phase))
          throw refuse(LENS_ORDER_MESSAGES.closedOrder(label));
        if (!isLensStatusMove(kind, row.statusCode, code))
          throw refuse(LENS_ORDER_MESSAGES.statusBackwards(label, supplierState(kind, code).label));
      }
      await db.transaction(async (txx) => {
        const tx = txx as unknown as Db;
        // Under the row's lock, so the version checked is the one changed.
        const [locked] = await tx.select().from(lensOrders).where(eq(lensOrders.id, row.id)).for("update");
        const stale = input.updated_at && new Date(input.updated_at).getTime() !== locked.updatedAt.getTime();
        if (stale || locked.statusCode !== row.statusCode || locked.state !== row.state)
          throw refuse(LENS_ORDER_MESSAGES.updateStale, "updated_at");
        const notes = {
          ...(input.supplier_reference !== undefined && {
            supplierReference: input.supplier_reference || null,
          }),
          ...(input.description !== undefined && { description: input.description?.trim() || null }),
        };
        const [fresh] = await tx
          .update(lensOrders)
          .set({ ...notes, updatedAt: new Date() })
          .where(eq(lensOrders.id, row.id))
          .returning();
        const reported = await applyReportIn(
          tx,
          fresh,
          {
            idempotencyKey: row.idempotencyKey,
            statusCode: code,
            eta: input.eta ?? row.eta,
            trackingNumber: input.tracking_number ?? row.trackingNumber,
            message: input.message ?? null,
          },
          staff,
        );
        if (!reported && Object.keys(notes).length)
          await event(tx, fresh, {
            code: fresh.statusCode,
            label: "Details corrected",
            description: input.message ?? `Corrected by ${staffName(staff)}`,
            source: "staff",
            staffId: staff.id,
          });
      });
      await reindexJobs(database, search, [row.orderId]);
      return wire(row.id);
    },

    /** The Hoya call (§7): the item's open Hoya-type order, or the one named. */
    async hoyaOrderOf(itemId: number | undefined, lensOrderId: number | undefined) {
      if (lensOrderId) return lensOrderId;
      if (!itemId) throw validationError({ order_item_id: ["The order item id field is required."] });
      const [row] = await db
        .select()
        .from(lensOrders)
        .where(and(eq(lensOrders.orderItemId, itemId), eq(lensOrders.supplierKind, "hoya")))
        .orderBy(desc(lensOrders.sequence))
        .limit(1);
      if (!row) throw new AppError("not_found", LENS_ORDER_MESSAGES.noOrderToCancel("Hoya"));
      return row.id;
    },

    /** `GET /order_lens_status_check`: asks the suppliers now about the job's or item's orders. */
    async statusCheck(query: { order_id?: number; order_item_id?: number }) {
      if (!query.order_id && !query.order_item_id)
        throw validationError({ order_id: ["Give an order_id or an order_item_id."] });
      const rows = await db
        .select()
        .from(lensOrders)
        .where(
          and(
            query.order_id ? eq(lensOrders.orderId, query.order_id) : undefined,
            query.order_item_id ? eq(lensOrders.orderItemId, query.order_item_id) : undefined,
          ),
        )
        .orderBy(desc(lensOrders.id));
      try {
        await refresh(rows);
      } catch (err) {
        if (err instanceof LensSupplierError)
          throw new AppError("upstream_failed", err.message, { supplier: [err.message] });
        throw err;
      }
      const fresh = rows.length
        ? await db
            .select()
            .from(lensOrders)
            .where(
              inArray(
                lensOrders.id,
                rows.map((r) => r.id),
              ),
            )
            .orderBy(desc(lensOrders.id))
        : [];
      return wires(fresh);
    },

    refresh,
    rows: (ids: number[]) =>
      ids.length ? db.select().from(lensOrders).where(inArray(lensOrders.id, ids)) : Promise.resolve([]),

    /** The DCS record and the order sheet as sent (the access log records who read them). */
    async record(id: number) {
      const [row] = await db.select().from(lensOrders).where(eq(lensOrders.id, id));
      if (!row) throw notFound("Lens order");
      return row;
    },
    async sheet(id: number) {
      const [row] = await db.select().from(lensOrders).where(eq(lensOrders.id, id));
      if (!row) throw notFound("Lens order");
      const ctx = await loadItemContext(db, row.orderItemId);
      if (!ctx) throw notFound("Order item");
      return { row, pdf: await (await requestFor(row, ctx)).sheet() };
    },
  };
}
export type LensOrdersService = ReturnType<typeof createLensOrdersService>;
