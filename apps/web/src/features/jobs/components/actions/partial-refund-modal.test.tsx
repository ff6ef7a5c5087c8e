import type { OrderWire, RefundableWire } from "@loupe/contract";
import { PARTIAL_REFUND_MESSAGES } from "@loupe/domain";
import { screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { referenceAnswer, renderInShell, stubFetch } from "../../../../test/render";
import { PartialRefundModal } from "./partial-refund-modal";

const me = { id: 1, name: "Test Staff", outlet_id: 1, outlet: { id: 1, name: "Newtown", region_id: 1 } };
const reasons = [{ id: 1, slug: "customer-changed-mind", name: "Customer changed mind" }];

beforeEach(() => {
  localStorage.setItem("loupe.session", JSON.stringify({ token: "t", expiresAt: null, user: me }));
  localStorage.setItem("loupe.cache.refundReasons", JSON.stringify({ at: Date.now(), value: reasons }));
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

/** A frame of $60.00 and two contact-lens boxes of $20.00 each, paid $100.00 by card. */
const refundable: RefundableWire = {
  order_id: 7,
  currency: "AUD",
  country_code: "AU",
  is_refundable: true,
  void_only: false,
  coupon_minor: 0,
  items: [
    {
      id: 11,
      name: "Frame",
      quantity: 1,
      total_amount_minor: 6_000,
      taxable: true,
      refunded_quantity: 0,
      remaining_quantity: 1,
      remaining_minor: 6_000,
    },
    {
      id: 12,
      name: "Contact lenses",
      quantity: 2,
      total_amount_minor: 4_000,
      taxable: true,
      refunded_quantity: 0,
      remaining_quantity: 2,
      remaining_minor: 4_000,
    },
  ],
  payments: [
    {
      id: 21,
      label: "Card",
      amount_minor: 10_000,
      card: true,
      authorised_only: false,
      created_at: "2026-11-20T01:00:00Z",
      remaining_minor: 10_000,
    },
  ],
  refunds: [],
  paid_minor: 10_000,
  refunded_minor: 0,
  remaining_minor: 10_000,
};
const job = { id: 7, vend_invoice_number: "NTN-7", refund_type: "refund" } as unknown as OrderWire;

function open(facts: RefundableWire = refundable) {
  const calls = stubFetch(
    () => ({ message: "Successfully refunded.", data: {} }),
    (url) =>
      url.includes("/refundable")
        ? { data: facts }
        : url.endsWith("/me")
          ? { data: me }
          : referenceAnswer(url),
  );
  const onClose = vi.fn();
  const view = renderInShell(<PartialRefundModal job={job} onClose={onClose} />);
  return { ...view, calls, onClose };
}

describe("PartialRefundModal", () => {
  it("shows what is left and prices the returned frame with the domain's rule", async () => {
    const { user } = open();
    expect((await screen.findByTestId("refund-left")).textContent).toContain("$100.00");
    await user.click(screen.getByLabelText(/^Frame/));
    expect(screen.getByTestId("refund-quote").textContent).toMatch(
      /Refund \$60\.00 to the card; the job keeps its status/,
    );
  });

  it("refuses more than is left, on the amount field, and keeps the button off", async () => {
    const { user } = open();
    await screen.findByTestId("refund-left");
    await user.type(screen.getByLabelText(/Amount to refund instead/), "100.01");
    expect(await screen.findByText(PARTIAL_REFUND_MESSAGES.tooMuch("$100.00"))).toBeTruthy();
    expect((screen.getByRole("button", { name: /^Refund/ }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("asks how many units of a line of two, refuses a third, and sends units, reason and destination", async () => {
    const { user, calls, onClose } = open();
    await screen.findByTestId("refund-left");
    await user.click(screen.getByLabelText(/^Contact lenses/));
    const units = screen.getByLabelText("Units of Contact lenses returned");
    await user.clear(units);
    await user.type(units, "3");
    expect(await screen.findByText(PARTIAL_REFUND_MESSAGES.tooMany(2))).toBeTruthy();
    await user.clear(units);
    await user.type(units, "1");
    expect(screen.getByTestId("refund-quote").textContent).toContain("$20.00");
    await user.click(screen.getByLabelText(/At the till/));
    await user.click(screen.getByLabelText(/^Reason/, { selector: "input" }));
    await user.click(await screen.findByRole("option", { name: "Customer changed mind" }));
    await user.click(screen.getByRole("button", { name: /^Refund \$20\.00/ }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const sent = calls.find((c) => c.method === "POST");
    expect(sent?.url).toContain("/staff/orders/7/refunds");
    expect(sent?.body).toEqual({
      reason: "customer-changed-mind",
      items: [{ id: 12, quantity: 1 }],
      amount_minor: null,
      destination: "till",
    });
  });

  it("returns a health fund's payment to the health fund, in its words, not at the till (issue 52)", async () => {
    const { user } = open({
      ...refundable,
      payments: [{ ...refundable.payments[0], label: "Health fund", card: false }],
    });
    await screen.findByTestId("refund-left");
    expect(screen.getByLabelText("To the health fund")).toBeTruthy();
    expect(screen.queryByLabelText(/At the till/)).toBeNull();
    await user.click(screen.getByLabelText(/^Frame/));
    expect(screen.getByTestId("refund-quote").textContent).toMatch(/Refund \$60\.00 to the health fund;/);
  });
});
