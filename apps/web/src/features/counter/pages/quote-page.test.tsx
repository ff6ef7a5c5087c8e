import { fireEvent, screen, waitFor } from "@testing-library/react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderInShell } from "../../../test/render";
import QuotePage from "./quote-page";

afterEach(() => vi.unstubAllGlobals());

const me = {
  id: 1,
  name: "Test Staff",
  role_id: 1,
  home_region_id: null,
  outlet_id: 1,
  outlet: { id: 1, name: "Newtown", region_id: 1 },
};
const frame = {
  id: 31,
  region_id: 1,
  name: "Harper 52 Tortoise",
  sku: "HARP-52-TOR",
  barcode: "9312345100103",
  kind: "frame",
  colour: "Tortoise",
  size: "52-18-140",
  tax_class: "standard",
  price_minor: 18_900,
  requires_prescription: false,
  lenses_type: null,
  product_type_key: "frames",
  parent_type_key: "frames",
  version: 1,
  retired_at: null,
};
const line = {
  id: 501,
  position: 1,
  region_product_id: 31,
  name: "Harper 52 Tortoise",
  kind: "frame",
  unit_price_minor: 18_900,
  tax_class: "standard",
  quantity: 1,
  discount: null,
  discount_minor: 0,
  net_minor: 18_900,
  tax_minor: 1718,
  total_minor: 18_900,
  selection: null,
  approved_by: null,
};
const quote = (version: number, quantity = 1) => ({
  id: 12,
  reference: "Q-000012",
  status: "open",
  version,
  outlet: { id: 1, name: "Newtown", abbreviation: "NEW", region_id: 1 },
  currency: "AUD",
  tax_included: true,
  customer: { id: 7, first_name: "Ana", last_name: "Ngata", email: "ana@example.com", mobile: null },
  guest: null,
  note: null,
  lines: [{ ...line, quantity, total_minor: 18_900 * quantity }],
  subtotal_minor: 18_900 * quantity,
  discount_minor: 0,
  taxes: [{ name: "GST", rate: 0.1, amount_minor: 1718 * quantity }],
  tax_minor: 1718 * quantity,
  total_minor: 18_900 * quantity,
  deposit_minimum_minor: 9450 * quantity,
  expires_at: "2026-12-29T12:59:59Z",
  created_at: "2026-11-29T01:00:00Z",
  created_by: { id: 1, full_name: "Test Staff" },
  order_id: null,
  invoice_number: null,
});

interface Sent {
  url: string;
  method: string;
  body: Record<string, unknown> | undefined;
}

function stub(answer: (url: string, method: string, n: number) => { status?: number; body: unknown }) {
  const sent: Sent[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = String(input);
      const method = init.method ?? "GET";
      sent.push({ url, method, body: init.body ? JSON.parse(String(init.body)) : undefined });
      const n = sent.filter((s) => s.url === url && s.method === method).length;
      const reply = url.endsWith("/me")
        ? { body: { data: me } }
        : url.includes("/customers/7")
          ? { body: { data: { id: 7, first_name: "Ana", last_name: "Ngata", email: null, mobile: null } } }
          : answer(url, method, n);
      return new Response(JSON.stringify(reply.body), {
        status: reply.status ?? 200,
        headers: { "content-type": "application/json" },
      });
    }),
  );
  return sent;
}

function Where() {
  const l = useLocation();
  return <output data-testid="where">{`${l.pathname}${l.search}`}</output>;
}

const open = (path: string) =>
  renderInShell(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/quotes/:id" element={<QuotePage />} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );

describe("the quote screen", () => {
  it("saves the quote with its first item, scanned, at the staff member's outlet, and shows the server's totals", async () => {
    const sent = stub((url, method) =>
      url.includes("/catalogue/products")
        ? { body: { data: [frame], meta: { pagination: { total: 1 } } } }
        : method === "POST" && url.endsWith("/staff/quotes")
          ? { body: { message: "Quote created successfully", data: quote(1) } }
          : url.includes("/staff/quotes/12")
            ? { body: { data: quote(1) } }
            : { body: { data: [] } },
    );
    open("/quotes/new?for=quote&customer_id=7");
    expect((await screen.findByTestId("quote-who")).textContent).toContain("Ana Ngata");
    const scan = await screen.findByLabelText("Scan barcode");
    fireEvent.change(scan, { target: { value: "9312345100103" } });
    fireEvent.keyDown(scan, { key: "Enter" });
    await waitFor(() => expect(screen.getByTestId("where").textContent).toBe("/quotes/12"));
    const made = sent.find((s) => s.method === "POST" && s.url.endsWith("/staff/quotes"))!;
    expect(made.body).toEqual({
      outlet_id: 1,
      customer_id: 7,
      guest: null,
      lines: [{ region_product_id: 31, quantity: 1 }],
    });
    expect((await screen.findByTestId("quote-total")).textContent).toBe("$189.00");
    expect(screen.getByTestId("quote-totals").textContent).toContain("Includes GST 10%$17.18");
    // The expiry on the outlet's clock (Sydney): the 29th ends at 23:59:59 there.
    expect(screen.getByTestId("quote-expiry").textContent).toContain("29th Dec 2026");
  });

  it("a guest is asked for a name and a mobile or an e-mail before the first item", async () => {
    const sent = stub((url) =>
      url.includes("/catalogue/products")
        ? { body: { data: [frame], meta: { pagination: { total: 1 } } } }
        : { body: { data: [] } },
    );
    const { user } = open("/quotes/new?for=job");
    await user.click(await screen.findByRole("button", { name: "A guest" }));
    const scan = screen.getByLabelText("Scan barcode");
    fireEvent.change(scan, { target: { value: "9312345100103" } });
    fireEvent.keyDown(scan, { key: "Enter" });
    expect(await screen.findByText("The guest first name field is required.")).toBeTruthy();
    expect(screen.getByText("A guest needs a mobile or an e-mail.")).toBeTruthy();
    expect(sent.some((s) => s.method === "POST")).toBe(false);
  });

  it("a colleague's change first: the 409 is said plainly, and Reload shows their version", async () => {
    const sent = stub((url, method, n) =>
      method === "PUT"
        ? {
            status: 409,
            body: {
              code: "conflict",
              message: "Someone else changed this quote; reload to see their changes.",
              details: {
                versionConflict: {
                  record: "quote",
                  id: 12,
                  expected_version: 1,
                  current_version: 2,
                  updated_at: "2026-11-29T02:04:00Z",
                  updated_by: { id: 5, full_name: "Jane Smith" },
                },
              },
            },
          }
        : url.includes("/staff/quotes/12")
          ? { body: { data: n === 1 ? quote(1) : quote(2, 2) } }
          : { body: { data: [] } },
    );
    const { user } = open("/quotes/12");
    const qty = await screen.findByLabelText("Quantity of Harper 52 Tortoise");
    await user.clear(qty);
    await user.type(qty, "3{Enter}");
    const conflict = await screen.findByTestId("version-conflict");
    expect(conflict.textContent).toContain("Jane Smith");
    expect(sent.find((s) => s.method === "PUT")?.body).toMatchObject({ quantity: 3, version: 1 });
    await user.click(screen.getByRole("button", { name: "Reload" }));
    await waitFor(() => expect(screen.queryByTestId("version-conflict")).toBeNull());
    expect(((await screen.findByLabelText("Quantity of Harper 52 Tortoise")) as HTMLInputElement).value).toBe(
      "2",
    );
    expect(screen.getByTestId("quote-total").textContent).toBe("$378.00");
  });
});
