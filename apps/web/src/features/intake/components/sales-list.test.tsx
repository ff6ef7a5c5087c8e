import type { IntakeFailureWire, IntakeSaleWire } from "@loupe/contract";
import { ADMIN_ROLE_ID, decideIntakeAction, STAFF_ROLE_ID } from "@loupe/domain";
import { screen, within } from "@testing-library/react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderInShell, stubFetch } from "../../../test/render";
import type { DecideIntake } from "../use-intake-rule";
import { FailuresList } from "./failures-list";
import { SalesList } from "./sales-list";

// The shell's reads (who is signed in, the outlets for the clock) answered here, not by a server.
beforeEach(() => {
  stubFetch();
});
afterEach(() => vi.unstubAllGlobals());

const base: IntakeSaleWire = {
  id: 1,
  store_key: "lightspeed-au",
  source: "lightspeed",
  external_id: "x",
  invoice_number: "1001",
  state: "waiting",
  reason_code: "needs_customer",
  reason: "2 customers could be this sale's customer: pick one or create one",
  order_id: null,
  customer_name: "Jane Citizen",
  total: 249.5,
  currency: "AUD",
  received_at: "2026-11-29T01:00:00Z",
  processed_at: null,
};
const rows: IntakeSaleWire[] = [
  base,
  {
    ...base,
    id: 2,
    invoice_number: "1002",
    reason_code: "unknown_outlet",
    reason: "The source's outlet r-9 is not linked to a Loupe outlet",
  },
  {
    ...base,
    id: 3,
    invoice_number: "1003",
    reason_code: "unknown_sku",
    reason: "SKU FR-123 is not in the catalogue",
  },
];
const decideAs =
  (roleId: number, homeRegionId: number | null): DecideIntake =>
  (action, regionId) =>
    decideIntakeAction(action, { actor: { roleId, homeRegionId, outletCountryCode: null }, regionId });

function At() {
  return <span data-testid="at">{useLocation().pathname}</span>;
}

function list(props: Partial<Parameters<typeof SalesList>[0]> = {}) {
  const onAction = vi.fn();
  const view = renderInShell(
    <MemoryRouter initialEntries={["/intake"]}>
      <Routes>
        <Route path="/jobs/:invoice" element={<At />} />
        <Route
          path="/intake"
          element={
            <SalesList
              rows={rows}
              loading={false}
              error={undefined}
              onRetryLoad={() => {}}
              emptyText="Nothing waits for a person."
              label="Waiting sales"
              regionOf={() => 1}
              decide={decideAs(STAFF_ROLE_ID, 1)}
              busy={null}
              onAction={onAction}
              {...props}
            />
          }
        />
      </Routes>
    </MemoryRouter>,
  );
  return { ...view, onAction };
}

describe("the waiting sales", () => {
  it("each says why it waits and offers the one action that resolves it", async () => {
    const { user, onAction } = list();
    const cards = screen.getAllByTestId("intake-sale");
    expect(within(cards[0]).getByTestId("intake-reason-code").textContent).toBe("Needs a customer");
    expect(within(cards[0]).getByTestId("intake-reason").textContent).toBe(rows[0].reason);
    expect(cards[0].textContent).toContain("$249.50");
    expect(within(cards[0]).getAllByRole("button")).toHaveLength(1);
    await user.click(within(cards[0]).getByRole("button", { name: "Pick the customer for sale 1001" }));
    expect(onAction).toHaveBeenLastCalledWith(rows[0], "customer");

    expect(within(cards[1]).getAllByRole("button")).toHaveLength(1);
    await user.click(within(cards[1]).getByRole("button", { name: "Pick the outlet for sale 1002" }));
    expect(onAction).toHaveBeenLastCalledWith(rows[1], "outlet");

    // An unknown SKU: the catalogue to add it to, then try the sale again.
    expect(within(cards[2]).getByRole("link", { name: "Open the catalogue" }).getAttribute("href")).toBe(
      "/settings/catalogue",
    );
    await user.click(within(cards[2]).getByRole("button", { name: "Try again: sale 1003" }));
    expect(onAction).toHaveBeenLastCalledWith(rows[2], "retry");
  });

  it("another region's staff see the reasons but no action (the rulebook hides it)", () => {
    list({ decide: decideAs(STAFF_ROLE_ID, 2) });
    expect(screen.getAllByTestId("intake-reason")).toHaveLength(3);
    expect(screen.queryAllByRole("button")).toHaveLength(0);
  });

  it("a sale made into a job opens it by the job's own invoice number (a web order's is numbered apart)", async () => {
    const calls = stubFetch(undefined, (url) =>
      url.endsWith("/api/staff/orders/77")
        ? { data: { id: 77, vend_invoice_number: "ONL-1004" } }
        : { data: [] },
    );
    const { user } = list({
      rows: [
        { ...base, invoice_number: "1004", state: "done", reason_code: null, reason: null, order_id: 77 },
      ],
    });
    expect(screen.getAllByRole("button")).toHaveLength(1);
    await user.click(screen.getByRole("button", { name: "Open the job of sale 1004" }));
    expect(await screen.findByTestId("at")).toHaveProperty("textContent", "/jobs/ONL-1004");
    expect(calls.some((c) => c.url.endsWith("/api/staff/orders/77"))).toBe(true);
  });

  it("an empty list says so; a failed one says why with Retry", () => {
    const { unmount } = list({ rows: [] });
    expect(screen.getByText("Nothing waits for a person.")).toBeTruthy();
    unmount();
    list({ error: new Error("boom") });
    expect(screen.getByTestId("error-state")).toBeTruthy();
  });
});

describe("the failed deliveries", () => {
  const failure: IntakeFailureWire = {
    id: 5,
    store_key: "shopify-au",
    kind: "signature",
    message: "X-Shopify-Hmac-Sha256 does not match the body",
    received_at: "2026-11-29T01:00:00Z",
  };
  const open = (decide: DecideIntake) => {
    const onOpen = vi.fn();
    const view = renderInShell(
      <FailuresList
        rows={[failure]}
        loading={false}
        error={undefined}
        onRetryLoad={() => {}}
        decide={decide}
        onOpen={onOpen}
      />,
    );
    return { ...view, onOpen };
  };

  it("an administrator can open the raw payload", async () => {
    const { user, onOpen } = open(decideAs(ADMIN_ROLE_ID, null));
    expect(screen.getByText("Signature not valid")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Show raw payload of delivery 5" }));
    expect(onOpen).toHaveBeenCalledWith(5);
  });

  it("anyone else sees what was wrong, never the payload", () => {
    open(decideAs(STAFF_ROLE_ID, 1));
    expect(screen.getByText(failure.message)).toBeTruthy();
    expect(screen.queryByRole("button")).toBeNull();
  });
});
