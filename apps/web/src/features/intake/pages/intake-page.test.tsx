import type { IntakeSaleWire } from "@loupe/contract";
import { screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { referenceAnswer, renderInShell } from "../../../test/render";
import IntakePage from "./intake-page";

afterEach(() => vi.unstubAllGlobals());

const sale = (id: number, reason_code: IntakeSaleWire["reason_code"], reason: string): IntakeSaleWire => ({
  id,
  store_key: "lightspeed-au",
  source: "lightspeed",
  external_id: `s${id}`,
  invoice_number: `AU-${id}`,
  state: "waiting",
  reason_code,
  reason,
  order_id: null,
  customer_name: "Jane Citizen",
  total: 120,
  currency: "AUD",
  received_at: "2026-11-29T01:00:00Z",
  processed_at: null,
});
const summary = {
  day: "2026-11-29",
  stores: [
    {
      key: "lightspeed-au",
      source: "lightspeed",
      region_id: 1,
      label: "loupe-au-stand-in",
      stand_in: true,
      last_synced_at: "2026-11-29T00:30:00Z",
      last_sync_error: null,
    },
    {
      key: "shopify-nz",
      source: "shopify",
      region_id: 2,
      label: "loupe-nz.myshopify.com",
      stand_in: false,
      last_synced_at: null,
      last_sync_error: "Shopify (loupe-nz.myshopify.com) refused the access token (401).",
    },
  ],
  arrived: [
    { store_key: "lightspeed-au", outlet_id: 4, outlet_name: "Newtown", count: 3 },
    { store_key: "lightspeed-au", outlet_id: null, outlet_name: null, count: 1 },
  ],
  counts: { waiting: 1, failed: 0, done_today: 3 },
};
const page = (rows: IntakeSaleWire[]) => ({
  data: rows,
  meta: {
    pagination: { total: rows.length, count: rows.length, per_page: 25, current_page: 1, total_pages: 1 },
  },
});

/** The screen as an AU staff member (role 2, home region 1) or an administrator sees it. */
function open(url: string, opts: { roleId?: number; retry?: Response } = {}) {
  const calls: { url: string; method: string }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const u = String(input);
      const method = init.method ?? "GET";
      calls.push({ url: u, method });
      if (u.endsWith("/retry")) return opts.retry ?? Response.json({ message: "ok", data: {} });
      if (u.endsWith("/staff/intake/sync"))
        return Response.json({ message: "Queued", data: { store_key: "lightspeed-au" } }, { status: 202 });
      if (u.includes("/staff/intake/summary")) return Response.json({ data: summary });
      if (u.includes("/staff/intake/sales?"))
        return Response.json(page([sale(7, "unknown_sku", "SKU FR-9 is not in the catalogue")]));
      if (u.includes("/staff/intake/failures?")) return Response.json(page([]));
      if (u.endsWith("/me"))
        return Response.json({
          data: {
            id: 1,
            role_id: opts.roleId ?? 2,
            home_region_id: 1,
            outlet_id: 4,
            outlet: { id: 4, name: "Newtown", region_id: 1 },
          },
        });
      return Response.json(referenceAnswer(u));
    }),
  );
  const view = renderInShell(
    <MemoryRouter initialEntries={[url]}>
      <IntakePage />
    </MemoryRouter>,
  );
  return { ...view, calls };
}

describe("the intake screen", () => {
  it("says today's count, each store's arrivals per outlet and its last sync, and why a sync failed", async () => {
    open("/intake");
    expect((await screen.findByTestId("intake-counts")).textContent).toBe(
      "Today, 29th Nov 2026: 3 made into jobs · 1 waiting · 0 failed",
    );
    const [au, nz] = screen.getAllByTestId("intake-store");
    expect(
      within(au)
        .getAllByTestId("intake-arrived")
        .map((a) => a.textContent),
    ).toEqual(["Newtown3 sales", "Outlet not linked yet1 sale"]);
    expect(within(nz).getByTestId("intake-sync-error").textContent).toContain("refused the access token");
    expect(within(nz).getByText("Last sync: Not synced yet")).toBeTruthy();
  });

  it("offers Sync now for the staff member's own region's stores only", async () => {
    const { user, calls } = open("/intake");
    const [au, nz] = await screen.findAllByTestId("intake-store");
    expect(within(nz).queryByRole("button")).toBeNull();
    await user.click(within(au).getByRole("button", { name: "Sync now: loupe-au-stand-in" }));
    expect(await screen.findByTestId("banner-alert")).toHaveProperty(
      "textContent",
      expect.stringContaining("Sync of loupe-au-stand-in asked for"),
    );
    expect(calls.filter((c) => c.method === "POST").map((c) => c.url)).toEqual([
      expect.stringMatching(/\/api\/staff\/intake\/sync$/),
    ]);
  });

  it("asks for the tab and page the address names", async () => {
    const { calls } = open("/intake?tab=done&page=2");
    await screen.findAllByTestId("intake-store");
    await waitFor(() => expect(calls.some((c) => c.url.includes("/staff/intake/sales?"))).toBe(true));
    const q = new URL(calls.find((c) => c.url.includes("/staff/intake/sales?"))!.url, "http://x")
      .searchParams;
    expect(Object.fromEntries(q)).toEqual({ state: "done", page: "2", per_page: "25" });
    expect(screen.getByRole("tab", { name: "Done" }).getAttribute("aria-selected")).toBe("true");
  });

  it("Try again on a sale that still waits says why, and the sale stays", async () => {
    const { user } = open("/intake", {
      retry: Response.json(
        { code: "conflict", message: "The sale still waits: SKU FR-9 is not in the catalogue." },
        { status: 409 },
      ),
    });
    await user.click(await screen.findByRole("button", { name: "Try again: sale AU-7" }));
    expect(await screen.findByTestId("banner-alert")).toHaveProperty(
      "textContent",
      expect.stringContaining("The sale still waits: SKU FR-9 is not in the catalogue."),
    );
    expect(screen.getAllByTestId("intake-sale")).toHaveLength(1);
    expect(screen.queryByTestId("intake-resolved")).toBeNull();
  });
});
