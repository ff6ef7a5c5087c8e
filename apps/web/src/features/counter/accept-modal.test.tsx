import type { QuoteWire } from "@loupe/contract";
import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderInShell } from "../../test/render";
import { AcceptModal } from "./accept-modal";

afterEach(() => vi.unstubAllGlobals());

const quote = {
  id: 12,
  reference: "Q-000012",
  status: "open",
  version: 3,
  outlet: { id: 1, name: "Newtown", abbreviation: "NEW", region_id: 1 },
  currency: "AUD",
  tax_included: true,
  customer: { id: 7, first_name: "Ana", last_name: "Ngata", email: null, mobile: null },
  guest: null,
  note: null,
  lines: [],
  subtotal_minor: 45_000,
  discount_minor: 0,
  taxes: [],
  tax_minor: 4091,
  total_minor: 45_000,
  deposit_minimum_minor: 22_500,
  expires_at: "2026-12-29T12:59:59Z",
  created_at: "2026-11-29T01:00:00Z",
  created_by: null,
  order_id: null,
  invoice_number: null,
} as unknown as QuoteWire;

interface Sent {
  url: string;
  method: string;
  key: string | null;
  body: Record<string, unknown> | undefined;
}

/** A fetch that records what was sent with its Idempotency-Key, and answers by address. */
function stub(answer: (url: string, n: number) => { status?: number; body: unknown }) {
  const sent: Sent[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = String(input);
      const headers = (init.headers ?? {}) as Record<string, string>;
      sent.push({
        url,
        method: init.method ?? "GET",
        key: headers["idempotency-key"] ?? null,
        body: init.body ? JSON.parse(String(init.body)) : undefined,
      });
      const n = sent.filter((s) => s.url === url).length;
      const reply = answer(url, n);
      return new Response(JSON.stringify(reply.body), {
        status: reply.status ?? 200,
        headers: { "content-type": "application/json" },
      });
    }),
  );
  return sent;
}

const accepted = {
  message: "Job created successfully",
  data: { order_id: 90, invoice_number: "NEW-000101", quote_id: 12, balance_due_minor: 22_500 },
};
const accepts = (sent: Sent[]) => sent.filter((s) => s.url.includes("/staff/quotes/12/accept"));

function open() {
  const onAccepted = vi.fn();
  const view = renderInShell(
    <AcceptModal quote={quote} onClose={() => {}} onAccepted={onAccepted} onConflict={() => {}} />,
  );
  return { ...view, onAccepted };
}

