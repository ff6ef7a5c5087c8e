import type { IntakeSaleDetailWire } from "@loupe/contract";
import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderInShell, stubFetch } from "../../../test/render";
import { CustomerPickModal } from "./customer-pick-modal";

afterEach(() => vi.unstubAllGlobals());

const sale = { id: 7, invoice_number: "1042" };
const detail: IntakeSaleDetailWire = {
  id: 7,
  store_key: "lightspeed-au",
  source: "lightspeed",
  external_id: "0a1b",
  invoice_number: "1042",
  state: "waiting",
  reason_code: "needs_customer",
  reason: "2 customers could be this sale's customer: pick one or create one",
  order_id: null,
  customer_name: "Jane Citizen",
  total: 249,
  currency: "AUD",
  received_at: "2026-11-29T01:00:00Z",
  processed_at: null,
  lines: [],
  candidates: [
    {
      customer_id: 31,
      full_name: "Jane Citizen",
      email: "ja***@example.com",
      mobile: "•••• ••• 678",
      dob: "1990-05-02",
      matched_by: "email",
    },
    {
      customer_id: 58,
      full_name: "Jane Citizen",
      email: "ja***@example.com",
      mobile: null,
      dob: null,
      matched_by: "email",
    },
  ],
  outlet_candidates: [],
  external_outlet_id: null,
};
const resolved = {
  message: "Linked",
  data: { order_id: 900, sale: { ...detail, state: "done", reason_code: null, reason: null, order_id: 900 } },
};
const read = (url: string) => (url.includes("/staff/intake/sales/7") ? { data: detail } : { data: [] });

function open() {
  const onResolved = vi.fn();
  const view = renderInShell(<CustomerPickModal sale={sale} onClose={() => {}} onResolved={onResolved} />);
  return { ...view, onResolved };
}

describe("picking the customer of a waiting sale", () => {
  it("lists the candidates with their masked contacts and what matched", async () => {
    stubFetch(() => resolved, read);
    open();
    const radios = await screen.findAllByRole("radio");
    expect(radios).toHaveLength(2);
    const first = screen.getAllByTestId("intake-candidate")[0].closest("div")!.parentElement!;
    expect(first.textContent).toContain("ja***@example.com · •••• ••• 678 · Born 2nd May 1990");
    expect(first.textContent).toContain("Matched by same e-mail");
    expect(screen.getByText(detail.reason!)).toBeTruthy();
  });

  it("sends nothing until a customer is chosen, and says so", async () => {
    const calls = stubFetch(() => resolved, read);
    const { user, onResolved } = open();
    await screen.findAllByRole("radio");
    await user.click(screen.getByRole("button", { name: "Link this customer" }));
    expect(screen.getByTestId("resolve-error").textContent).toBe(
      "Choose a customer first, or create a new one.",
    );
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(0);
    expect(onResolved).not.toHaveBeenCalled();
  });

  it("links the chosen customer, chosen with the keyboard alone", async () => {
    const calls = stubFetch(() => resolved, read);
    const { user, onResolved } = open();
    const radios = await screen.findAllByRole("radio");
    radios[0].focus();
    await user.keyboard("{ArrowDown}");
    expect((radios[1] as HTMLInputElement).checked).toBe(true);
    screen.getByRole("button", { name: "Link this customer" }).focus();
    await user.keyboard("{Enter}");
    await waitFor(() => expect(onResolved).toHaveBeenCalledWith(resolved.data));
    const post = calls.filter((c) => c.method === "POST");
    expect(post).toHaveLength(1);
    expect(post[0].url).toMatch(/\/api\/staff\/intake\/sales\/7\/customer$/);
    expect(post[0].body).toEqual({ customer_id: 58 });
  });

  it("creates a new customer from the sale's details instead", async () => {
    const calls = stubFetch(() => resolved, read);
    const { user, onResolved } = open();
    await screen.findAllByRole("radio");
    await user.click(screen.getByRole("button", { name: "Create new customer" }));
    await waitFor(() => expect(onResolved).toHaveBeenCalled());
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({ create: true });
  });

  it("a double click sends one call", async () => {
    const calls = stubFetch(() => resolved, read);
    const { user } = open();
    const radios = await screen.findAllByRole("radio");
    await user.click(radios[0]);
    await user.dblClick(screen.getByRole("button", { name: "Link this customer" }));
    await waitFor(() => expect(calls.filter((c) => c.method === "POST")).toHaveLength(1));
  });

  it("the server's refusal stays in the dialog, and nothing is resolved", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) =>
        (init.method ?? "GET") === "GET"
          ? new Response(JSON.stringify(read(String(input))), { status: 200 })
          : new Response(
              JSON.stringify({
                code: "conflict",
                message: "This sale is not waiting: it has been made into its job already.",
              }),
              { status: 409 },
            ),
      ),
    );
    const { user, onResolved } = open();
    const radios = await screen.findAllByRole("radio");
    await user.click(radios[0]);
    await user.click(screen.getByRole("button", { name: "Link this customer" }));
    expect((await screen.findByTestId("resolve-error")).textContent).toBe(
      "This sale is not waiting: it has been made into its job already.",
    );
    expect(onResolved).not.toHaveBeenCalled();
  });
});
