import type { OrderDetailWire } from "@loupe/contract";
import { screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { referenceAnswer, renderInShell } from "../../../test/render";
import { TakePaymentModal } from "./take-payment-modal";

const me = { id: 1, name: "Test Staff", outlet_id: 1, outlet: { id: 1, name: "Newtown", region_id: 1 } };

beforeEach(() => {
  localStorage.setItem("loupe.session", JSON.stringify({ token: "t", expiresAt: null, user: me }));
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

/** A $300.00 job with $100.00 paid: $200.00 due. */
const job = {
  id: 7,
  vend_invoice_number: "NTN-7",
  balance_due: 200,
  total_amount: 300,
  total_payment: 100,
  origin_outlet: { region: { country_code: "AU" }, time_zone: "Australia/Sydney" },
} as unknown as OrderDetailWire;

/** Records every call with its headers; a POST waits for `release` when given one. */
function stub(answer: (body: unknown) => { status: number; json: unknown }, release?: Promise<void>) {
  const posts: { url: string; key: string | null; body: unknown }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = String(input);
      if ((init.method ?? "GET") === "GET")
        return new Response(JSON.stringify(url.endsWith("/me") ? { data: me } : referenceAnswer(url)), {
          headers: { "content-type": "application/json" },
        });
      const headers = new Headers(init.headers);
      const body = JSON.parse(String(init.body));
      posts.push({ url, key: headers.get("idempotency-key"), body });
      if (release) await release;
      const { status, json } = answer(body);
      return new Response(JSON.stringify(json), { status, headers: { "content-type": "application/json" } });
    }),
  );
  return posts;
}

const paid = {
  status: 200,
  json: {
    message: "Payment recorded.",
    data: { created: true, balance_due: 0, balance_due_minor: 0, payment: {} },
  },
};

describe("TakePaymentModal", () => {
  it("offers the balance, and asks a gift card for its number before sending anything", async () => {
    const posts = stub(() => paid);
    const { user } = renderInShell(<TakePaymentModal job={job} onClose={vi.fn()} />);
    expect(screen.getByTestId("take-payment-balance").textContent).toBe("$200.00");
    expect((screen.getByLabelText(/^Amount/) as HTMLInputElement).value).toBe("200.00");
    await user.click(screen.getByLabelText(/^Paid by/, { selector: "input" }));
    await user.click(await screen.findByRole("option", { name: "Gift card" }));
    await user.click(screen.getByRole("button", { name: "Take payment" }));
    expect(await screen.findByText("The Gift card no. is required.")).toBeTruthy();
    expect(posts).toHaveLength(0);
  });

  it("refuses more than the balance on the amount field, with the balance in the region's money", async () => {
    const posts = stub(() => paid);
    const { user } = renderInShell(<TakePaymentModal job={job} onClose={vi.fn()} />);
    const amount = screen.getByLabelText(/^Amount/);
    await user.clear(amount);
    await user.type(amount, "200.01");
    await user.click(screen.getByRole("button", { name: "Take payment" }));
    expect(await screen.findByText("The amount is more than the balance due ($200.00).")).toBeTruthy();
    expect(posts).toHaveLength(0);
  });

  it("sends one payment for a double click, in cents, with the dialog's key", async () => {
    let open!: () => void;
    const release = new Promise<void>((r) => {
      open = r;
    });
    const posts = stub(() => paid, release);
    const onClose = vi.fn();
    const { user } = renderInShell(<TakePaymentModal job={job} onClose={onClose} />);
    const amount = screen.getByLabelText(/^Amount/);
    await user.clear(amount);
    await user.type(amount, "50.10");
    const button = screen.getByRole("button", { name: "Take payment" });
    await user.dblClick(button);
    open();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(posts).toHaveLength(1);
    expect(posts[0].url).toContain("/staff/orders/7/payments");
    expect(posts[0].body).toEqual({ amount_minor: 5_010, tender: "cash", reference: null, intent_id: null });
    expect(posts[0].key).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("shows the server's refusal on the field it names", async () => {
    stub(() => ({
      status: 422,
      json: {
        code: "validation_failed",
        message: "The amount is more than the balance due ($20.00).",
        errors: { amount_minor: ["The amount is more than the balance due ($20.00)."] },
      },
    }));
    const { user } = renderInShell(<TakePaymentModal job={job} onClose={vi.fn()} />);
    await user.click(screen.getByRole("button", { name: "Take payment" }));
    expect(
      (await screen.findAllByText("The amount is more than the balance due ($20.00).")).length,
    ).toBeGreaterThan(0);
  });
});
