import type { RecallRow } from "@loupe/contract";
import { screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { referenceAnswer, renderInShell } from "../../../test/render";
import RecallsPage from "./recalls-page";

afterEach(() => vi.unstubAllGlobals());

const row = (id: number, name: string, version: number): RecallRow => ({
  id,
  customer: { id: 100 + id, name },
  recall_type: { id: 3, name: "Spectacle eye test" },
  outlet: { id: 1, name: "Newtown" },
  due_date: "2026-12-01",
  manual: false,
  basis: "Spectacle prescription of 1st Dec 2024",
  next_step: { step_index: 1, channel: "sms", on: "2026-12-01" },
  last_step: {
    id: 9,
    step_index: 0,
    offset_days: -14,
    planned_channel: "email",
    channel: "letter",
    status: "queued",
    reason: "No usable e-mail: sent by letter instead",
    due_on: "2026-11-17",
    at: "2026-11-16T22:00:00Z",
  },
  outcome: "open",
  version,
});

function open(url: string, me: Record<string, unknown> = { role_id: 1 }) {
  const calls: { url: string; method: string; body: unknown }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const u = String(input);
      const method = init.method ?? "GET";
      calls.push({ url: u, method, body: init.body ? JSON.parse(String(init.body)) : undefined });
      if (method !== "GET") return Response.json({ message: "1 recall marked booked.", data: [] });
      if (u.includes("/staff/recalls?"))
        return Response.json({
          data: [row(1, "Ada Lee", 4), row(2, "Ben Ng", 2)],
          meta: { pagination: { total: 2, count: 2, per_page: 25, current_page: 1, total_pages: 1 } },
        });
      if (u.endsWith("/me"))
        return Response.json({
          data: { id: 1, outlet_id: 1, outlet: { id: 1, name: "Newtown", region_id: 1 }, ...me },
        });
      return Response.json(referenceAnswer(u));
    }),
  );
  const view = renderInShell(
    <MemoryRouter initialEntries={[url]}>
      <RecallsPage />
    </MemoryRouter>,
  );
  return { ...view, calls };
}

describe("recalls screen", () => {
  it("asks for the recalls the address names, links each customer's profile and shows the last step", async () => {
    const { calls } = open("/recalls?state=overdue&outlet_id=1&from=2026-11-01");
    const table = await screen.findByRole("table", { name: "Recalls" });
    expect(await within(table).findByRole("link", { name: "Ada Lee" })).toHaveProperty(
      "href",
      expect.stringMatching(/\/customers\/101$/),
    );
    expect(within(table).getAllByText(/Letter · Queued/)).toHaveLength(2);
    expect(within(table).getAllByText("1st Dec 2026")).toHaveLength(2);
    const list = calls.find((c) => c.url.includes("/staff/recalls?"))!;
    const q = new URL(list.url, "http://x").searchParams;
    expect(Object.fromEntries(q)).toEqual({
      state: "overdue",
      outlet_id: "1",
      from: "2026-11-01",
      page: "1",
      per_page: "25",
    });
  });

  it("marks the chosen recall booked with the version it showed", async () => {
    const { user, calls } = open("/recalls");
    await user.click(await screen.findByRole("checkbox", { name: "Choose Ben Ng's Spectacle eye test" }));
    await user.click(screen.getByRole("button", { name: "Booked" }));
    await waitFor(() => expect(calls.some((c) => c.method === "POST")).toBe(true));
    const post = calls.find((c) => c.method === "POST")!;
    expect(post.url).toMatch(/\/api\/staff\/recalls\/bulk$/);
    expect(post.body).toEqual({ action: "booked", recalls: [{ id: 2, version: 2 }] });
  });

  it("offers the run, the export and bulk actions to managers and administrators only", async () => {
    open("/recalls", { role_id: 2 });
    await screen.findByRole("table", { name: "Recalls" });
    expect(screen.queryByRole("button", { name: "Run today's recalls now" })).toBeNull();
    const exportButton = await screen.findByTestId("export-csv");
    await waitFor(() => expect((exportButton as HTMLButtonElement).disabled).toBe(true));
    // Bulk actions are the managers' and administrators' too (the server refuses staff).
    await screen.findByText("Only managers and administrators act on recalls.");
    expect((screen.getByRole("button", { name: "Booked" }) as HTMLButtonElement).disabled).toBe(true);
  });
});
