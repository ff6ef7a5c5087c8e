import type { CustomerMergeWire } from "@loupe/contract";
import { CUSTOMER_RULE_MESSAGES } from "@loupe/domain";
import { screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { referenceAnswer, renderInShell } from "../../../test/render";
import MergesPage from "./merges-page";

afterEach(() => vi.unstubAllGlobals());

const DAY = 86_400_000;
const iso = (msFromNow: number) => new Date(Date.now() + msFromNow).toISOString();
const merge = (id: number, daysAgo: number, over: Partial<CustomerMergeWire> = {}): CustomerMergeWire => ({
  id,
  kept: { id: 10 + id, full_name: `Kept ${id}` },
  lost: { id: 20 + id, full_name: `Lost ${id}` },
  moved: { Prescriptions: 2, Jobs: 0, Notes: 1 },
  merged_at: iso(-daysAgo * DAY),
  merged_by: "Morgan Manager",
  undone_at: null,
  undone_by: null,
  undo_until: iso((30 - daysAgo) * DAY),
  version: 4,
  ...over,
});

function open(roleId: number, rows: CustomerMergeWire[], url = "/customers/merges") {
  const calls: { url: string; method: string; body: unknown }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const u = String(input);
      const method = init.method ?? "GET";
      calls.push({ url: u, method, body: init.body ? JSON.parse(String(init.body)) : undefined });
      if (u.endsWith("/undo"))
        return Response.json({
          message: "The merge has been undone.",
          data: { ...rows[0], undone_at: iso(0) },
        });
      if (u.includes("/staff/customer-merges?"))
        return Response.json({
          data: rows,
          meta: {
            pagination: {
              total: rows.length,
              count: rows.length,
              per_page: 25,
              current_page: 1,
              total_pages: 1,
            },
          },
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
      <MergesPage />
    </MemoryRouter>,
  );
  return { ...view, calls };
}

describe("merge history", () => {
  it("lists each merge with what moved and who merged; an administrator undoes a recent one after confirming", async () => {
    const { user, calls } = open(1, [merge(1, 2)]);
    const row = await screen.findByTestId("merge-row");
    expect(row.textContent).toContain("Kept 1 (#11) ← Lost 1 (#21)");
    expect(row.textContent).toContain("Moved: Prescriptions: 2 · Notes: 1");
    expect(row.textContent).toContain("By Morgan Manager");
    await user.click(await within(row).findByRole("button", { name: "Undo: Lost 1 merged into Kept 1" }));
    await user.click(await screen.findByRole("button", { name: "Yes, undo" }));
    expect((await screen.findByTestId("banner-alert")).textContent).toContain("The merge has been undone.");
    const post = calls.find((c) => c.method === "POST");
    expect(post?.url).toMatch(/\/staff\/customer-merges\/1\/undo$/);
    expect(post?.body).toEqual({ version: 4 });
  });

  it("has no Undo after 30 days, and says why", async () => {
    open(1, [merge(2, 31)]);
    const row = await screen.findByTestId("merge-row");
    await waitFor(() =>
      expect(within(row).getByTestId("undo-refused").textContent).toBe(CUSTOMER_RULE_MESSAGES.undoTooLate),
    );
    expect(within(row).queryByRole("button", { name: /Undo/ })).toBeNull();
  });

  it("has no Undo for a manager, nor for a merge already undone", async () => {
    const { calls } = open(3, [merge(3, 1)]);
    const row = await screen.findByTestId("merge-row");
    // Once the signed-in user is in, the rule is decided: give the screen the chance to draw the button.
    await waitFor(() => expect(calls.some((c) => c.url.endsWith("/me"))).toBe(true));
    await new Promise((r) => setTimeout(r, 50));
    expect(within(row).queryByRole("button", { name: /Undo/ })).toBeNull();
    expect(within(row).queryByTestId("undo-refused")).toBeNull();
  });

  it("lists one customer's merges when the address names the customer", async () => {
    const { calls } = open(1, [merge(5, 1)], "/customers/merges?customer_id=15");
    await screen.findByTestId("merge-row");
    const list = calls.find((c) => c.url.includes("/staff/customer-merges?"));
    expect(Object.fromEntries(new URL(list!.url, "http://x").searchParams)).toEqual({
      page: "1",
      per_page: "25",
      customer_id: "15",
    });
  });

  it("says when and by whom a merge was undone", async () => {
    open(1, [merge(4, 3, { undone_at: iso(-DAY), undone_by: "Ada Admin", undo_until: null })]);
    const row = await screen.findByTestId("merge-row");
    expect(within(row).getByTestId("merge-undone").textContent).toContain("by Ada Admin");
    await new Promise((r) => setTimeout(r, 50));
    expect(within(row).queryByRole("button", { name: /Undo/ })).toBeNull();
  });
});
