import { screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { referenceAnswer, renderInShell } from "../../../test/render";
import { testBatch } from "../test-batch";
import ImportBatchPage from "./import-batch-page";
import ImportsPage from "./imports-page";

afterEach(() => vi.unstubAllGlobals());

const checked = testBatch({
  id: 7,
  state: "checked",
  mapping: { source_id: "ID", first_name: "First", outlet: "Store" },
  counts: { rows_in_file: 10, rows_ok: 8, rows_rejected: 2, created: 0, merged: 0, already_imported: 0 },
});

function open(url: string, roleId: number) {
  const calls: { url: string; method: string }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const u = String(input);
      calls.push({ url: u, method: init.method ?? "GET" });
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
      if (u.includes("/staff/imports?"))
        return Response.json({
          data: [checked, testBatch({ id: 6, file_name: "old.csv", state: "final" })],
          meta: { pagination: { total: 2, count: 2, per_page: 25, current_page: 1, total_pages: 1 } },
        });
      if (u.endsWith("/staff/imports/7")) return Response.json({ data: checked });
      if (u.endsWith("/staff/imports/7/reconciliation"))
        return Response.json({
          data: {
            batch_id: 7,
            kind: "customers",
            rows: [
              {
                outlet_id: 4,
                outlet_name: "Newtown",
                in_file: 10,
                imported: 8,
                rejected: 2,
                merged: 0,
                already_imported: 0,
              },
            ],
            in_loupe: 0,
          },
        });
      if (u.includes("/staff/imports/7/rejects"))
        return Response.json({
          data: [{ line: 3, column: "Sex", value: "X", reason: "Not in the value map." }],
          meta: { pagination: { total: 1, count: 1, per_page: 50, current_page: 1, total_pages: 1 } },
        });
      return Response.json(referenceAnswer(u));
    }),
  );
  renderInShell(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/imports" element={<ImportsPage />} />
        <Route path="/imports/:id" element={<ImportBatchPage />} />
      </Routes>
    </MemoryRouter>,
  );
  return calls;
}

describe("the imports area", () => {
  it("lists the batches for an administrator, with their state", async () => {
    open("/imports", 1);
    const table = await screen.findByRole("table", { name: "Import batches" });
    await within(table).findByText("patients.csv");
    expect(
      within(table)
        .getAllByTestId("import-state")
        .map((b) => b.textContent),
    ).toEqual(["Checked", "Final"]);
    expect(screen.getByRole("link", { name: "New import" }).getAttribute("href")).toBe("/imports/new");
  });

  it("refuses anyone else with the rulebook's sentence and asks the server nothing", async () => {
    const calls = open("/imports", 2);
    await waitFor(() =>
      expect(screen.getByTestId("imports-refused").textContent).toBe("Only an administrator can do this."),
    );
    expect(calls.some((c) => c.url.includes("/staff/imports"))).toBe(false);
  });

  it("shows a checked batch's dry-run report: counts, outlets, rejects and the import button", async () => {
    open("/imports/7", 1);
    const report = await screen.findByTestId("dry-run-report");
    expect(within(report).getByTestId("figure-rejected-rows").textContent).toBe("2");
    expect(await within(report).findByText("Not in the value map.")).toBeTruthy();
    expect(await within(report).findByText("Newtown")).toBeTruthy();
    expect(within(report).getByRole("button", { name: "Import 8 rows" })).toBeTruthy();
  });
});
