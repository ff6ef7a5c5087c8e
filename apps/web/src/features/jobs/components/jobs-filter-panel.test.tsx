import { screen, waitFor, within } from "@testing-library/react";
import { useState } from "react";
import { MemoryRouter, useLocation } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { referenceAnswer, renderInShell, stubFetch } from "../../../test/render";
import { JobsFilterPanel } from "./jobs-filter-panel";
import { type PanelFilters, panelQuery } from "./jobs-filter-query";
import { JobsScreen } from "./jobs-screen";

const outlets = [
  { id: 1, name: "Newtown", abbreviation: "NT", is_active: true, region_id: 1 },
  { id: 2, name: "Ponsonby", abbreviation: "PO", is_active: true, region_id: 2 },
  { id: 3, name: "Bondi", abbreviation: "BO", is_active: true, region_id: 1 },
];
const statuses = {
  dispense: [{ id: 4, display_name: "In Store" }],
  item: [{ id: 9, display_name: "Ready" }],
  payment: [],
};

beforeEach(() => {
  localStorage.setItem("loupe.cache.outlets", JSON.stringify({ at: Date.now(), value: outlets }));
  localStorage.setItem("loupe.cache.statuses", JSON.stringify({ at: Date.now(), value: statuses }));
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const none: PanelFilters = {
  outlet_id: [],
  dispense_status_id: "",
  item_dispense_status_id: "",
  created_start_at: "",
  created_end_at: "",
  priority: "",
  balance: "",
};

function panel(initial: Partial<PanelFilters> = {}, regionId = "") {
  stubFetch();
  const onApply = vi.fn();
  const view = renderInShell(
    <JobsFilterPanel
      initial={{ ...none, ...initial }}
      regionId={regionId}
      baseQuery={{}}
      onApply={onApply}
    />,
  );
  return { ...view, onApply };
}

/** The panel as the jobs screen holds it: applying makes the applied filters its `initial`. */
function AppliedPanel() {
  const [applied, setApplied] = useState(none);
  return (
    <>
      <button type="button" onClick={() => setApplied({ ...none, priority: "2" })}>
        Urgent tab
      </button>
      <JobsFilterPanel initial={applied} regionId="" baseQuery={{}} onApply={setApplied} />
    </>
  );
}

describe("the Filters panel", () => {
  it("keeps its fields across an apply, and takes filters applied elsewhere in place", async () => {
    stubFetch();
    const { user } = renderInShell(<AppliedPanel />);
    const status = screen.getByLabelText("Order Status", { selector: "input" }) as HTMLInputElement;
    await user.click(status);
    await user.click(await screen.findByRole("option", { name: "In Store" }));
    await user.click(screen.getByRole("button", { name: "Apply Filters" }));
    // The same field, not a new panel: an apply redraws nothing it does not change.
    expect(screen.getByLabelText("Order Status", { selector: "input" })).toBe(status);
    expect(status.value).toBe("In Store");
    // Filters applied from outside (a tab, a saved search, Back) replace the draft.
    await user.click(screen.getByLabelText("Priority"));
    await user.click(screen.getByRole("button", { name: "Urgent tab" }));
    await waitFor(() => expect(status.value).toBe(""));
    expect((screen.getByLabelText("Priority") as HTMLInputElement).checked).toBe(true);
  });

  it("lists Location by abbreviation, narrowed to the chosen country", async () => {
    const { user } = panel({}, "1");
    await user.click(screen.getByLabelText("Location", { selector: "input" }));
    expect(await screen.findByRole("option", { name: "NT" })).toBeTruthy();
    expect(screen.getByRole("option", { name: "BO" })).toBeTruthy();
    expect(screen.queryByRole("option", { name: "PO" })).toBeNull();
  });

  it("waits for Apply Filters, then hands over the choices; Priority is value 2", async () => {
    const { user, onApply } = panel();
    await user.click(screen.getByLabelText("Order Status", { selector: "input" }));
    await user.click(await screen.findByRole("option", { name: "In Store" }));
    await user.click(screen.getByLabelText("Priority"));
    expect(onApply).not.toHaveBeenCalled();
    await user.click(screen.getByRole("button", { name: "Apply Filters" }));
    expect(onApply).toHaveBeenCalledWith({ ...none, dispense_status_id: "4", priority: "2" });
  });

  it("Balance owing asks for the jobs with a balance due (issue 44), and unticking it removes it", async () => {
    const { user, onApply } = panel();
    await user.click(screen.getByLabelText("Balance owing"));
    await user.click(screen.getByRole("button", { name: "Apply Filters" }));
    expect(onApply).toHaveBeenLastCalledWith({ ...none, balance: "owing" });
    expect(panelQuery({ ...none, balance: "owing" }).balance).toBe("owing");
    await user.click(screen.getByLabelText("Balance owing"));
    await user.click(screen.getByRole("button", { name: "Apply Filters" }));
    expect(onApply).toHaveBeenLastCalledWith(none);
  });

  it("unticking Priority removes it", async () => {
    const { user, onApply } = panel({ priority: "2", outlet_id: ["1"] });
    const priority = screen.getByLabelText("Priority") as HTMLInputElement;
    expect(priority.checked).toBe(true);
    await user.click(priority);
    await user.click(screen.getByRole("button", { name: "Apply Filters" }));
    expect(onApply).toHaveBeenCalledWith({ ...none, outlet_id: ["1"], priority: "" });
  });
});

/** The address bar's query, beside the screen. */
function Address() {
  return <output data-testid="address">{useLocation().search}</output>;
}

// The tabs as the server lists them (a status tab and the Late Orders custom filter).
const tabs = [
  {
    slug: "in-store",
    display_name: "In Store",
    total: 3,
    total_kind: "exact",
    filter_type: "status",
    customFilter: null,
    defaultQuery: { dispense_status_id: 4, sort_by: "created_at", sort_direction: "desc", page: 1 },
  },
  {
    slug: "late-orders",
    display_name: "Late Orders",
    total: 1000,
    total_kind: "at_least",
    filter_type: "custom",
    customFilter: "late-orders",
    defaultQuery: { customFilter: "late-orders", sort_by: "created_at", sort_direction: "asc", page: 1 },
  },
];

describe("the jobs screen's filter count (spec §4 Filter counting)", () => {
  function screenAt(url: string) {
    const read = (u: string) =>
      u.includes("/staff/total-orders")
        ? { data: tabs }
        : /\/orders|\/jobs|\/search/.test(u)
          ? { data: [], meta: { total: 0, per_page: 15 } }
          : referenceAnswer(u);
    const calls = stubFetch(undefined, read);
    const view = renderInShell(
      <MemoryRouter initialEntries={[url]}>
        <JobsScreen title="Jobs" source="db" storageKey="loupe.test.jobs-screen" />
        <Address />
      </MemoryRouter>,
    );
    return { ...view, calls };
  }
  const count = () => screen.queryByTestId("filter-count")?.textContent ?? "0";

  it("counts location, order status, item status, date start and priority 2 as one each", async () => {
    screenAt(
      "/jobs?outlet_id=1,3&dispense_status_id=4&item_dispense_status_id=9&created_start_at=2026-11-01&created_end_at=2026-11-02&priority=2&q=smith",
    );
    await waitFor(() => expect(count()).toBe("5"));
  });

  it("does not count normal priority, the search text or the page", async () => {
    screenAt("/jobs?priority=1&q=smith&page=2&dispense_status_id=4");
    await waitFor(() => expect(count()).toBe("1"));
  });

  it("Clear filters removes the panel's filters and keeps the search", async () => {
    const { user } = screenAt("/jobs?outlet_id=1&priority=2&q=smith");
    await waitFor(() => expect(count()).toBe("2"));
    await user.click(screen.getByRole("button", { name: "Clear filters" }));
    await waitFor(() => expect(count()).toBe("0"));
    const address = new URLSearchParams(screen.getByTestId("address").textContent ?? "");
    expect(address.get("q")).toBe("smith");
    expect(address.has("outlet_id")).toBe(false);
    expect(address.has("priority")).toBe(false);
    expect((screen.getByRole("button", { name: "Clear filters" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("Apply Filters writes the panel's choices into the address, back on page 1", async () => {
    const { user } = screenAt("/jobs?page=3");
    await user.click(screen.getByRole("button", { name: /^Filters/ }));
    const filters = await screen.findByTestId("jobs-filter-panel");
    await user.click(within(filters).getByLabelText("Priority"));
    await user.click(within(filters).getByRole("button", { name: "Apply Filters" }));
    await waitFor(() => expect(count()).toBe("1"));
    const address = new URLSearchParams(screen.getByTestId("address").textContent ?? "");
    expect(address.get("priority")).toBe("2");
    expect(address.get("page")).toBe("1");
  });

  it("Apply Filters sends the new list call once, with the click, before the screen redraws", async () => {
    const { user, calls } = screenAt("/jobs?page=3");
    // The address bar as drawn when each call left.
    const drawnWhenSent = new Map<string, string>();
    const stub = globalThis.fetch;
    vi.stubGlobal("fetch", (input: RequestInfo | URL, init?: RequestInit) => {
      drawnWhenSent.set(String(input), screen.getByTestId("address").textContent ?? "");
      return stub(input, init);
    });
    await user.click(screen.getByRole("button", { name: /^Filters/ }));
    const filters = await screen.findByTestId("jobs-filter-panel");
    await user.click(within(filters).getByLabelText("Priority"));
    await user.click(within(filters).getByRole("button", { name: "Apply Filters" }));
    await waitFor(() => expect(count()).toBe("1"));
    const sent = calls.filter((c) => c.url.includes("action=list") && c.url.includes("priority=2"));
    expect(sent).toHaveLength(1);
    // It left while the old address was still drawn: the redraw for the new one did not come first.
    expect(new URLSearchParams(drawnWhenSent.get(sent[0]!.url)).get("page")).toBe("3");
  });

  it("a status tab starts at page 1, newest first; Late Orders oldest first", async () => {
    const { user } = screenAt("/jobs?page=4&sort_direction=asc&q=smith");
    await user.click(await screen.findByRole("tab", { name: /In Store/ }));
    const address = () => new URLSearchParams(screen.getByTestId("address").textContent ?? "");
    await waitFor(() => expect(address().get("dispense_status_id")).toBe("4"));
    expect(address().get("page")).toBe("1");
    expect(address().get("sort_by")).toBe("created_at");
    expect(address().get("sort_direction")).toBe("desc");
    await user.click(screen.getByRole("tab", { name: /Late Orders/ }));
    await waitFor(() => expect(address().get("customFilter")).toBe("late-orders"));
    expect(address().get("sort_direction")).toBe("asc");
    expect(address().get("page")).toBe("1");
    expect(address().has("dispense_status_id")).toBe(false);
  });

  it("tab counts are abbreviated; one the server stopped at its cap says so", async () => {
    screenAt("/jobs");
    expect((await screen.findByTestId("tab-count-in-store")).textContent).toBe("3");
    expect(screen.getByTestId("tab-count-late-orders").textContent).toBe("1k+");
  });
});
