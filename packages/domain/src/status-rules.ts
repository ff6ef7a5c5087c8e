// Order and item statuses (jobs-area §4). The lists are the server's reference data; the colour
// groups and the display-only / fixed rules are what the screens apply to them.

export interface StatusDef {
  slug: string;
  display_name: string;
  selectable: boolean;
}

const s = (slug: string, display_name: string, selectable = true): StatusDef => ({
  slug,
  display_name,
  selectable,
});

/** Order (job) dispense statuses, in workshop order. */
export const ORDER_DISPENSE_STATUSES: readonly StatusDef[] = [
  s("new-order", "New Order"),
  s("paid", "Paid"),
  s("in-progress", "In Progress"),
  s("waiting-on-information", "Waiting On Information"),
  s("lenses-ordered", "Lenses Ordered"),
  s("ready-to-edge", "Ready To Edge"),
  s("ready-to-pick", "Ready To Pick"),
  s("ready-to-go", "Ready To Go"),
  s("dispatched", "Dispatched"),
  s("collected-by-customer", "Collected By Customer"),
  s("completed", "Completed"),
  s("cancelled", "Cancelled"),
  s("refunded", "Refunded", false),
  s("refunded-transaction", "Refunded Transaction", false),
  s("voided", "Voided", false),
];

/** Order item statuses, in workshop order: "move to next" follows this order. */
export const ORDER_ITEM_STATUSES: readonly StatusDef[] = [
  s("created", "Created"),
  s("new-order", "New Order"),
  s("payment-due", "Payment Due"),
  s("pending", "Pending"),
  s("wait-on-info", "Wait On Info"),
  s("lenses-ordered", "Lenses Ordered"),
  s("received", "Received"),
  s("ready-to-edge", "Ready To Edge"),
  s("in-progress", "In Progress"),
  s("ready-to-pick", "Ready To Pick"),
  s("ready-to-go", "Ready To Go"),
  s("dispatched", "Dispatched"),
  s("collected-by-customer", "Collected By Customer"),
  s("completed", "Completed"),
  s("cancelled", "Cancelled"),
  s("refunded", "Refunded", false),
  s("refunded-transaction", "Refunded Transaction", false),
  s("voided", "Voided", false),
];

/**
 * Item statuses after the selection step: from "Lenses Ordered" on the frame, prescription, PD and
 * lens were confirmed (lenses are ordered from a saved selection), so such an item has one. Before
 * it (created … "Wait On Info") and once cancelled, refunded or voided, it may have none.
 */
export const ITEM_SLUGS_PAST_SELECTION: readonly string[] = [
  "lenses-ordered",
  "received",
  "ready-to-edge",
  "in-progress",
  "ready-to-pick",
  "ready-to-go",
  "dispatched",
  "collected-by-customer",
  "completed",
];
export const isItemPastSelection = (slug: string) => ITEM_SLUGS_PAST_SELECTION.includes(slug);

/** Payment statuses; parked means a draft order (jobs-area §3). */
export const ORDER_PAYMENT_STATUSES: readonly StatusDef[] = [
  s("parked", "Parked"),
  s("pending", "Pending"),
  s("payment-due", "Payment Due"),
  s("partially-paid", "Partially Paid"),
  s("paid", "Paid"),
  s("refunded", "Refunded", false),
  s("voided", "Voided", false),
];

export type StatusColour = "orange" | "green" | "blue" | "neutral";
const COLOUR_GROUPS: Record<Exclude<StatusColour, "neutral">, readonly string[]> = {
  orange: ["paid", "new-order"],
  green: ["received", "dispatched", "collected-by-customer", "completed", "created"],
  blue: [
    "in-progress",
    "ready-to-pick",
    "lenses-ordered",
    "waiting-on-information",
    "wait-on-info",
    "ready-to-edge",
    "ready-to-go",
    "payment-due",
    "pending",
  ],
};
export const statusColour = (slug: string | null | undefined): StatusColour => {
  for (const [colour, slugs] of Object.entries(COLOUR_GROUPS))
    if (slug && slugs.includes(slug)) return colour as StatusColour;
  return "neutral";
};

export const DISPLAY_ONLY_STATUSES = ["refunded", "voided", "refunded-transaction"] as const;
export const FIXED_ORDER_STATUSES = ["in-progress", "cancelled"] as const;
/** Batch updates may set any status but these (jobs-area §4). */
export const BATCH_EXCLUDED_STATUSES = ["refunded-transaction", "cancelled"] as const;

/** Statuses a job or item cannot leave again: choosing one is confirmed first (a stray arrow key and Enter must not cancel a job). */
export const IRREVERSIBLE_STATUSES = ["cancelled"] as const;
export const isIrreversibleStatus = (slug: string | undefined) =>
  slug !== undefined && (IRREVERSIBLE_STATUSES as readonly string[]).includes(slug);

export const isDisplayOnlyStatus = (slug: string) =>
  (DISPLAY_ONLY_STATUSES as readonly string[]).includes(slug);
export const isFixedOrderStatus = (slug: string) =>
  (FIXED_ORDER_STATUSES as readonly string[]).includes(slug);
export const isBatchSelectable = (status: { slug: string; selectable: boolean }) =>
  status.selectable && !(BATCH_EXCLUDED_STATUSES as readonly string[]).includes(status.slug);

/** The selectable status after the current one in list order, for the "move to next" option. */
export function nextSelectableStatus<T extends { id: number; selectable: boolean }>(
  list: readonly T[],
  currentId: number | null | undefined,
): T | undefined {
  const index = list.findIndex((st) => st.id === currentId);
  return list.slice(index + 1).find((st) => st.selectable);
}

export const STATUS_CHANGED_MESSAGE = "Job status is successfully changed.";

/** What an order shows: voided stays voided; every item refunded (quantity −1) shows refunded. */
export function orderDisplayStatus(statusSlug: string, items: readonly { quantity: number }[]): string {
  if (statusSlug === "voided") return "voided";
  if (items.length > 0 && items.every((i) => i.quantity === -1)) return "refunded";
  return statusSlug;
}
