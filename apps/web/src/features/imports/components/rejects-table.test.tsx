import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { referenceAnswer, renderInShell, stubFetch } from "../../../test/render";
import { RejectsTable } from "./rejects-table";

afterEach(() => vi.unstubAllGlobals());

const page = (p: number) => ({
  data:
    p === 1
      ? [
          { line: 4, column: "DOB", value: "31/02/1980", reason: "Not a date in DD/MM/YYYY." },
          { line: 9, column: "Sex", value: "X", reason: "“X” is not in the value map for Gender." },
          { line: 12, column: null, value: null, reason: "The same source id as line 3." },
        ]
      : [{ line: 140, column: "Email", value: "ann@", reason: "Enter a valid email address." }],
  meta: { pagination: { total: 51, count: 3, per_page: 50, current_page: p, total_pages: 2 } },
});

describe("the rejected rows", () => {
  it("lists each line with its column, value and reason", async () => {
    const calls = stubFetch(undefined, (url) => {
      const m = /\/staff\/imports\/7\/rejects\?page=(\d+)/.exec(url);
      return m ? page(Number(m[1])) : referenceAnswer(url);
    });
    renderInShell(<RejectsTable batchId={7} page={1} onPage={() => {}} />);
    const table = await screen.findByRole("table", { name: "Rejected rows" });
    expect(await within(table).findByText("Not a date in DD/MM/YYYY.")).toBeTruthy();
    const rows = within(table).getAllByRole("row").slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole("cell")
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ["4", "DOB", "31/02/1980", "Not a date in DD/MM/YYYY."],
      ["9", "Sex", "X", "“X” is not in the value map for Gender."],
      ["12", "(whole row)", "", "The same source id as line 3."],
    ]);
    expect(screen.getByText("51 rejected cells or rows")).toBeTruthy();
    expect(calls.some((c) => c.url.endsWith("/staff/imports/7/rejects?page=1&per_page=50"))).toBe(true);
    expect(screen.getByRole("button", { name: "Download CSV" }).hasAttribute("disabled")).toBe(false);
  });

  it("asks for the page it is given", async () => {
    stubFetch(undefined, (url) => {
      const m = /\/rejects\?page=(\d+)/.exec(url);
      return m ? page(Number(m[1])) : referenceAnswer(url);
    });
    renderInShell(<RejectsTable batchId={7} page={2} onPage={() => {}} />);
    expect(await screen.findByText("Enter a valid email address.")).toBeTruthy();
    expect(screen.queryByText("Not a date in DD/MM/YYYY.")).toBeNull();
  });
});