describe("accepting a quote into a job with its deposit", () => {
  it("offers the minimum, and a double click makes one job with the dialog's key", async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const sent = stub((url) =>
      url.includes("payment-config")
        ? { body: { data: { gateway: "sandbox", publishable_key: null } } }
        : { body: accepted },
    );
    // The first answer waits, so the second click lands while it is in flight.
    const fetchStub = vi.mocked(fetch);
    const inner = fetchStub.getMockImplementation()!;
    fetchStub.mockImplementation(async (input, init) => {
      if (String(input).includes("/accept")) await gate;
      return inner(input, init);
    });
    const { user, onAccepted } = open();
    expect(screen.getByTestId("deposit-minimum").textContent).toContain("$225.00");
    expect((screen.getByLabelText(/^Deposit/) as HTMLInputElement).value).toBe("225.00");
    await user.click(screen.getByRole("radio", { name: "Cash" }));
    const button = screen.getByRole("button", { name: /Create job · take \$225\.00/ });
    await user.click(button);
    await user.click(button);
    release();
    await waitFor(() => expect(onAccepted).toHaveBeenCalledTimes(1));
    expect(accepts(sent)).toHaveLength(1);
    expect(accepts(sent)[0].key).toMatch(/^[0-9a-f-]{36}$/);
    expect(accepts(sent)[0].body).toEqual({
      version: 3,
      deposit: { amount_minor: 22_500, tender: "cash", reference: null, intent_id: null },
    });
  });

  it("a retry after a failed answer sends the same key again", async () => {
    const sent = stub((url, n) =>
      url.includes("/accept") && n === 1
        ? { status: 503, body: { code: "unavailable", message: "Try again." } }
        : url.includes("payment-config")
          ? { body: { data: { gateway: "sandbox", publishable_key: null } } }
          : { body: accepted },
    );
    const { user, onAccepted } = open();
    await user.click(screen.getByRole("radio", { name: "EFTPOS" }));
    await user.type(screen.getByLabelText("EFTPOS receipt no."), "T-55");
    await user.click(screen.getByRole("button", { name: /Create job/ }));
    expect((await screen.findByText("Try again.")).textContent).toBeTruthy();
    await user.click(screen.getByRole("button", { name: /Create job/ }));
    await waitFor(() => expect(onAccepted).toHaveBeenCalled());
    const [first, second] = accepts(sent);
    expect(second.key).toBe(first.key);
    expect(second.body).toMatchObject({ deposit: { tender: "eftpos", reference: "T-55" } });
  });

  it("sends nothing below the minimum or without a gift card's number", async () => {
    const sent = stub(() => ({ body: { data: { gateway: "sandbox", publishable_key: null } } }));
    const { user } = open();
    await user.click(screen.getByRole("radio", { name: "Gift card" }));
    await user.click(screen.getByRole("button", { name: /Create job/ }));
    expect((await screen.findByText("The Gift card no. is required.")).textContent).toBeTruthy();
    await user.type(screen.getByLabelText(/Gift card no\./), "GC-1");
    const amount = screen.getByLabelText(/^Deposit/);
    await user.clear(amount);
    await user.type(amount, "100");
    await user.click(screen.getByRole("button", { name: /Create job/ }));
    expect((await screen.findByText("The deposit must be at least $225.00.")).textContent).toBeTruthy();
    expect(accepts(sent)).toHaveLength(0);
  });

  it("a card deposit goes through the card form (the sandbox gateway) and sends its intent", async () => {
    const sent = stub((url) =>
      url.includes("payment-config")
        ? { body: { data: { gateway: "sandbox", publishable_key: null } } }
        : url.includes("payment-intent")
          ? { body: { data: { client_secret: "cs_1", intent_id: "pi_1", gateway: "sandbox" } } }
          : url.includes("sandbox-gateway")
            ? { body: { status: "succeeded", error: null } }
            : { body: accepted },
    );
    const { user, onAccepted } = open();
    await user.click(screen.getByRole("radio", { name: "Card" }));
    await user.type(screen.getByLabelText("Card number"), "4242 4242 4242 4242");
    await user.click(screen.getByRole("button", { name: /Create job/ }));
    await waitFor(() => expect(onAccepted).toHaveBeenCalled());
    const intent = sent.find((s) => s.url.includes("payment-intent"))!;
    expect(intent.body).toMatchObject({ amount: 225, currency: "AUD", customer_id: 7 });
    expect(intent.key).toContain(accepts(sent)[0].key);
    expect(sent.find((s) => s.url.includes("sandbox-gateway"))?.body).toEqual({
      client_secret: "cs_1",
      card_number: "4242 4242 4242 4242",
    });
    expect(accepts(sent)[0].body).toMatchObject({
      deposit: { amount_minor: 22_500, tender: "card", intent_id: "pi_1" },
    });
  });

  it("a declined card takes no job", async () => {
    const sent = stub((url) =>
      url.includes("payment-config")
        ? { body: { data: { gateway: "sandbox", publishable_key: null } } }
        : url.includes("payment-intent")
          ? { body: { data: { client_secret: "cs_1", intent_id: "pi_1", gateway: "sandbox" } } }
          : url.includes("sandbox-gateway")
            ? { body: { status: "requires_payment_method", error: "Your card was declined." } }
            : { body: accepted },
    );
    const { user } = open();
    await user.click(screen.getByRole("radio", { name: "Card" }));
    await user.type(screen.getByLabelText("Card number"), "4000 0000 0000 0002");
    await user.click(screen.getByRole("button", { name: /Create job/ }));
    expect((await screen.findByText("Your card was declined.")).textContent).toBeTruthy();
    expect(accepts(sent)).toHaveLength(0);
  });
});
