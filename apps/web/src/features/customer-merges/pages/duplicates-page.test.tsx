import type { DuplicatePairWire } from "@loupe/contract";
import { CUSTOMER_RULE_MESSAGES } from "@loupe/domain";
import { screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { referenceAnswer, renderInShell } from "../../../test/render";
import DuplicatesPage from "./duplicates-page";

afterEach(() => vi.unstubAllGlobals());

const pair: DuplicatePairWire = {
  id: 7,
  score: 92,
  state: "open",
  evidence: [
    { by: "mobile", detail: "Same mobile +61 4** *** 678" },
    { by: "name_dob", detail: "Names 86% alike, same date of birth 03/04/1981" },
  ],
  a: {
    id: 11,
    full_name: "Jayne Citizen",
    email: null,
    mobile: "0412 345 678",
    dob: "1981-04-03",
    outlet_name: "Newtown",
    created_at: "2024-06-01T00:00:00Z",
    prescriptions: 2,
    jobs: 0,
  },
  b: {
    id: 10,
    full_name: "Jane Citizen",
    email: "jane@example.com",
    mobile: "+61412345678",
    dob: "1981-04-03",
    outlet_name: "Bondi",
    created_at: "2020-01-01T00:00:00Z",
    prescriptions: 1,
    jobs: 3,
  },
  found_at: "2026-11-29T01:00:00Z",
};
const finder = {
  last_run_at: "2026-11-29T01:00:00Z",
  last_run_customers: 1200,
  last_run_ms: 800,
  running: false,
  open_pairs: 1,
};

function open(url: string, roleId = 3) {
  const calls: { url: string; method: string; body: unknown }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const u = String(input);
      const method = init.method ?? "GET";
      calls.push({ url: u, method, body: init.body ? JSON.parse(String(init.body)) : undefined });
      if (u.endsWith("/staff/customer-duplicates/finder"))
        return Response.json({ data: method === "POST" ? { ...finder, running: true } : finder });
      if (u.endsWith("/dismiss"))
        return Response.json({ message: "Marked as not duplicates.", data: { ...pair, state: "dismissed" } });
      if (u.includes("/staff/customer-duplicates?"))
        return Response.json({
          data: [pair],
          meta: { pagination: { total: 1, count: 1, per_page: 25, current_page: 1, total_pages: 1 } },
        });
      if (u.endsWith("/me"))
        return Response.json({
          data: {
            id: 1,
            role_id: roleId,
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
      <DuplicatesPage />
    </MemoryRouter>,
  );
  return { ...view, calls };
}

describe("possible duplicates", () => {
  it("lists each pair with its evidence, both records, and a link to compare them keeping the older", async () => {
    open("/customers/duplicates");
    const card = await screen.findByTestId("duplicate-pair");
    expect(
      within(card)
        .getAllByTestId("pair-evidence")
        .map((b) => b.textContent),
    ).toEqual(["Same mobile", "Names alike + same DOB"]);
    expect(
      within(card)
        .getAllByTestId("pair-evidence-detail")
        .map((d) => d.textContent),
    ).toEqual(["Same mobile +61 4** *** 678", "Names 86% alike, same date of birth 03/04/1981"]);
    const sides = within(card)
      .getAllByTestId("pair-side")
      .map((s) => s.textContent);
    expect(sides[0]).toContain("Jayne Citizen");
    expect(sides[0]).toContain("2 prescriptions · 0 jobs");
    expect(sides[1]).toContain("jane@example.com · +61412345678");
    expect(sides[1]).toContain("Bondi");
    const compare = within(card).getByRole("link", {
      name: "Compare and merge: Jayne Citizen and Jane Citizen",
    });
    expect(compare.getAttribute("href")).toBe("/customers/merge/10/11?pair=7");
    await waitFor(() =>
      expect(screen.getByTestId("duplicate-finder").textContent).toContain(
        "1,200 customers compared in 0.8 s",
      ),
    );
  });

  it("asks for the tab and page the address names", async () => {
    const { calls } = open("/customers/duplicates?state=dismissed&page=2");
    await screen.findByTestId("duplicate-pair");
    const list = calls.find((c) => c.url.includes("/staff/customer-duplicates?"));
    expect(Object.fromEntries(new URL(list!.url, "http://x").searchParams)).toEqual({
      state: "dismissed",
      page: "2",
      per_page: "25",
    });
    expect(screen.getByRole("tab", { name: "Not duplicates" }).getAttribute("aria-selected")).toBe("true");
  });

  it("Not duplicates asks first, then dismisses the pair", async () => {
    const { user, calls } = open("/customers/duplicates");
    await user.click(
      await screen.findByRole("button", { name: "Not duplicates: Jayne Citizen and Jane Citizen" }),
    );
    await user.click(await screen.findByRole("button", { name: "Yes, not duplicates" }));
    expect((await screen.findByTestId("banner-alert")).textContent).toContain("Marked as not duplicates.");
    expect(calls.filter((c) => c.method === "POST").map((c) => c.url)).toEqual([
      expect.stringMatching(/\/staff\/customer-duplicates\/7\/dismiss$/),
    ]);
  });

  it("Find duplicates now starts the finder and says it runs", async () => {
    const { user, calls } = open("/customers/duplicates");
    await user.click(await screen.findByRole("button", { name: "Find duplicates now" }));
    await waitFor(() => expect(screen.getByTestId("duplicate-finder").textContent).toContain("Running now"));
    const post = calls.find((c) => c.method === "POST");
    expect(post?.url).toMatch(/\/staff\/customer-duplicates\/finder$/);
    expect(post?.body).toEqual({ full: false });
  });

  it("tells staff why the list is not theirs, and reads nothing of it", async () => {
    const { calls } = open("/customers/duplicates", 2);
    expect((await screen.findByRole("alert")).textContent).toBe(CUSTOMER_RULE_MESSAGES.managersOnly);
    expect(screen.queryByTestId("duplicate-pair")).toBeNull();
    expect(calls.some((c) => c.url.includes("/staff/customer-duplicates?"))).toBe(false);
  });
});
