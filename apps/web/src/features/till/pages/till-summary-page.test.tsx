import { screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, onTestFinished, vi } from "vitest";
import { referenceAnswer, renderInShell, stubFetch } from "../../../test/render";
import TillSummaryPage from "./till-summary-page";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

const totals = (card: number, cardRefunds: number, till: number, tillRefunds: number) => ({
  card_payments_minor: card,
  card_refunds_minor: cardRefunds,
  till_payments_minor: till,
  till_refunds_minor: tillRefunds,
});

const day = {
  outlet: { id: 7, name: "Chatswood", abbreviation: "CHA" },
  date: "2026-11-20",
  time_zone: "Australia/Sydney",
  currency: "AUD",
  totals: totals(25_000, 6_500, 4_000, 1_000),
  by_staff: [
    { staff_user_id: 3, staff_name: "Avery Admin", ...totals(15_000, 6_500, 0, 0) },
    { staff_user_id: 5, staff_name: "Sam Staff", ...totals(10_000, 0, 4_000, 1_000) },
  ],
  gateway: { card_payments_minor: 25_000, card_refunds_minor: 7_000 },
  differences: [
    {
      kind: "refund",
      reference: "pi_123",
      ours_minor: 6_000,
      gateway_minor: 6_500,
      order_id: 42,
      note: "The amounts differ",
    },
  ],
  reconciled: false,
};

function open(url = "/till-summary?outlet_id=7&date=2026-11-20") {
  const calls = stubFetch(undefined, (u) =>
    u.includes("/till-summary")
      ? { data: day }
      : u.includes("/outlets")
        ? { data: [{ id: 7, name: "Chatswood" }] }
        : referenceAnswer(u),
  );
  const view = renderInShell(
    <MemoryRouter initialEntries={[url]}>
      <TillSummaryPage />
    </MemoryRouter>,
  );
  return { calls, ...view };
}

const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole("cell")
    .map((c) => c.textContent);

describe("TillSummaryPage", () => {
  it("asks for the outlet and day in the URL and shows the totals by staff member", async () => {
    const { calls } = open();
    const table = await screen.findByRole("table", { name: "Till by staff member" });
    expect(calls.some((c) => c.url.includes("/outlets/7/till-summary?date=2026-11-20"))).toBe(true);
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows.map(cells)).toEqual([
      ["Avery Admin", "$150.00", "$65.00", "$0.00", "$0.00"],
      ["Sam Staff", "$100.00", "$0.00", "$40.00", "$10.00"],
      ["All staff", "$250.00", "$65.00", "$40.00", "$10.00"],
      ["Payment gateway", "$250.00", "$70.00", "", ""],
    ]);
    expect(screen.getByTestId("till-reconciled").textContent).toBe(
      "1 difference(s) with the payment gateway.",
    );
  });

  it("lists the differences with the gateway", async () => {
    open();
    const table = await screen.findByRole("table", { name: "Differences with the payment gateway" });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows.map(cells)).toEqual([["refund", "pi_123", "42", "$60.00", "$65.00", "The amounts differ"]]);
  });

  it("exports the CSV of the outlet and day in the URL", async () => {
    // jsdom has no object URLs: the page's download gets a stand-in, put back after.
    const { createObjectURL, revokeObjectURL } = URL;
    onTestFinished(() => {
      Object.assign(URL, { createObjectURL, revokeObjectURL });
    });
    Object.assign(URL, { createObjectURL: () => "blob:till", revokeObjectURL: () => {} });
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    const { calls, user } = open();
    await screen.findByRole("table", { name: "Till by staff member" });
    await user.click(screen.getByRole("button", { name: "Export CSV" }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    const csv = calls.find((c) => c.url.includes("format=csv"))!;
    const url = new URL(csv.url, "http://loupe.test");
    expect(url.pathname).toMatch(/\/outlets\/7\/till-summary$/);
    expect(url.searchParams.get("date")).toBe("2026-11-20");
    expect(url.searchParams.get("format")).toBe("csv");
    expect(clicked[0].download).toBe("till-7-2026-11-20.csv");
    expect(clicked[0].getAttribute("href")).toBe("blob:till");
  });
});
