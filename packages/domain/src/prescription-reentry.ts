// Changing a job's customer (jobs-area §4 Job edit step: "Changing the customer on an order means
// prescriptions must be re-entered"; §8 the notice). The old customer's prescription, PD and the
// lens chosen for them leave the item's selection in a new revision that carries a marker; the
// marker stays until the job edit saves the item again. Issue 24, ADR 0028.

export const PRESCRIPTION_REENTRY_REASON = "customer_changed" as const;

export const PRESCRIPTION_REENTRY_MESSAGES = {
  /** Order Lenses refuses an item that still waits for its prescription (409). */
  lensOrderRefused:
    "The customer of this job changed: save the item's prescription, PD and lenses again before ordering lenses.",
  /** What the docket prints where the prescription and PD would be. */
  docket: "Prescription to be re-entered",
  /** A restore of a revision made with someone else's prescription or PD (409). */
  restoreRefused:
    "This revision was saved with another customer's prescription or PD: choose the prescription, PD and lenses again instead.",
  /** A save that raced a customer change (409). */
  customerChangedDuringSave:
    "The customer of this job changed while this selection was being saved: open the job edit again.",
} as const;

/** The marker a cleared selection carries in `additional_info.reentry`. */
export interface PrescriptionReentryMarker {
  reason: typeof PRESCRIPTION_REENTRY_REASON;
  previous_customer_id: number | null;
  /** ISO instant of the customer change. */
  at: string;
}

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj | null => (v && typeof v === "object" && !Array.isArray(v) ? (v as Obj) : null);

/**
 * Whether the item's saved selection waits for its prescription, PD and lenses to be chosen
 * again because the job's customer changed. The job edit's next save clears it.
 */
export function needsPrescriptionReentry(additionalInfo: Obj | null | undefined): boolean {
  return obj(additionalInfo?.reentry)?.reason === PRESCRIPTION_REENTRY_REASON;
}

/** The ids of the prescription and PD a saved selection was made with (null when none). */
export function selectionPrescriptionIds(additionalInfo: Obj | null | undefined): {
  prescriptionId: number | null;
  pdId: number | null;
} {
  const data = obj(additionalInfo?.data);
  const selection = obj(additionalInfo?.selection);
  const id = (v: unknown) => (typeof v === "number" && Number.isInteger(v) ? v : null);
  return {
    prescriptionId: id(obj(data?.prescription)?.id) ?? id(obj(selection?.prescription)?.id),
    pdId: id(obj(data?.pd)?.id) ?? id(selection?.pdId),
  };
}

/**
 * Whether a saved selection holds a prescription or PD, i.e. something that belongs to a
 * customer and must leave with them.
 */
export const holdsPrescriptionOrPd = (additionalInfo: Obj | null | undefined) => {
  const { prescriptionId, pdId } = selectionPrescriptionIds(additionalInfo);
  const data = obj(additionalInfo?.data);
  return prescriptionId != null || pdId != null || Boolean(data?.prescription || data?.pd);
};

/**
 * The selection and additional_info of the revision a customer change writes: the frame stays,
 * the prescription, PD and lens (and what was worked out from them) go, and the marker says why.
 */
export function clearedForReentry(
  previous: { selection: Obj; additionalInfo: Obj },
  next: { revision: number; marker: PrescriptionReentryMarker; savedBy: { id: number; full_name: string } },
): { selection: Obj; additionalInfo: Obj } {
  const selection: Obj = {
    ...previous.selection,
    prescription: null,
    pdId: null,
    product_lens_addons_id: null,
    lens_warning_message: null,
  };
  const data = obj(previous.additionalInfo.data) ?? {};
  return {
    selection,
    additionalInfo: {
      ...previous.additionalInfo,
      id: next.revision,
      revision: next.revision,
      restored_from: undefined,
      saved_at: next.marker.at,
      saved_by: next.savedBy,
      selection,
      data: {
        ...data,
        prescription: null,
        pd: null,
        lens_addon_combination: null,
        contact_lens: null,
      },
      pdPresenter: null,
      lensesToPick: [],
      lens_colour: null,
      lens_warning_message: null,
      reentry: next.marker,
    },
  };
}

/** The notice's list of items to edit: "Item 1 (Milo frame + multifocal lenses), Item 3 (…)". */
export const reentryItemsText = (items: readonly { position: number; name: string }[]) =>
  items.map((i) => `Item ${i.position} (${i.name})`).join(", ");
