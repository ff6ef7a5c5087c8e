import type { LensOrderSummaryWire, ShipmentWire } from "@loupe/contract";
import type { Database } from "../../platform/db/client";
import type { regionProducts } from "../catalogue/catalogue.tables";
import type { SqlJsonPart } from "./jobs.slots";
import type { itemGroups, orderItems, orderPayments, orderRefunds, orders } from "./jobs.tables";
import { type JobsPageRow, type JsonRow, jobRowJson, rowDatesInPlace } from "./jobs-list.queries";
import { type SelectionOwners, selectionOwnersSql } from "./selection-owners.queries";

type ItemRow = typeof orderItems.$inferSelect;
type RefundRow = typeof orderRefunds.$inferSelect;

/** An item as the detail shows it: its columns, its product and its latest lens order. */
export type DetailItem = Pick<
  ItemRow,
  | "id"
  | "orderId"
  | "groupId"
  | "quantity"
  | "dispenseStatusId"
  | "outletId"
  | "unitPriceMinor"
  | "totalAmountMinor"
  | "discountAmountMinor"
  | "deliveryTypeId"
  | "regionProductId"
  | "hoyaStatus"
  | "shamirStatus"
  | "nextScheduledDate"
  | "additionalInfo"
> & {
  product: Pick<
    typeof regionProducts.$inferSelect,
    "id" | "priceMinor" | "requiresPrescription" | "name" | "productTypeKey" | "lensesType" | "parentTypeKey"
  >;
  lensOrder: LensOrderSummaryWire | null;
};

/** A refund as the detail shows it, with its credit note's code and its approver's names. */
export type DetailRefund = Pick<
  RefundRow,
  | "id"
  | "kind"
  | "amountMinor"
  | "method"
  | "status"
  | "scope"
  | "reason"
  | "error"
  | "lines"
  | "idempotencyKey"
  | "createdAt"
> & {
  creditNote: string | null;
  approver: { firstName: string; lastName: string } | null;
};

/** A payment as the Payments panel lists it (issue 44), with the name of who took it. */
export interface DetailPayment {
  id: number;
  amountMinor: number;
  paymentTypeName: string;
  tender: (typeof orderPayments.$inferSelect)["tender"];
  reference: string | null;
  kind: (typeof orderPayments.$inferSelect)["kind"];
  takenBy: { firstName: string; lastName: string } | null;
  createdAt: Date;
}

/** Everything the job detail shows, as its one statement read it. */
export interface JobDetailRows extends SelectionOwners {
  row: JobsPageRow;
  coupons: (typeof orders.$inferSelect)["coupons"];
  groups: Pick<typeof itemGroups.$inferSelect, "id" | "name" | "type">[];
  items: DetailItem[];
  payments: DetailPayment[];
  related: { id: number; vend_invoice_number: string; uid: string }[];
  refunds: DetailRefund[];
  shipment: ShipmentWire | null;
}

/** What the modules above jobs add to the statement (jobs.slots.ts). */
export interface DetailParts {
  notesCountSql: (alias: string) => string;
  lensOrder: SqlJsonPart<LensOrderSummaryWire | null>;
  shipment: SqlJsonPart<ShipmentWire | null>;
  creditNoteCodeSql: (alias: string) => string;
}

/**
 * The job detail in ONE statement, its id bound as $1: the list's row of the job (the same
 * `jobRowJson`), its coupons, groups, items with their products and lens orders, payments, related
 * jobs, every refund with its credit note and approver, its shipment, and the owners of the
 * prescriptions and PDs its selections name. Fourteen round trips were one each (the Node server's
 * CPU went on them, not the database's). Reads customers, staff, prescriptions and PDs (other
 * modules' tables): that is why it lives in a `.queries.ts`; lens orders, the shipment and credit
 * notes come from the modules above jobs through their SQL slots.
 */
