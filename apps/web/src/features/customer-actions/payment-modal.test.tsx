import type { CustomerWire } from "@loupe/contract";
import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { referenceAnswer, renderInShell, stubFetch } from "../../test/render";
import { PaymentModal } from "./payment-modal";

afterEach(() => vi.unstubAllGlobals());

const customer = { id: 7, first_name: "Ana", last_name: "Ngata", full_name: "Ana Ngata" } as CustomerWire;
const stripeScript = () => document.querySelector('script[src*="js.stripe.com"]');
/** The payment gateway the server names; every other read answers the reference data. */
const gateway =
  (config: { gateway: "sandbox" | "stripe"; publishable_key: string | null }) => (url: string) =>
    url.includes("/payment-config") ? { data: config } : referenceAnswer(url);

// In this order: once Stripe's module has loaded in this file, it stays loaded.
describe("Stripe's script", () => {
  it("is not loaded where Stripe is not configured, even with the card form open", async () => {
    stubFetch(undefined, gateway({ gateway: "sandbox", publishable_key: null }));
    renderInShell(<PaymentModal customer={customer} onClose={() => {}} />);
    expect(await screen.findByLabelText("Card number")).toBeTruthy();
    await new Promise((r) => setTimeout(r, 100));
    expect(stripeScript()).toBeNull();
  });

  it("loads when a card form opens with Stripe configured", async () => {
    stubFetch(undefined, gateway({ gateway: "stripe", publishable_key: "pk_test_loupe" }));
    expect(stripeScript()).toBeNull();
    renderInShell(<PaymentModal customer={customer} onClose={() => {}} />);
    await waitFor(() => expect(stripeScript()).not.toBeNull());
    expect(screen.queryByLabelText("Card number")).toBeNull();
  });
});
