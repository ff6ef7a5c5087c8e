import type { GoOrderWire } from "@loupe/contract";
import { ONLINE_CHANNEL_ID } from "@loupe/domain";
import { inArray } from "drizzle-orm";
import type { SearchFilter, SearchQuery } from "../../integrations/search";
import type { Db } from "../../platform/db/client";
import type { Slots } from "../../platform/slots";
import { itemsWithProductNames } from "./go-orders.queries";
import { allStatuses } from "./job-reference.queries";
import { orderNotesSlot } from "./jobs.slots";
import { orderPayments, orders } from "./jobs.tables";
import { freeText } from "./jobs-search";

export interface GoOrdersQuery {
  page: number;
  per_page: number;
  outlet_id?: number;
  q?: string;
  created_start_at?: string;
  created_end_at?: string;
}

/** Short all-digit text is an order number; anything else searches like the jobs list (3+ characters). */
const ORDER_ID = /^\d{1,5}$/;

/**
 * The online-channel list (spec §7 "/{product}go/getOrders") as a search over the orders index:
 * channel 4, at the staff member's outlet, within the UTC instants the screen sends, newest first.
 */
export function goOrdersSearch(query: GoOrdersQuery): SearchQuery {
  const filters: Record<string, SearchFilter> = { channel_id: ONLINE_CHANNEL_ID };
  if (query.outlet_id) filters.outlet_ids = { in: [query.outlet_id] };
  const created: { gte?: number; lt?: number } = {};
  if (query.created_start_at) created.gte = Date.parse(query.created_start_at) / 1000;
  // The screen sends the last millisecond of the end day; anything up to it counts.
  if (query.created_end_at) created.lt = (Date.parse(query.created_end_at) + 1) / 1000;
  if (created.gte !== undefined || created.lt !== undefined) filters.created_at = created;
  const text = query.q?.trim();
  let q: string | undefined;
  if (text && ORDER_ID.test(text)) filters.id = Number(text);
  else if (text) q = freeText(text);
  return {
    q,
    filters,
    page: query.page,
    perPage: query.per_page,
    sort: { field: "created_at", direction: "desc" },
  };
}

const money = (minor: number) => minor / 100;

/** An address record as one line, parts in the usual order, blanks left out. */
const addressLine = (a: Record<string, string | null> | null) =>
  a
    ? ["address1", "address2", "suburb", "city", "state", "postcode", "country"]
        .map((k) => a[k])
        .filter((v): v is string => !!v && v.trim() !== "")
        .join(", ") || null
    : null;

/** The online orders' rows with their payments, items and latest note, in the order of `ids`. */
export async function toGoOrderWires(db: Db, ids: number[], slots: Slots): Promise<GoOrderWire[]> {
  if (!ids.length) return [];
  const [rows, statusRows, pays, items, noteRows] = await Promise.all([
    db.select().from(orders).where(inArray(orders.id, ids)),
    allStatuses(db),
    db.select().from(orderPayments).where(inArray(orderPayments.orderId, ids)).orderBy(orderPayments.id),
    itemsWithProductNames(db, ids),
    orderNotesSlot.get(slots).notesNewestFirst(db, ids),
  ]);
  const status = new Map(statusRows.map((s) => [s.id, s.displayName]));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const o = byId.get(id);
    if (!o) return [];
    return [
      {
        id: o.id,
        // The billing name is the name on the order; a guest's shows "(Guest)" as in the jobs list.
        customer_name: `${o.billingFirstName} ${o.billingLastName}`.trim() + (o.customerId ? "" : " (Guest)"),
        customer_phone: o.billingMobile,
        customer_email: o.billingEmail,
        total: money(o.totalAmountMinor),
        status: status.get(o.dispenseStatusId) ?? "",
        created_at: o.createdAt.toISOString(),
        payment_methods: [...new Set(pays.filter((p) => p.orderId === id).map((p) => p.paymentTypeName))],
        items: items
          .filter((i) => i.item.orderId === id)
          .map(({ item, name }) => ({
            id: item.id,
            name,
            amount: money(item.totalAmountMinor),
            discount: money(item.discountAmountMinor),
            quantity: item.quantity,
          })),
        note: noteRows.find((n) => n.orderId === id)?.content ?? null,
        shipping_address: addressLine(o.billingAddress ?? null),
      },
    ];
  });
}
