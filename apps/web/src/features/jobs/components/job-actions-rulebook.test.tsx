import type { OrderDetailWire, OrderItemWire } from "@loupe/contract";
import { DEFAULT_ROLE_SETTINGS, LENS_ORDER_MESSAGES, RULEBOOK_MESSAGES } from "@loupe/domain";
import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderInShell, stubFetch } from "../../../test/render";
import { useJobRules } from "../use-job-rules";
import { JobRowActions } from "./actions/job-row-actions";
import { JobDetailActions } from "./job-detail-actions";
import { JobItemsTable } from "./job-items-table";

// What the screen shows for a few cells of the rulebook's table (ADR 0025; the whole table is
// checked through the API in job-rules.test.ts): a control the rulebook hides is not drawn, one it
// refuses is disabled and says why, one it allows is enabled.

afterEach(() => vi.unstubAllGlobals());

const regions = [
  { id: 1, name: "Australia", country_code: "AU" },
  { id: 2, name: "New Zealand", country_code: "NZ" },
];
const outlets = [
  { id: 10, name: "Newtown", abbreviation: "NTN", region_id: 1, is_active: true },
  { id: 20, name: "Ponsonby", abbreviation: "PON", region_id: 2, is_active: true },
];

/** The signed-in staff member: role 2 (staff) of a home region, working at one of its outlets. */
function signedIn(homeRegionId: number, outletId: number) {
  stubFetch(undefined, (url) => {
    if (url.endsWith("/me"))
      return {
        data: {
          id: 5,
          role_id: 2,
          region_id: homeRegionId,
          home_region_id: homeRegionId,
          outlet_id: outletId,
          outlet: outlets.find((o) => o.id === outletId),
        },
      };
    if (url.includes("/region")) return { data: regions };
    if (url.includes("/outlet")) return { data: outlets };
    if (url.includes("/settings/roles")) return { data: { settings: DEFAULT_ROLE_SETTINGS, version: 1 } };
    return { data: [] };
  });
}

/** An Australian point-of-sale job, paid and open, with no shipment. */
function auJob(over: Partial<OrderDetailWire> = {}): OrderDetailWire {
  return {
    id: 1,
    uid: "U1",
    name: "INV-1",
    vend_invoice_number: "INV-1",
    customer_id: 3,
    customer: { first_name: "Ada", last_name: "Lovelace" },
    order_billing: {
      customer_first_name: "Ada",
      customer_last_name: "Lovelace",
      customer_email: null,
      customer_mobile: null,
      billing_address: null,
    },
    total_amount: 120,
    total_payment: 120,
    display_financial_status: "Paid",
    dispense_status_id: 1,
    dispense_status: { id: 1, slug: "in-progress", display_name: "In Progress" },
    payment_status_id: 1,
    payment_status: { id: 1, slug: "paid", display_name: "Paid" },
    priority: 1,
    channel_id: 1,
    channel: "pos",
    is_octopos_order: true,
    origin_outlet: {
      id: 10,
      name: "Newtown",
      abbreviation: "NTN",
      region_id: 1,
      region: regions[0],
      email: null,
      address: {
        address1: null,
        address2: null,
        suburb: null,
        city: null,
        state: null,
        postcode: null,
        country: null,
      },
    },
    shipment_status: "not_created",
    shipment_company: null,
    shipment_tracking_id: null,
    is_refundable: true,
    refund_type: "refund",
    refunded: false,
    voided: false,
    refundable_amount: 120,
    prescription_reentry_required: false,
    receipt_url: "http://loupe.test/receipt/show/1/abc",
    receipt_token: "abc",
    notes_count: 0,
    created_at: "2026-11-20T01:00:00.000Z",
    items: [],
    item_groups: [],
    no_group_items: [],
    payments: [],
    coupons: [],
    related_orders: [],
    refunds: [],
    shipment: null,
    vend_base_url: null,
    ...over,
  } as OrderDetailWire;
}

const detail = (job: OrderDetailWire) =>
  renderInShell(<JobDetailActions job={job} onMessage={() => {}} onNotes={() => {}} onRefund={() => {}} />);
const button = (name: string) => screen.queryByRole("button", { name });
const refusedWith = (name: string) =>
  button(name)?.closest("[data-testid=rule-refused]")?.getAttribute("data-reason");

describe("the job's buttons ask the rulebook", () => {
  it("Australian staff on their own open job: shipping and refund offered", async () => {
    signedIn(1, 10);
    detail(auJob());
    await waitFor(() => expect(button("Create Shipping Order")).not.toBeNull());
    expect(button("Create Shipping Order")?.hasAttribute("disabled")).toBe(false);
    expect(button("Refund")?.hasAttribute("disabled")).toBe(false);
  });

  it("an imported job (issue 46): Refund and shipping disabled with the import's reason", async () => {
    signedIn(1, 10);
    detail(auJob({ imported_from: "optomate" }));
    await waitFor(() => expect(button("Create Shipping Order")).not.toBeNull());
    for (const name of ["Refund", "Create Shipping Order"]) {
      expect(button(name)?.hasAttribute("disabled"), name).toBe(true);
      expect(refusedWith(name), name).toBe(RULEBOOK_MESSAGES.imported);
    }
  });

  it("a refunded job: Refund hidden (spec §6), shipping disabled with the rulebook's reason", async () => {
    signedIn(1, 10);
    detail(auJob({ is_refundable: false, refund_type: null, refunded: true, refundable_amount: 0 }));
    await waitFor(() => expect(button("Create Shipping Order")).not.toBeNull());
    expect(button("Create Shipping Order")?.hasAttribute("disabled")).toBe(true);
    expect(refusedWith("Create Shipping Order")).toBe(RULEBOOK_MESSAGES.closedShip);
    expect(button("Refund")).toBeNull();
  });

  it("a closed job that already has a shipment: Create Shipping Order hidden, not greyed (spec §2)", async () => {
    signedIn(1, 10);
    detail(
      auJob({
        is_refundable: false,
        refund_type: null,
        refunded: true,
        refundable_amount: 0,
        shipment_status: "created",
        shipment_company: "LOUPE COURIER",
        shipment_tracking_id: "LPC0000000001AU",
      }),
    );
    await waitFor(() => expect(button("Print")).not.toBeNull());
    expect(button("Create Shipping Order")).toBeNull();
  });

  it("New Zealand staff on an Australian job: shipping hidden, refund disabled as another region's", async () => {
    signedIn(2, 20);
    detail(auJob());
    await waitFor(() => expect(button("Refund")).not.toBeNull());
    expect(button("Create Shipping Order")).toBeNull();
    expect(button("Refund")?.hasAttribute("disabled")).toBe(true);
    expect(refusedWith("Refund")).toBe(RULEBOOK_MESSAGES.otherRegion);
  });
});

