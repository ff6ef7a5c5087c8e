import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { referenceAnswer, renderInShell, stubFetch } from "../../../test/render";
import { useImportBatch } from "../api";
import { testBatch } from "../test-batch";
import { MappingScreen } from "./mapping-screen";

afterEach(() => vi.unstubAllGlobals());

const read = (url: string) => {
  if (url.includes("/staff/imports/7/values"))
    return {
      data: {
        column: "Sex",
        values: [
          { value: "M", rows: 6 },
          { value: "F", rows: 3 },
          { value: "U", rows: 1 },
        ],
        more: false,
      },
    };
  if (url.includes("/staff/imports/7/preview")) return { data: { rows: [] } };
  return referenceAnswer(url);
};

/** The screen as the batch page feeds it: from the query cache, which every answer updates. */
function CachedBatchMapping() {
  const batch = useImportBatch(7);
  return batch.data ? <MappingScreen batch={batch.data} /> : null;
}

describe("the mapping screen", () => {
  it("marks the required fields the file does not give and refuses the dry run until they are mapped", async () => {
    // No column reads as a source id or an outlet.
    const calls = stubFetch(() => ({ data: testBatch() }), read);
    const { user } = renderInShell(
      <MappingScreen batch={testBatch({ columns: ["Given", "Family", "Sex"] })} />,
    );
    expect(screen.getByTestId("field-source_id").dataset.missing).toBe("true");
    expect(screen.getByTestId("field-outlet").dataset.missing).toBe("true");
    expect(within(screen.getByTestId("field-outlet")).getByText("Required – not mapped")).toBeTruthy();
    // The guessed columns are not marked.
    expect(screen.getByTestId("field-first_name").dataset.missing).toBeUndefined();
    expect((screen.getByLabelText("Column for First name (required)") as HTMLSelectElement).value).toBe(
      "Given",
    );
    expect(screen.getByText("2 required fields are not mapped.")).toBeTruthy();

    await user.click(screen.getByRole("button", { name: "Dry run" }));
    expect(screen.getByTestId("missing-required").textContent).toBe(
      "Map the required fields before the dry run: Source record id, Outlet.",
    );
    expect(calls.filter((c) => c.method !== "GET")).toEqual([]);

    // Mapping one still leaves the other required: the dry run stays refused.
    await user.selectOptions(screen.getByLabelText("Column for Source record id (required)"), "Family");
    await user.click(screen.getByRole("button", { name: "Dry run" }));
    expect(screen.getByTestId("missing-required").textContent).toContain("Outlet.");
    expect(calls.filter((c) => c.method !== "GET")).toEqual([]);
  });

  it("keeps the server's mapping, suggests the rest on a fresh upload only, and says which are suggestions", async () => {
    stubFetch(undefined, read);
    const fresh = testBatch({
      columns: ["Patient No", "Given", "First", "Branch"],
      mapping: { first_name: "First" },
    });
    const view = renderInShell(<MappingScreen batch={fresh} />);
    const column = (label: string) => (screen.getByLabelText(label) as HTMLSelectElement).value;
    // The server's own guess stands; the suggestion takes only the columns it left.
    expect(column("Column for First name (required)")).toBe("First");
    expect(column("Column for Source record id (required)")).toBe("Patient No");
    expect(column("Column for Outlet (required)")).toBe("Branch");
    expect(within(screen.getByTestId("field-outlet")).getByText("Suggested")).toBeTruthy();
    expect(within(screen.getByTestId("field-first_name")).queryByText("Suggested")).toBeNull();
    view.unmount();

    // Once staff have saved a mapping (version 2), what they left empty stays empty.
    renderInShell(<MappingScreen batch={{ ...fresh, version: 2 }} />);
    expect(column("Column for Outlet (required)")).toBe("");
    expect(screen.queryByText("Suggested")).toBeNull();
  });

  it("sends the value map as staff chose it, for the field's column only", async () => {
    const calls = stubFetch(() => ({ data: testBatch({ version: 4 }) }), read);
    const { user } = renderInShell(<MappingScreen batch={testBatch()} />);
    await user.click(screen.getByRole("button", { name: "Map values of Gender" }));
    const editor = await screen.findByTestId("value-map-gender");
    expect(
      within(editor).getByText("3 of the values in “Sex” are not mapped: their rows will be rejected."),
    ).toBeTruthy();
    await user.selectOptions(within(editor).getByLabelText("Gender for “M”"), "Male");
    await user.selectOptions(within(editor).getByLabelText("Gender for “F”"), "Female");
    // Chosen then taken back: not sent.
    await user.selectOptions(within(editor).getByLabelText("Gender for “U”"), "Female");
    await user.selectOptions(within(editor).getByLabelText("Gender for “U”"), "");
    expect(within(editor).getByText(/1 of the values/)).toBeTruthy();
    expect(calls.some((c) => c.url.endsWith("/staff/imports/7/values?column=Sex"))).toBe(true);

    await user.click(screen.getByRole("button", { name: "Save mapping" }));
    await waitFor(() => expect(calls.filter((c) => c.method === "PUT")).toHaveLength(1));
    const put = calls.find((c) => c.method === "PUT");
    expect(put?.url).toMatch(/\/api\/staff\/imports\/7\/mapping$/);
    expect(put?.body).toEqual({
      version: 1,
      mapping: { source_id: "ID", first_name: "First", gender: "Sex", outlet: "Store" },
      value_maps: { gender: { M: "Male", F: "Female" } },
      date_format: "DD/MM/YYYY",
      preset_id: null,
    });
  });

  it("saves a changed mapping before the dry run and checks with the version the save answered", async () => {
    const calls = stubFetch(
      (url) => ({ data: testBatch({ version: url.endsWith("/mapping") ? 4 : 5, state: "checking" }) }),
      read,
    );
    const { user } = renderInShell(<MappingScreen batch={testBatch()} />);
    await user.selectOptions(screen.getByLabelText("Dates in the file are written"), "YYYY-MM-DD");
    await user.click(screen.getByRole("button", { name: "Dry run" }));
    await waitFor(() => expect(calls.filter((c) => c.method === "POST")).toHaveLength(1));
    const writes = calls.filter((c) => c.method !== "GET");
    expect(writes.map((c) => `${c.method} ${c.url.replace(/.*\/api/, "")}`)).toEqual([
      "PUT /staff/imports/7/mapping",
      "POST /staff/imports/7/dry-run",
    ]);
    expect((writes[0].body as { date_format: string }).date_format).toBe("YYYY-MM-DD");
    expect(writes[1].body).toEqual({ version: 4 });
  });

  it("reads a saved mapping as saved whatever order the server answers its keys in", async () => {
    // jsonb answers keys shortest first: the same mapping in another order.
    const saved = testBatch({
      version: 2,
      mapping: { outlet: "Store", gender: "Sex", source_id: "ID", first_name: "First" },
      value_maps: {},
    });
    const calls = stubFetch(
      () => ({ data: saved }),
      (url) => (url.endsWith("/staff/imports/7") ? { data: testBatch() } : read(url)),
    );
    const { user } = renderInShell(<CachedBatchMapping />);
    const save = await screen.findByRole("button", { name: "Save mapping" });
    expect(save.hasAttribute("disabled")).toBe(false);
    await user.click(save);
    await waitFor(() => expect(calls.filter((c) => c.method === "PUT")).toHaveLength(1));
    await waitFor(() =>
      expect(screen.getByRole("button", { name: "Save mapping" }).hasAttribute("disabled")).toBe(true),
    );
    expect(screen.queryByText("The preview shows the saved mapping; save to see your changes.")).toBeNull();
  });
});
