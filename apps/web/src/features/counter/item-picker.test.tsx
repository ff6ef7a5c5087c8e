import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderInShell, stubFetch } from "../../test/render";
import { ItemPicker } from "./item-picker";

afterEach(() => vi.unstubAllGlobals());

const frame = {
  id: 31,
  region_id: 1,
  name: "Harbour 52 Black",
  sku: "HAR-52-BLK",
  barcode: "9300000000017",
  kind: "frame",
  colour: "Black",
  size: "52",
  tax_class: "standard",
  price_minor: 19_900,
  requires_prescription: true,
  lenses_type: "single-vision",
  product_type_key: "glasses",
  parent_type_key: "glasses",
  version: 1,
  retired_at: null,
};
const page = (rows: unknown[]) => ({ data: rows, meta: { pagination: { total: rows.length } } });

describe("the item picker", () => {
  it("a scanner's read ending with Enter finds the region's product by its barcode", async () => {
    const calls = stubFetch(undefined, (url) =>
      url.includes("barcode=9300000000017") ? page([frame]) : page([]),
    );
    const onPick = vi.fn();
    renderInShell(<ItemPicker regionId={1} currency="AUD" onPick={onPick} />);
    const field = screen.getByLabelText("Scan barcode");
    // A keyboard wedge types the digits, then Enter.
    fireEvent.change(field, { target: { value: "9300000000017" } });
    fireEvent.keyDown(field, { key: "Enter" });
    await waitFor(() => expect(onPick).toHaveBeenCalledWith(expect.objectContaining({ id: 31 })));
    const lookup = calls.find((c) => c.url.includes("/staff/catalogue/products"))!;
    expect(lookup.url).toContain("barcode=9300000000017");
    expect(lookup.url).toContain("region_id=1");
    // Ready for the next scan.
    expect((field as HTMLInputElement).value).toBe("");
  });

  it("says so when no product has the barcode, and picks nothing", async () => {
    stubFetch(undefined, () => page([]));
    const onPick = vi.fn();
    renderInShell(<ItemPicker regionId={1} currency="AUD" onPick={onPick} />);
    const field = screen.getByLabelText("Scan barcode");
    fireEvent.change(field, { target: { value: "1234567890128" } });
    fireEvent.keyDown(field, { key: "Enter" });
    expect(
      (await screen.findByText("No product in the catalogue has the barcode 1234567890128.")).textContent,
    ).toBeTruthy();
    expect(onPick).not.toHaveBeenCalled();
  });

  it("a search lists products with their price in the region's money; Enter on one adds it", async () => {
    stubFetch(undefined, (url) => (url.includes("q=harb") ? page([frame]) : page([])));
    const onPick = vi.fn();
    const { user } = renderInShell(<ItemPicker regionId={1} currency="AUD" onPick={onPick} />);
    await user.type(screen.getByLabelText("Find a product"), "harb");
    const hit = await screen.findByRole("button", { name: "Add Harbour 52 Black" });
    expect(hit.textContent).toContain("$199.00");
    expect(hit.textContent).toContain("HAR-52-BLK · Black · size 52");
    hit.focus();
    await user.keyboard("{Enter}");
    expect(onPick).toHaveBeenCalledWith(expect.objectContaining({ id: 31 }));
  });
});
