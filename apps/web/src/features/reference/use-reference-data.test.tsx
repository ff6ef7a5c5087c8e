import { CACHE_LIFETIME_MS, DEFAULT_OUTLET_NAME } from "@loupe/domain";
import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { referenceAnswer, renderInShell, stubFetch } from "../../test/render";
import { useCurrentOutlet, useOutlets } from "./use-reference-data";

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const outlets = [
  { id: 1, name: DEFAULT_OUTLET_NAME, abbreviation: "NT", is_active: true, region_id: 1 },
  { id: 4, name: "Bondi", abbreviation: "BO", is_active: true, region_id: 1 },
];
const cacheOutlets = (value: unknown, ageMs: number) =>
  localStorage.setItem("loupe.cache.outlets", JSON.stringify({ at: Date.now() - ageMs, value }));

function OutletNames() {
  const { data } = useOutlets();
  return <output data-testid="outlets">{(data ?? []).map((o) => o.name).join(",")}</output>;
}
function CurrentOutlet() {
  return <output data-testid="current">{useCurrentOutlet()?.name ?? "none"}</output>;
}

describe("reference lists kept in the browser (spec §9 lifetimes)", () => {
  it("a fresh cached list is shown without asking the server", async () => {
    const calls = stubFetch(undefined, (url) =>
      url.includes("/outlet") ? { data: outlets } : referenceAnswer(url),
    );
    cacheOutlets([{ id: 9, name: "Cached Outlet" }], 1000);
    renderInShell(<OutletNames />);
    expect(screen.getByTestId("outlets").textContent).toBe("Cached Outlet");
    await new Promise((r) => setTimeout(r, 50));
    expect(calls.filter((c) => c.url.includes("/outlet"))).toHaveLength(0);
  });

  it("past its lifetime the list is fetched again and the new copy kept", async () => {
    const calls = stubFetch(undefined, (url) =>
      url.includes("/outlet") ? { data: outlets } : referenceAnswer(url),
    );
    cacheOutlets([{ id: 9, name: "Cached Outlet" }], CACHE_LIFETIME_MS.outlets + 1000);
    renderInShell(<OutletNames />);
    await waitFor(() =>
      expect(screen.getByTestId("outlets").textContent).toBe(`${DEFAULT_OUTLET_NAME},Bondi`),
    );
    expect(calls.some((c) => c.url.includes("/outlet"))).toBe(true);
    expect(localStorage.getItem("loupe.cache.outlets")).toContain("Bondi");
  });
});

describe("the user's outlet", () => {
  const me = (user: Record<string, unknown>) => (url: string) =>
    url.endsWith("/me")
      ? { data: { id: 1, name: "Ana", ...user } }
      : url.includes("/outlet")
        ? { data: outlets }
        : referenceAnswer(url);

  it("is the outlet the user works at", async () => {
    stubFetch(undefined, me({ outlet_id: 4, outlet: null }));
    renderInShell(<CurrentOutlet />);
    await waitFor(() => expect(screen.getByTestId("current").textContent).toBe("Bondi"));
  });

  it(`a user with no outlet works at ${DEFAULT_OUTLET_NAME}`, async () => {
    stubFetch(undefined, me({ outlet_id: null, outlet: null }));
    renderInShell(<CurrentOutlet />);
    await waitFor(() => expect(screen.getByTestId("current").textContent).toBe(DEFAULT_OUTLET_NAME));
  });
});
