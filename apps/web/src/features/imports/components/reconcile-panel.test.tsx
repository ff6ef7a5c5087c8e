import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { referenceAnswer, renderInShell, stubFetch } from "../../../test/render";
import { testBatch } from "../test-batch";
import { ReconcilePanel } from "./reconcile-panel";

afterEach(() => vi.unstubAllGlobals());

const imported = testBatch({ state: "imported", version: 12, imported_at: "2026-11-29T08:10:00.000Z" });
const read = (url: string) => {
  if (url.endsWith("/reconciliation"))
    return {
      data: {
        batch_id: 7,
        kind: "customers",
        rows: [
          {
            outlet_id: 4,
            outlet_name: "Newtown",
            in_file: 5,
            imported: 3,
            rejected: 1,
            merged: 0,
            already_imported: 1,
          },
          {
            outlet_id: 5,
            outlet_name: "Brunswick",
            in_file: 2,
            imported: 1,
            rejected: 0,
            merged: 1,
            already_imported: 0,
          },
        ],
        in_loupe: 4,
      },
    };
  if (url.includes("/rejects"))
    return {
      data: [],
      meta: { pagination: { total: 0, count: 0, per_page: 50, current_page: 1, total_pages: 1 } },
    };
  return referenceAnswer(url);
};

describe("reconciling an import", () => {
  it("adds up each outlet's counts", async () => {
    stubFetch(undefined, read);
    renderInShell(<ReconcilePanel batch={imported} rejectsPage={1} onRejectsPage={() => {}} />);
    const table = await screen.findByRole("table", { name: "Customers per outlet" });
    const rows = within(table)
      .getAllByRole("row")
      .map((r) => r.textContent);
    expect(rows.at(-1)).toBe("All outlets74111");
    expect(screen.getByText("Customers of this batch now in Loupe: 4")).toBeTruthy();
  });

  it("marks final only once confirmed, saying undo goes, with the batch's version", async () => {
    const calls = stubFetch(() => ({ data: { ...imported, state: "final", version: 13 } }), read);
    const { user } = renderInShell(
      <ReconcilePanel batch={imported} rejectsPage={1} onRejectsPage={() => {}} />,
    );
    await user.click(screen.getByRole("button", { name: "Mark final" }));
    const dialog = await screen.findByRole("dialog", { name: "Mark this import final?" });
    expect(dialog.textContent).toContain("can no longer be undone");
    expect(calls.some((c) => c.method === "POST")).toBe(false);
    await user.click(within(dialog).getByRole("button", { name: "Mark final" }));
    await waitFor(() => expect(calls.filter((c) => c.method === "POST")).toHaveLength(1));
    const post = calls.find((c) => c.method === "POST");
    expect(post?.url).toMatch(/\/api\/staff\/imports\/7\/final$/);
    expect(post?.body).toEqual({ version: 12 });
  });

  it("offers undo (not final) for a run that failed after writing rows", async () => {
    stubFetch(undefined, read);
    renderInShell(
      <ReconcilePanel
        batch={testBatch({ state: "failed", counts: { ...imported.counts, created: 3 } })}
        rejectsPage={1}
        onRejectsPage={() => {}}
      />,
    );
    expect(screen.getByRole("button", { name: "Undo this import" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Mark final" })).toBeNull();
  });
});
