import {
  countsAsOrdered,
  edgeOptionsFor,
  isZeiss,
  lensOrderBlockers,
  PRESCRIPTION_REENTRY_MESSAGES,
  pdErrorForLensType,
} from "@loupe/domain";
import { asc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { AppError, notFound, validationError } from "../../platform/http/app-error";
import { itemsNeedingReentry } from "../jobs";
import { type ContactRow, contactOffered } from "../suppliers";
import type { Info, LensOrderDeps, Snapshot } from "./lens-order-deps";
import { itemWithCustomer } from "./lens-order-not-sent.queries";
import { type LensOrderRow, toLensOrderWire, toSummaryWire } from "./lens-orders.mappers";
import {
  type ItemContext,
  lensOrderNames,
  loadItemContext,
  supplierNameWithId,
  supplierWithId,
} from "./lens-orders.queries";
import { lensOrderEvents, lensOrders } from "./lens-orders.tables";

// Reading: the wires, an item's orders and their count, why Order Lenses is disabled, and what
// the Order Lenses modal reads.

export function createLensOrderReads(deps: LensOrderDeps) {
  const { db, suppliersService } = deps;

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
    const [s] = await supplierNameWithId(tx, id);
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
    const row = await itemWithCustomer(tx, itemId);
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

  return {
    wires,
    wire,
    supplierName,
    countFor,
    infoOf,
    refuseWhileReentryNeeded,
    blockersFor,

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
      const [supplier] = await supplierWithId(db, supplierId);
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

    rows: (ids: number[]) =>
      ids.length ? db.select().from(lensOrders).where(inArray(lensOrders.id, ids)) : Promise.resolve([]),
  };
}
export type LensOrderReads = ReturnType<typeof createLensOrderReads>;
