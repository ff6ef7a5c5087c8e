import type { LensOrderSummaryWire, LensOrderWire } from "@loupe/contract";
import { canCancelLensOrder, LENS_ORDER_MESSAGES, repeatReasonName, supplierState } from "@loupe/domain";
import type { lensOrderEvents, lensOrders } from "./lens-orders.tables";

export type LensOrderRow = typeof lensOrders.$inferSelect;
export type LensOrderEventRow = typeof lensOrderEvents.$inferSelect;

const iso = (d: Date) => d.toISOString();

/** The columns a lens order's summary shows (the job detail's statement reads only these). */
export type SummaryRow = Pick<
  LensOrderRow,
  | "id"
  | "reference"
  | "supplierId"
  | "supplierKind"
  | "state"
  | "statusCode"
  | "open"
  | "eta"
  | "trackingNumber"
  | "createdAt"
>;

export function toSummaryWire(r: SummaryRow, supplierName: string): LensOrderSummaryWire {
  const state = supplierState(r.supplierKind, r.statusCode);
  const label =
    r.state === "pending"
      ? "Sending"
      : r.state === "unknown"
        ? "Not confirmed by the supplier"
        : r.state === "failed"
          ? "Refused by the supplier"
          : r.state === "not_sent"
            ? LENS_ORDER_MESSAGES.notSentLabel
            : state.label;
  return {
    id: r.id,
    reference: r.reference,
    supplier_id: r.supplierId,
    supplier_name: supplierName,
    supplier_kind: r.supplierKind,
    state: r.state,
    status_code: r.statusCode,
    status_label: label,
    phase: r.state === "placed" || r.state === "cancelled" || r.state === "rejected" ? state.phase : r.state,
    open: r.open,
    can_cancel: canCancelLensOrder(r.supplierKind, r.state, r.statusCode),
    eta: r.eta,
    tracking_number: r.trackingNumber,
    created_at: iso(r.createdAt),
  };
}

type Names = {
  supplier: Map<
    number,
    { id: number; name: string; abbreviation: string; kind: LensOrderRow["supplierKind"] }
  >;
  contact: Map<
    number,
    { id: number; firstName: string; lastName: string; channel: string; mail: string | null }
  >;
  outlet: Map<number, { id: number; name: string; abbreviation: string }>;
  staff: Map<number, string>;
};

export function toLensOrderWire(r: LensOrderRow, events: LensOrderEventRow[], names: Names): LensOrderWire {
  const supplier = names.supplier.get(r.supplierId)!;
  const contact = names.contact.get(r.contactId)!;
  const outlet = (id: number | null) => {
    const o = id != null ? names.outlet.get(id) : undefined;
    return o ? { id: o.id, name: o.name, abbreviation: o.abbreviation } : null;
  };
  return {
    ...toSummaryWire(r, supplier.name),
    order_id: r.orderId,
    order_item_id: r.orderItemId,
    supplier: {
      id: supplier.id,
      name: supplier.name,
      abbreviation: supplier.abbreviation,
      kind: supplier.kind,
    },
    contact: {
      id: contact.id,
      full_name: `${contact.firstName} ${contact.lastName}`.trim(),
      channel: contact.channel,
      mail: contact.mail,
    },
    transport: r.transport,
    is_repeat: r.isRepeat,
    repeat_of_id: r.repeatOfId,
    repeat_reason: r.repeatReason,
    repeat_reason_name: repeatReasonName(r.repeatReason),
    description: r.description,
    notes: r.notes,
    lenses: r.lenses,
    need_to_edge: r.needToEdge,
    frame_size: r.frameSize,
    lens_option_id: r.lensOptionId,
    lens_name: r.lensName,
    deliver_to: outlet(r.deliverToOutletId)!,
    from_outlet: outlet(r.fromOutletId),
    supplier_reference: r.supplierReference,
    last_error: r.lastError,
    placed_by:
      r.placedBy != null ? { id: r.placedBy, full_name: names.staff.get(r.placedBy) ?? "Unknown" } : null,
    updated_at: iso(r.updatedAt),
    events: events
      .filter((e) => e.lensOrderId === r.id)
      .map((e) => ({
        status_code: e.statusCode,
        label: e.label,
        description: e.description,
        eta: e.eta,
        tracking_number: e.trackingNumber,
        source: e.source,
        by: e.staffUserId != null ? (names.staff.get(e.staffUserId) ?? "Unknown") : null,
        occurred_at: iso(e.occurredAt),
      })),
  };
}
