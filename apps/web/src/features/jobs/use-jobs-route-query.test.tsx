import { act, cleanup, screen } from "@testing-library/react";
import { MemoryRouter, useLocation } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { brandSlug } from "../../lib/config";
import { writeSession } from "../../lib/session";
import { renderInShell, stubFetch } from "../../test/render";
import { type JobsRouteQuery, useJobsRouteQuery } from "./use-jobs-route-query";

const KEY = "loupe.test.jobs";
// No signed-in user unless a test signs one in: GET /me answers nothing.
beforeEach(() => stubFetch(undefined, () => ({ data: null })));
afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

/** The hook's state and the address bar, shown; the hook handed out through `hook`. */
function Probe({ hook }: { hook: { current?: JobsRouteQuery } }) {
  const state = useJobsRouteQuery(KEY);
  hook.current = state;
  const location = useLocation();
  return (
    <>
      <output data-testid="address">{location.search}</output>
      <output data-testid="route">{JSON.stringify(state.restoring ? null : state.route)}</output>
      <output data-testid="error">{state.customFilterError ?? ""}</output>
    </>
  );
}

/** The hook on a page at `url`: the address bar and the list call's query are shown, the hook is handed out. */
function mount(url: string) {
  const hook: { current?: JobsRouteQuery } = {};
  renderInShell(
    <MemoryRouter initialEntries={[url]}>
      <Probe hook={hook} />
    </MemoryRouter>,
  );
  const address = () => new URLSearchParams(screen.getByTestId("address").textContent ?? "");
  const route = () => JSON.parse(screen.getByTestId("route").textContent ?? "null") as Record<string, string>;
  return { hook, address, route };
}

describe("the jobs list's address query (jobs-area §4 Filters and tabs)", () => {
  it("sends the default page and sort, newest first, when the address has none", () => {
    const { route } = mount("/jobs?q=smith");
    expect(route()).toMatchObject({ q: "smith", page: "1", sort_by: "created_at", sort_direction: "desc" });
  });

  it("joins several Location choices into one outlet_id", () => {
    const { route } = mount("/jobs?outlet_id=3&outlet_id=5");
    expect(route().outlet_id).toBe("3,5");
  });

  it("Late Orders sorts oldest first", () => {
    expect(mount("/jobs?customFilter=late-orders").route().sort_direction).toBe("asc");
  });

  it(`Go Orders ({brand}go) sorts newest first`, () => {
    const { route } = mount(`/jobs?customFilter=${brandSlug}go`);
    expect(route()).toMatchObject({ customFilter: `${brandSlug}go`, sort_direction: "desc" });
  });

  it("an unknown custom filter shows the not-implemented error and is not remembered", () => {
    mount("/jobs?customFilter=vip&priority=2");
    expect(screen.getByTestId("error").textContent).toContain('The custom filter "vip" is not implemented.');
    expect(localStorage.getItem(KEY)).not.toContain("customFilter");
    expect(localStorage.getItem(KEY)).toContain("priority=2");
  });

  it("a change goes back to page 1 with a new refresh value; paging keeps its page", () => {
    const { hook, address } = mount("/jobs?page=4&priority=2");
    act(() => hook.current!.push({ dispense_status_id: "7" }));
    const first = address();
    expect(first.get("page")).toBe("1");
    expect(first.get("dispense_status_id")).toBe("7");
    expect(first.get("priority")).toBe("2");
    expect(first.get("r")).toMatch(/^\d+$/);
    act(() => hook.current!.push({ page: "3" }, true));
    expect(address().get("page")).toBe("3");
    act(() => hook.current!.push({ priority: null }));
    expect(address().has("priority")).toBe(false);
  });

  it("remembers the filters, and an address with no query brings them back", () => {
    const first = mount("/jobs?dispense_status_id=7&priority=2");
    expect(first.route().dispense_status_id).toBe("7");
    expect(localStorage.getItem(KEY)).toContain("dispense_status_id=7");
    cleanup();
    const again = mount("/jobs");
    expect(again.address().get("dispense_status_id")).toBe("7");
    expect(again.route()).toMatchObject({ dispense_status_id: "7", priority: "2" });
  });

  it("a tab or a saved search replaces the whole query", () => {
    const { hook, address } = mount("/jobs?q=smith&priority=2&page=3");
    act(() => hook.current!.replace({ dispense_status_id: 4, page: 1, sort_by: "created_at" }));
    expect(address().get("dispense_status_id")).toBe("4");
    expect(address().has("q")).toBe(false);
    expect(address().has("priority")).toBe(false);
    expect(address().get("page")).toBe("1");
  });
});

describe("the jobs list's opening region (issue 52)", () => {
  const signIn = (role_id: number) => {
    const user = { id: 9, role_id, home_region_id: 2, region_id: 2, outlet_id: 14, outlet: null };
    writeSession({ token: "t", expiresAt: null, user: user as never });
    stubFetch(undefined, () => ({ data: user }));
  };

  it("opens on a counter staff member's home region, not All Countries", async () => {
    signIn(2);
    const { address, route } = mount("/jobs");
    expect(address().get("region_id")).toBe("2");
    expect(route().region_id).toBe("2");
  });

  it("opens on a manager's home region too; an administrator's spans every region", () => {
    signIn(3);
    expect(mount("/jobs").address().get("region_id")).toBe("2");
    cleanup();
    localStorage.clear();
    signIn(1);
    expect(mount("/jobs").address().has("region_id")).toBe(false);
  });

  it("leaves a remembered query or an address's own query as it is", () => {
    signIn(2);
    localStorage.setItem(KEY, "priority=2");
    expect(mount("/jobs").address().has("region_id")).toBe(false);
    cleanup();
    expect(mount("/jobs?q=smith").address().has("region_id")).toBe(false);
  });
});
