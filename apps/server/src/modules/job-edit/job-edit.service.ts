import type { LensOptionWire, PdWire, PrescriptionWire } from "@loupe/contract";
import {
  availableLensOptions,
  type ItemSelection,
  isContactLensProduct,
  itemSelectionSchema,
  JOB_EDIT_MESSAGES,
  LENS_TYPES,
  lensListMessages,
  lensTypeId,
  PRESCRIPTION_REENTRY_MESSAGES,
  type PrescriptionPurpose,
  pdPurposeFor,
  selectionChanges,
  selectionSaveErrors,
  versionConflictMessage,
} from "@loupe/domain";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { inRequestTransaction } from "../../platform/db/request-transaction";
import { AppError, notFound, validationError } from "../../platform/http/app-error";
import { parseOrThrow } from "../../platform/http/validate";
import { settledLater } from "../../platform/settled-later";
import type { Slots } from "../../platform/slots";
import { itemsWithForeignPrescription, recordJobEvents, setItemAdditionalInfo, toItemWires } from "../jobs";
import type { OutboxService } from "../outbox";
import { createPdsService } from "../pds";
import { createPrescriptionsService } from "../prescriptions";
import { outletTimeZoneOf } from "../reference";
import type { StaffRow } from "../staff";
import {
  coloursWithIds,
  itemWithId,
  itemWithOrderAndProduct,
  jobCustomerForShare,
  latestRevisionWithStaff,
  lensOptionRows,
  type ProductRow,
  productsOfRegion,
  productWithId,
  productWithLensOptions,
  revisionsWithStaff,
} from "./job-edit.queries";
import { selectionAdditionalInfo, toLensOptionWires } from "./job-edit.snapshot";
import { orderItemSelections } from "./job-edit.tables";

const money = (minor: number) => minor / 100;

export interface LensOptionsQuery {
  region_product_id: number;
  prescription_id?: number;
  prescription_type?: PrescriptionPurpose;
  pd_id?: number;
  frame_size?: string;
}

export function productWire(p: ProductRow) {
  const type = LENS_TYPES.find((t) => t.id === lensTypeId(p.lensesType));
  return {
    id: p.id,
    region_id: p.regionId,
    name: p.name,
    price: money(p.priceMinor),
    requires_prescription: p.requiresPrescription,
    product: { name: p.name, type: { key: p.productTypeKey } },
    parent_type: { key: p.parentTypeKey },
    lenses_type: p.lensesType,
    lens_type: type ? { id: type.id, key: type.key, name: type.name } : null,
  };
}

