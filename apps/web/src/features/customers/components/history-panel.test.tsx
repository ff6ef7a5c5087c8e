import { screen, waitFor } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { referenceAnswer, renderInShell } from "../../../test/render";
import { HistoryPanel } from "./history-panel";

afterEach(() => vi.unstubAllGlobals());

const events = [
  {
    id: 2,
    kind: "merged_in",
    detail: "Jayne Citizen (#11) merged into this record",
    occurred_at: "2026-11-29T01:30:00Z",
    by: "Morgan Manager",
    ref: { merge_id: 5 },
  },
  {
    id: 1,
    kind: "imported",
    detail: "Imported from Optomate (batch #4, source id 1021)",
    occurred_at: "2026-11-01T00:00:00Z",
    by: null,
    ref: { batch_id: 4 },
  },
];

function open() {
  const calls: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL) => {
      const u = String(input);
      calls.push(u);
      if (u.includes("/staff/customers/10/history"))
        return Response.json({
          data: events,
          meta: { pagination: { total: 2, count: 2, per_page: 25, current_page: 1, total_pages: 1 } },
        });
      // The customer's outlet is in Perth: its events read in Perth's time, whatever the user's zone.
      if (u.includes("/outlet?") || u.endsWith("/outlet"))
        return Response.json({
          data: [{ id: 7, name: "Perth", region_id: 1, time_zone: "Australia/Perth" }],
        });
      return Response.json(referenceAnswer(u));
    }),
  );
  renderInShell(
    <MemoryRouter>
      <HistoryPanel customerId={10} outletId={7} />
    </MemoryRouter>,
  );
  return calls;
}

describe("a customer's History", () => {
  it("lists the record's events newest first, in the outlet's zone, with who did it", async () => {
    const calls = open();
    const rows = await screen.findAllByTestId("customer-event");
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining("Merged inJayne Citizen (#11) merged into this record Merge history"),
      expect.stringContaining("ImportedImported from Optomate (batch #4, source id 1021)"),
    ]);
    await waitFor(() => expect(rows[0].textContent).toContain("29th Nov 2026, 9:30am · Morgan Manager"));
    expect(rows[1].textContent).not.toContain(" · ");
    expect(calls.find((u) => u.includes("/history"))).toMatch(/\/history\?page=1&per_page=25$/);
  });
});