function buildJobDetailSql(parts: DetailParts): string {
  const owners = selectionOwnersSql("o");
  return `select json_build_object(
  'row', ${jobRowJson(parts.notesCountSql)},
  'coupons', o.coupons,
  'groups', (select coalesce(json_agg(json_build_object('id', g.id, 'name', g.name, 'type', g.type) order by g.id), '[]'::json)
             from item_groups g where g.order_id = o.id),
  'items', (select coalesce(json_agg(json_build_object('id', i.id, 'orderId', i.order_id, 'groupId', i.group_id,
      'quantity', i.quantity, 'dispenseStatusId', i.dispense_status_id, 'outletId', i.outlet_id,
      'unitPriceMinor', i.unit_price_minor, 'totalAmountMinor', i.total_amount_minor,
      'discountAmountMinor', i.discount_amount_minor, 'deliveryTypeId', i.delivery_type_id,
      'regionProductId', i.region_product_id, 'hoyaStatus', i.hoya_status, 'shamirStatus', i.shamir_status,
      'nextScheduledDate', i.next_scheduled_date, 'additionalInfo', i.additional_info,
      'product', json_build_object('id', rp.id, 'priceMinor', rp.price_minor, 'requiresPrescription', rp.requires_prescription,
        'name', rp.name, 'productTypeKey', rp.product_type_key, 'lensesType', rp.lenses_type, 'parentTypeKey', rp.parent_type_key),
      'lensOrder', ${parts.lensOrder.sql("i")}) order by i.id), '[]'::json)
    from order_items i join region_products rp on rp.id = i.region_product_id where i.order_id = o.id),
  'payments', (select coalesce(json_agg(json_build_object('id', x.id, 'amountMinor', x.amount_minor, 'paymentTypeName', x.payment_type_name,
      'tender', x.tender, 'reference', x.reference, 'kind', x.kind, 'createdAt', x.created_at,
      'takenBy', (select json_build_object('firstName', sp.first_name, 'lastName', sp.last_name) from staff_users sp where sp.id = x.taken_by)
    ) order by x.id), '[]'::json)
               from order_payments x where x.order_id = o.id),
  'related', (select coalesce(json_agg(json_build_object('id', ro.id, 'vend_invoice_number', ro.vend_invoice_number, 'uid', ro.uid) order by ro.id), '[]'::json)
              from related_orders rel join orders ro on ro.id = rel.related_order_id where rel.order_id = o.id),
  'refunds', (select coalesce(json_agg(json_build_object('id', r.id, 'kind', r.kind, 'amountMinor', r.amount_minor,
      'method', r.method, 'status', r.status, 'scope', r.scope, 'reason', r.reason, 'error', r.error, 'lines', r.lines,
      'idempotencyKey', r.idempotency_key, 'createdAt', r.created_at, 'creditNote', ${parts.creditNoteCodeSql("r")},
      'approver', (select json_build_object('firstName', su.first_name, 'lastName', su.last_name) from staff_users su where su.id = r.approved_by)
    ) order by r.id), '[]'::json)
    from order_refunds r where r.order_id = o.id),
  'shipment', ${parts.shipment.sql("o")},
  'rxOwners', ${owners.rxOwners},
  'pdOwners', ${owners.pdOwners}
) as job
from orders o left join customers c on c.id = o.customer_id
where o.id = $1`;
}

type JsonDetail = Omit<JobDetailRows, "row" | "items" | "refunds" | "shipment" | "payments"> & {
  payments: (Omit<DetailPayment, "createdAt"> & { createdAt: string | Date })[];
  row: JsonRow;
  items: (Omit<DetailItem, "lensOrder"> & { lensOrder: unknown })[];
  refunds: (Omit<DetailRefund, "createdAt"> & { createdAt: string | Date })[];
  shipment: unknown;
};

/**
 * The detail's reader for these parts: its one statement's text is built here, once (the same text
 * is what a prepared name stands for), and each call runs it for a job; null for no such job.
 */
export function jobDetailReader(parts: DetailParts) {
  const text = buildJobDetailSql(parts);
  return async (database: Database, id: number): Promise<JobDetailRows | null> => {
    // Both drivers (pg, PGlite) parse a json column into objects; they are this call's own, so the
    // parts above jobs turn theirs into wires in place.
    // Prepared: the text is the same for every job, and planning this statement cost more than
    // running it (4–5 ms against 1.5 on a loaded machine).
    const [found] = await database.query<{ job: JsonDetail }>(text, [id], { prepared: true });
    if (!found) return null;
    const d = found.job;
    rowDatesInPlace(d.row);
    for (const item of d.items) item.lensOrder = parts.lensOrder.toWire(item.lensOrder);
    for (const refund of d.refunds) refund.createdAt = new Date(refund.createdAt);
    for (const payment of d.payments) payment.createdAt = new Date(payment.createdAt);
    d.shipment = parts.shipment.toWire(d.shipment);
    return d as JobDetailRows;
  };
}
