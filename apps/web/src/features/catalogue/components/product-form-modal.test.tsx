import type { CatalogueProductWire } from "@loupe/contract";
import { CATALOGUE_MESSAGES } from "@loupe/domain";
import { screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderInShell, stubFetch } from "../../../test/render";
import { cellErrors } from "./catalogue-import";
import { ProductFormModal } from "./product-form-modal";

const regions = [
  { id: 1, name: "Australia", country_code: "AU", default_currency: "AUD" },
  { id: 5, name: "Canada", country_code: "CA", default_currency: "CAD" },
];
beforeEach(() => {
  localStorage.setItem("loupe.cache.regions", JSON.stringify({ at: Date.now(), value: regions }));
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const product: CatalogueProductWire = {
  id: 42,
  region_id: 5,
  name: "Milo 50 Crystal",
  sku: "MILO-50-CRY",
  barcode: null,
  kind: "frame",
  colour: "Crystal",
  size: "50-20-145",
  tax_class: "health",
  price_minor: 16900,
  requires_prescription: false,
  lenses_type: null,
  product_type_key: "frames",
  parent_type_key: "frames",
  version: 3,
  retired_at: null,
};

describe("the catalogue's product form", () => {
  it("checks the catalogue's rules before sending: names the fields and sends nothing", async () => {
    const calls = stubFetch();
    const { user } = renderInShell(
      <ProductFormModal defaultRegionId={1} onClose={() => {}} onSaved={() => {}} />,
    );
    await user.type(screen.getByLabelText(/^SKU/), "BAD SKU");
    await user.type(screen.getByLabelText(/^Barcode/), "9300000000018");
    await user.click(screen.getByRole("button", { name: "Add product" }));
    expect(await screen.findByText("The name field is required.")).toBeTruthy();
    expect(screen.getByText(CATALOGUE_MESSAGES.sku)).toBeTruthy();
    expect(screen.getByText(CATALOGUE_MESSAGES.barcode)).toBeTruthy();
    expect(calls.filter((c) => c.method !== "GET")).toEqual([]);
  });

  it("adds a product with its price in minor units, keyboard only", async () => {
    const onSaved = vi.fn();
    const calls = stubFetch(() => ({ message: CATALOGUE_MESSAGES.created, data: { ...product, id: 43 } }));
    const { user } = renderInShell(
      <ProductFormModal defaultRegionId={1} onClose={() => {}} onSaved={onSaved} />,
    );
    await user.type(screen.getByLabelText(/^Name/), "Luna 49 Honey");
    await user.type(screen.getByLabelText(/^SKU/), "LUNA-49-HNY");
    await user.type(screen.getByLabelText(/^Price/), "189.5");
    await user.keyboard("{Enter}");
    await waitFor(() => expect(calls.some((c) => c.method === "POST")).toBe(true));
    const post = calls.find((c) => c.method === "POST")!;
    expect(post.url).toContain("/api/staff/catalogue/products");
    expect(post.body).toMatchObject({
      region_id: 1,
      name: "Luna 49 Honey",
      sku: "LUNA-49-HNY",
      barcode: null,
      kind: "frame",
      price_minor: 18950,
      tax_class: "standard",
    });
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
  });

  it("edits with the version it was opened at; a colleague's save first is shown plainly with Reload", async () => {
    const sent: unknown[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (_input: RequestInfo | URL, init: RequestInit = {}) => {
        if (init.method === "PATCH") sent.push(JSON.parse(String(init.body)));
        return init.method === "PATCH"
          ? new Response(
              JSON.stringify({
                code: "conflict",
                message: "This product was changed by Mia Chen at 10:02 am. Reload to see the changes.",
                error: "This product was changed by Mia Chen at 10:02 am. Reload to see the changes.",
                details: {
                  versionConflict: {
                    record: "product",
                    id: 42,
                    expected_version: 3,
                    current_version: 4,
                    updated_at: "2026-11-29T10:02:00.000Z",
                    updated_by: { id: 7, full_name: "Mia Chen" },
                  },
                },
              }),
              { status: 409, headers: { "content-type": "application/json" } },
            )
          : new Response(JSON.stringify({ data: [] }), {
              status: 200,
              headers: { "content-type": "application/json" },
            });
      }),
    );
    const { user } = renderInShell(
      <ProductFormModal product={product} onClose={() => {}} onSaved={() => {}} />,
    );
    const price = screen.getByLabelText(/^Price/) as HTMLInputElement;
    expect(price.value).toBe("169.00");
    await user.clear(price);
    await user.type(price, "179");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByTestId("version-conflict")).toBeTruthy();
    expect(screen.getByText(/Mia Chen/)).toBeTruthy();
    expect(screen.getByRole("button", { name: /Reload/ })).toBeTruthy();
    expect(sent).toEqual([expect.objectContaining({ version: 3, price_minor: 17900 })]);
    expect((sent[0] as Record<string, unknown>).region_id).toBe(5);
  });
});

describe("the import report", () => {
  it("reads the server's errors as rows, columns and messages in file order", () => {
    expect(
      cellErrors({
        "rows.12.price": ["Row 12, price: The price field must be an amount like 129.95."],
        "rows.3.name": ["Row 3, name: The name field is required."],
        file: ["The file has no rows to import."],
      }),
    ).toEqual([
      { row: null, column: "file", message: "The file has no rows to import." },
      { row: 3, column: "name", message: "The name field is required." },
      { row: 12, column: "price", message: "The price field must be an amount like 129.95." },
    ]);
  });
});
