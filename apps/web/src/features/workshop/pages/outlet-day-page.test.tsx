import { screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { referenceAnswer, renderInShell, stubFetch } from "../../../test/render";
import OutletDayPage from "./outlet-day-page";

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const day = {
  outlet: { id: 10, name: "Fremantle", time_zone: "Australia/Perth" },
  today: "2026-11-27",
  stages: [{ status_id: 3, slug: "in-progress", display_name: "In Progress", total: 4 }],
  counts: { late: 2, "at-risk": 1, ready: 3, uncollected: 0, "due-today": 1 },
  messages: { waiting: 5, failed: 2 },
  promised_today: [
    {
      id: 77,
      vend_invoice_number: "FRE-100077",
      customer_name: "Mei J.",
      status: "In Progress",
      is_ready: false,
    },
  ],
};

function open(url = "/today?outlet_id=10") {
  const calls = stubFetch(undefined, (u) =>
    u.includes("/outlet-day")
      ? { data: day }
      : u.includes("/outlet")
        ? { data: [{ id: 10, name: "Fremantle", region_id: 1 }] }
        : referenceAnswer(u),
  );
  renderInShell(
    <MemoryRouter initialEntries={[url]}>
      <OutletDayPage />
    </MemoryRouter>,
  );
  return calls;
}

describe("the outlet's day", () => {
  it("asks for the outlet in the address and shows its day on its own clock", async () => {
    const calls = open();
    expect(await screen.findByText("Fremantle today")).toBeTruthy();
    expect(calls.some((c) => c.url.includes("/staff/outlet-day?outlet_id=10"))).toBe(true);
    expect(screen.getByText(/27th Nov 2026 on the outlet's clock \(Australia\/Perth\)/)).toBeTruthy();
  });

  it("each number opens the jobs made at the outlet, narrowed to its tab, soonest promise first", async () => {
    open();
    const late = await screen.findByTestId("day-count-late");
    expect(within(late).getByTestId("count").textContent).toBe("2");
    const href = new URL(late.getAttribute("href") ?? "", "http://x");
    expect(href.pathname).toBe("/jobs");
    expect(Object.fromEntries(href.searchParams)).toMatchObject({
      origin_outlet_id: "10",
      customFilter: "late",
      sort_by: "due_date",
      sort_direction: "asc",
    });
    expect(screen.getByTestId("day-count-ready").getAttribute("href")).toContain("customFilter=ready");
  });

  it("shows the messages waiting, and the failed ones as the call list", async () => {
    open();
    const failed = await screen.findByTestId("day-messages-failed");
    expect(failed.textContent).toBe("2 failed");
    expect(failed.getAttribute("href")).toBe("/call-list");
    expect(screen.getByTestId("day-count-messages").textContent).toMatch(/5 waiting/);
  });
});