describe("a job row's menu asks the rulebook", () => {
  it("disables another region's Change customer with the reason, and hides it where the spec does", async () => {
    signedIn(2, 20);
    const { user } = renderInShell(<JobRowActions job={auJob()} />);
    await waitFor(() => expect(screen.getByRole("button", { name: "Actions for INV-1" })).toBeTruthy());
    // The user's answer arrives first: the menu is decided with it.
    await new Promise((r) => setTimeout(r, 50));
    await user.click(screen.getByRole("button", { name: "Actions for INV-1" }));
    const item = await screen.findByRole("menuitem", { name: /Change customer/ });
    expect(item.hasAttribute("data-disabled") || item.hasAttribute("disabled")).toBe(true);
    expect(item.textContent).toContain(RULEBOOK_MESSAGES.otherRegion);
  });

  it("hides Change customer on a job that is neither online nor point-of-sale", async () => {
    signedIn(1, 10);
    const { user } = renderInShell(<JobRowActions job={auJob({ is_octopos_order: false })} />);
    await new Promise((r) => setTimeout(r, 50));
    await user.click(screen.getByRole("button", { name: "Actions for INV-1" }));
    expect(await screen.findByRole("menuitem", { name: /Link order/ })).toBeTruthy();
    expect(screen.queryByRole("menuitem", { name: /Change customer/ })).toBeNull();
  });
});

/** A glasses item with prescription lenses whose Hoya order is still open (Submitted). */
function itemOnOrder(): OrderItemWire {
  return {
    id: 31,
    order_id: 1,
    group_id: null,
    quantity: 1,
    dispense_status_id: 5,
    dispense_status: { id: 5, slug: "lenses-ordered", display_name: "Lenses Ordered" },
    outlet: { id: 10, name: "Newtown", abbreviation: "NTN" },
    historical_unit_price: 120,
    total_amount: 120,
    discount_amount: 0,
    delivery_type_id: 1,
    region_product_id: 4,
    region_product: {
      price: 120,
      product_id: 4,
      requires_prescription: true,
      product: { name: "Milo frame + multifocal lenses", type: { key: "glasses" } },
      lenses_type: "multifocal",
      parent_type: { key: "glasses" },
    },
    hoya_status: 0,
    shamir_status: null,
    lens_order: {
      id: 8,
      reference: "INV-1-31-1",
      supplier_id: 2,
      supplier_name: "Hoya",
      supplier_kind: "hoya",
      state: "placed",
      status_code: 0,
      status_label: "Submitted",
      phase: "submitted",
      open: true,
      can_cancel: true,
      eta: null,
      tracking_number: null,
      created_at: "2026-11-20T01:00:00.000Z",
    },
    next_scheduled_date: null,
    additional_info: null,
    prescription_reentry_required: false,
  } as OrderItemWire;
}

function ItemsOf({ job }: { job: OrderDetailWire }) {
  const decide = useJobRules();
  return (
    <JobItemsTable
      group={{ id: 0, name: "Other items", type: "none", order_items: job.items }}
      decide={(action, item) => decide(action, job, item)}
      selected={new Set()}
      onToggle={() => {}}
      onEditSelection={() => {}}
      onOrderLenses={() => {}}
      currency="AUD"
    />
  );
}

describe("an item's controls ask the rulebook", () => {
  it("an open lens order disables Order Lenses with the reason and keeps its Cancel (issue 33)", async () => {
    signedIn(1, 10);
    const item = itemOnOrder();
    renderInShell(<ItemsOf job={auJob({ items: [item], no_group_items: [item] })} />);
    await waitFor(() => expect(refusedWith("Order Lenses for item 31")).toBeTruthy());
    expect(button("Order Lenses for item 31")?.hasAttribute("disabled")).toBe(true);
    expect(refusedWith("Order Lenses for item 31")).toBe(LENS_ORDER_MESSAGES.alreadyOrdered("Submitted"));
    expect(button("Cancel order")?.hasAttribute("disabled")).toBe(false);
  });

  it("another region's staff see the item's controls disabled as another region's", async () => {
    signedIn(2, 20);
    const item = itemOnOrder();
    renderInShell(<ItemsOf job={auJob({ items: [item], no_group_items: [item] })} />);
    await waitFor(() => expect(refusedWith("Edit Selection of item 31")).toBe(RULEBOOK_MESSAGES.otherRegion));
    expect(refusedWith("Cancel order")).toBe(RULEBOOK_MESSAGES.otherRegion);
  });
});
