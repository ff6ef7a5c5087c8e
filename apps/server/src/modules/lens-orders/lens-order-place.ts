import { randomUUID } from "node:crypto";
import {
  cutOptionsFor,
  isApiContact,
  itemCodeAllowsOrder,
  LENS_ORDER_MESSAGES,
  type LensOrderPayload,
  lensOptionInvalidReason,
  lensOrderFormErrors,
  lensOrderPayloadSchema,
  lensOrderReference,
  REFUNDED_QUANTITY,
  SUPPLIER_STATE_RULES,
  supplierState,
} from "@loupe/domain";
import { eq } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { AppError, validationError } from "../../platform/http/app-error";
import { parseOrThrow } from "../../platform/http/validate";
import { reindexJobs } from "../jobs";
import type { StaffRow } from "../staff";
import { type ContactRow, contactFullName, contactOffered } from "../suppliers";
import type { Audit, LensOrderDeps, Snapshot } from "./lens-order-deps";
import { event } from "./lens-order-events";
import type { LensOrderReads } from "./lens-order-reads";
import { lensOrderRecord, refuseMissingPdValues } from "./lens-order-record";
import type { LensOrderSupplierRequest } from "./lens-order-supplier-request";
import type { LensOrderSupplierSend } from "./lens-order-supplier-send";
import { type LensOrderRow, toSummaryWire } from "./lens-orders.mappers";
import {
  contactWithId,
  type ItemContext,
  lensOptionOfProduct,
  loadItemContext,
  lockItem,
  lockJobAgainstCustomerChange,
  outletWithId,
  supplierWithId,
} from "./lens-orders.queries";
import { lensOrders } from "./lens-orders.tables";

const uniqueViolation = (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } };
  return (e.code ?? e.cause?.code) === "23505";
};

// Order Lenses: every check, one pending order claimed under the item's lock, then the send.

export function createLensOrderPlace(
  deps: LensOrderDeps,
  { wire, supplierName, countFor, infoOf, refuseWhileReentryNeeded, blockersFor }: LensOrderReads,
  { clientName }: LensOrderSupplierRequest,
  { drive, answerExisting }: LensOrderSupplierSend,
) {
  const { database, db, suppliers, search } = deps;

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

    const [supplier] = await supplierWithId(db, input.from);
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
      [contact] = await contactWithId(db, input.supplier_contact_id);
      if (
        !contact ||
        contact.supplierId !== supplier.id ||
        contact.regionId !== ctx.outlet.regionId ||
        !contactOffered(supplier, contact)
      )
        throw validationError({ supplier_contact_id: [LENS_ORDER_MESSAGES.contactNotOffered] });
    }
    if (input.to != null) {
      const [to] = await outletWithId(db, input.to);
      if (!to?.isActive) throw validationError({ to: ["The selected outlet is invalid."] });
    }
    if (input.outlet_id != null) {
      const [from] = await outletWithId(db, input.outlet_id);
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
        await lockJobAgainstCustomerChange(tx, ctx.job.id);
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

  return {
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
  };
}