export function createJobEditService({ db, outbox, slots }: { db: Db; outbox: OutboxService; slots: Slots }) {
  const prescriptionsService = createPrescriptionsService({ db, outbox, slots });
  const pdsService = createPdsService({ db });

  async function product(id: number) {
    const [row] = await productWithId(db, id);
    if (!row) throw notFound("Product");
    return row;
  }

  async function optionRows(productId: number) {
    return lensOptionRows(db, productId);
  }

  /** The lens options, each with why it cannot be made (null when it can), in the preference order of §9. */
  async function lensOptions(
    p: ProductRow,
    rx: PrescriptionWire | null,
    pd: PdWire | null,
    frameSize: string | null | undefined,
  ): Promise<LensOptionWire[]> {
    return toLensOptionWires(await optionRows(p.id), rx, pd, frameSize);
  }

  const getRx = async (id: number | null | undefined) => (id ? prescriptionsService.get(id) : null);
  /** The PD presented for the product's lens type; the product may still be on its way. */
  const getPd = (
    id: number | null | undefined,
    product: ProductRow | Promise<ProductRow>,
    type: string | null | undefined,
  ) =>
    id
      ? pdsService.get(
          id,
          // Awaited after the PD's row: a product refused meanwhile is not an unhandled rejection.
          settledLater(
            Promise.resolve(product).then((p) => ({
              purpose: pdPurposeFor(p.lensesType, type),
              lensType: p.lensesType ?? undefined,
            })),
          ),
        )
      : Promise.resolve(null);

  async function loadItem(itemId: number) {
    const [row] = await itemWithOrderAndProduct(db, itemId);
    if (!row) throw notFound("Order item");
    return row;
  }

  async function currentRevision(itemId: number) {
    const [row] = await latestRevisionWithStaff(db, itemId);
    return row;
  }

  /** A save from a stale revision: 409 naming who saved first and when (ADR 0007's envelope). */
  async function staleSelection(staff: StaffRow, itemId: number, expected: number): Promise<AppError> {
    const current = await currentRevision(itemId);
    const fullName = current?.first != null ? `${current.first} ${current.last ?? ""}`.trim() : null;
    const at = current?.createdAt ?? new Date();
    return new AppError(
      "conflict",
      versionConflictMessage({
        record: "job selection",
        by: fullName,
        at,
        timeZone: await outletTimeZoneOf(db, staff.outletId, staff.regionId),
      }),
      undefined,
      {
        versionConflict: {
          record: "job selection",
          id: itemId,
          expected_version: expected,
          current_version: current?.revision ?? 0,
          updated_at: at.toISOString(),
          updated_by:
            current?.staffId != null && fullName ? { id: current.staffId, full_name: fullName } : null,
        },
      },
    );
  }

  /**
   * The primary key (order_item_id, revision) lets exactly one of several saves from the same
   * revision in, on any isolation level (`on conflict do nothing`); only that save then updates the
   * item, in the same transaction; the others insert nothing, update nothing, and answer 409. The job row is
   * share-locked first, so a customer change (which locks it for update and clears the items'
   * prescriptions) is either wholly before this save or waits for it; `customerId` is the customer
   * the selection was checked against. The timeline entry commits with the revision (issue 24).
   */
  async function writeRevision(
    staff: StaffRow,
    item: { id: number; orderId: number },
    customerId: number | null,
    expected: number | undefined,
    selection: Record<string, unknown>,
    build: (revision: number) => Record<string, unknown>,
    restore: { from: number; additionalInfo: Record<string, unknown> } | null,
  ) {
    const itemId = item.id;
    return inRequestTransaction(db, async () => {
      const [job] = await jobCustomerForShare(db, item.orderId);
      if (!job) throw notFound("Order");
      if (restore) {
        const foreign = await itemsWithForeignPrescription(
          db,
          [{ id: itemId, additionalInfo: restore.additionalInfo }],
          () => job.customerId,
        );
        if (foreign.size) throw new AppError("conflict", PRESCRIPTION_REENTRY_MESSAGES.restoreRefused);
      } else if (job.customerId !== customerId)
        throw new AppError("conflict", PRESCRIPTION_REENTRY_MESSAGES.customerChangedDuringSave);
      const base = expected ?? (await currentRevision(itemId))?.revision ?? 0;
      const revision = base + 1;
      const info = build(revision);
      const [before] = base
        ? await db
            .select({ selection: orderItemSelections.selection })
            .from(orderItemSelections)
            .where(and(eq(orderItemSelections.orderItemId, itemId), eq(orderItemSelections.revision, base)))
        : [];
      const written = await db.execute<{ order_item_id: number }>(sql`
        insert into ${orderItemSelections}
          (order_item_id, revision, selection, additional_info, restored_from, staff_user_id)
        values (${itemId}, ${revision}, ${JSON.stringify(selection)}::jsonb, ${JSON.stringify(info)}::jsonb,
          ${restore?.from ?? null}, ${staff.id})
        on conflict do nothing
        returning order_item_id`);
      const rows =
        (written as unknown as { rows?: { order_item_id: number }[] }).rows ??
        (written as unknown as { order_item_id: number }[]);
      if (!rows.length) throw await staleSelection(staff, itemId, base);
      // Only the save whose revision got in updates the item (jobs owns order_items, ADR 0034).
      await setItemAdditionalInfo(db, itemId, info);
      await recordJobEvents(db, [
        restore
          ? {
              orderId: item.orderId,
              orderItemId: itemId,
              kind: "selection_restored",
              fromValue: String(restore.from),
              toValue: String(revision),
              staffUserId: staff.id,
            }
          : {
              orderId: item.orderId,
              orderItemId: itemId,
              kind: "selection_saved",
              fromValue: selectionChanges(before?.selection ?? null, selection).join(", "),
              toValue: String(revision),
              staffUserId: staff.id,
            },
      ]);
      const [saved] = await itemWithId(db, itemId);
      return (await toItemWires(db, [saved], slots))[0];
    });
  }

  /**
   * The whole selection checked with the domain rules the panel uses, for the job's (or quote's)
   * customer: the prescription, PD, lens option and colours it names, or a 422 naming each field.
   */
  async function checkSelection(
    p: ProductRow,
    customerId: number | null,
    selection: Omit<ItemSelection, "revision">,
  ) {
    const contactLens = isContactLensProduct(p.parentTypeKey);
    const errors: Record<string, string[]> = {};
    const belongs = async <T extends { customer_id: number | null }>(
      field: string,
      label: string,
      load: () => Promise<T | null>,
    ) => {
      try {
        const row = await load();
        if (row && row.customer_id !== customerId) {
          errors[field] = [`This ${label} belongs to another customer.`];
          return null;
        }
        return row;
      } catch (e) {
        if (e instanceof AppError && e.code === "not_found") {
          errors[field] = [`The selected ${label} does not exist.`];
          return null;
        }
        throw e;
      }
    };
    const rx = await belongs("prescription", "prescription", () => getRx(selection.prescription?.id));
    const pd = contactLens
      ? null
      : await belongs("pdId", "PD", () => getPd(selection.pdId, p, selection.prescription?.type));
    let option: LensOptionWire | null = null;
    let options: LensOptionWire[] = [];
    if (!contactLens && selection.product_lens_addons_id) {
      options = await lensOptions(p, rx, pd, selection.customize.front.size);
      option = options.find((o) => o.id === selection.product_lens_addons_id) ?? null;
      if (!option) errors.product_lens_addons_id = ["This lens option is not offered for this product."];
    }
    const colourIds = [
      selection.customize.front.colorId,
      selection.customize.left.colorId,
      selection.customize.right.colorId,
    ].filter((c): c is number => c != null);
    const colourRows = colourIds.length ? await coloursWithIds(db, colourIds) : [];
    const colour = new Map(colourRows.map((c) => [c.id, c]));
    const front = selection.customize.front.colorId;
    if (!contactLens) {
      if (front != null && colour.get(front)?.type !== "Frame")
        errors.frameColor = ["The Frame color field is not a frame colour."];
      for (const side of ["left", "right"] as const) {
        const id = selection.customize[side].colorId;
        if (id != null && colour.get(id)?.type !== "Temple")
          errors.armColor = ["The Arm color field is not an arm colour."];
      }
    }
    const ruleErrors = selectionSaveErrors(selection, {
      lensType: p.lensesType,
      requiresPrescription: p.requiresPrescription,
      prescription: rx,
      pd,
      lensChosen: Boolean(selection.product_lens_addons_id),
      lensInvalid: option?.invalid_error_msg ?? null,
      contactLens,
    });
    for (const [k, m] of Object.entries(ruleErrors)) errors[k] ??= [m];
    if (Object.keys(errors).length) throw validationError(errors);
    return {
      contactLens,
      colour: (id: number | null | undefined) => colour.get(id ?? -1),
      prescription: rx,
      pd,
      option,
      options,
    };
  }

  return {
    async lensOptions(q: LensOptionsQuery) {
      // The prescription and the PD are read beside the product (the PD presented for the product's
      // lens type once that is known); their refusals still come in the order they did one by one.
      const productRead = settledLater(productWithLensOptions(db, q.region_product_id));
      const rxRead = settledLater(getRx(q.prescription_id));
      const pdRead = settledLater(
        getPd(
          q.pd_id,
          // No product, no PD to present: the call is refused for the product first.
          settledLater(productRead.then((f) => f?.product ?? Promise.reject(notFound("Product")))),
          q.prescription_type,
        ),
      );
      const found = await productRead;
      if (!found) throw notFound("Product");
      const rx = await rxRead;
      const pd = await pdRead;
      const data = toLensOptionWires(found.options, rx, pd, q.frame_size);
      const messages = lensListMessages(q.frame_size, data);
      return {
        data,
        invalid_error_msg: availableLensOptions(data).length ? null : (messages.at(-1) ?? null),
        messages,
      };
    },

    async lensType(productId: number) {
      return productWire(await product(productId));
    },

    async products(regionId?: number) {
      const rows = await productsOfRegion(db, regionId);
      return rows.map(productWire);
    },

    /** Validates the whole selection with the domain rules the panel uses, then saves it as the next revision. */
    async save(staff: StaffRow, itemId: number, input: unknown) {
      const selection: ItemSelection = parseOrThrow(itemSelectionSchema, input);
      const { order, product: p } = await loadItem(itemId);
      const checked = await checkSelection(p, order.customerId, selection);
      const { revision: expected, ...payload } = selection;
      const staffName = `${staff.firstName} ${staff.lastName}`.trim();
      return writeRevision(
        staff,
        { id: itemId, orderId: order.id },
        order.customerId,
        expected,
        payload,
        (revision) =>
          selectionAdditionalInfo({
            ...checked,
            revision,
            savedAt: new Date(),
            staff: { id: staff.id, full_name: staffName },
            selection: payload,
            product: p,
          }),
        null,
      );
    },

    /**
     * A quote line's selection (issue 44): checked with the same rules as a save, for the quote's
     * customer, and answered as the additional_info a save would write now (prescription, PD and
     * lens as they are today). The quote keeps it; accepting writes it as the item's first
     * revision (`writeQuotedSelection`), so the job is made with what was quoted.
     */
    async quoteSelection(
      staff: StaffRow,
      productId: number,
      customerId: number | null,
      selection: Omit<ItemSelection, "revision">,
    ) {
      const p = await product(productId);
      const checked = await checkSelection(p, customerId, selection);
      return selectionAdditionalInfo({
        ...checked,
        revision: 1,
        savedAt: new Date(),
        staff: { id: staff.id, full_name: `${staff.firstName} ${staff.lastName}`.trim() },
        selection,
        product: p,
      });
    },

    async revisions(itemId: number) {
      await loadItem(itemId);
      const rows = await revisionsWithStaff(db, itemId);
      return rows.map(({ r, first, last }) => ({
        revision: r.revision,
        created_at: r.createdAt.toISOString(),
        staff:
          r.staffUserId != null && first != null
            ? { id: r.staffUserId, full_name: `${first} ${last ?? ""}`.trim() }
            : null,
        restored_from: r.restoredFrom,
        additional_info: r.additionalInfo,
      }));
    },

    /** An earlier revision saved again as the newest, with the values it was made with (not today's prescription). */
    async restore(staff: StaffRow, itemId: number, revision: number, expected: number | undefined) {
      const { order } = await loadItem(itemId);
      const [old] = await db
        .select()
        .from(orderItemSelections)
        .where(and(eq(orderItemSelections.orderItemId, itemId), eq(orderItemSelections.revision, revision)));
      if (!old) throw notFound("Revision");
      const staffName = `${staff.firstName} ${staff.lastName}`.trim();
      return writeRevision(
        staff,
        { id: itemId, orderId: order.id },
        order.customerId,
        expected,
        old.selection,
        (next) => ({
          ...old.additionalInfo,
          id: next,
          revision: next,
          restored_from: revision,
          saved_at: new Date().toISOString(),
          saved_by: { id: staff.id, full_name: staffName },
        }),
        { from: revision, additionalInfo: old.additionalInfo },
      );
    },

    /** The first file of a contact-lens prescription. */
    async contactLensPrescriptionFileId(prescriptionId: number) {
      const rx = await prescriptionsService.get(prescriptionId);
      if (rx.type_id !== 2) throw notFound("Contact lens prescription");
      const file = rx.files[0];
      if (!file) throw notFound("Contact lens prescription file");
      return file.id;
    },
  };
}

export const JOB_EDIT_SAVED = JOB_EDIT_MESSAGES.saved;
