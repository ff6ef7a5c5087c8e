import type { QuoteLineWire, QuoteWire } from "@loupe/contract";
import { MANAGER_ROLE_ID, STAFF_ROLE_ID } from "@loupe/domain";
import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../lib/api-client";
import { renderInShell, stubFetch } from "../../test/render";
import { DiscountModal } from "./discount-modal";

afterEach(() => vi.unstubAllGlobals());

const quote = {
  id: 12,
  currency: "AUD",
  outlet: { id: 1, name: "Newtown", abbreviation: "NEW", region_id: 1 },
} as unknown as QuoteWire;
const line = {
  id: 501,
  name: "Harper 52 Tortoise",
  unit_price_minor: 20_000,
  quantity: 1,
  discount: null,
} as unknown as QuoteLineWire;
const staff = { roleId: STAFF_ROLE_ID, homeRegionId: 1, outletCountryCode: "AU" };

const open = (actor = staff) => {
  const onApply = vi.fn(async () => {});
  const view = renderInShell(
    <DiscountModal quote={quote} line={line} actor={actor} onClose={() => {}} onApply={onApply} />,
  );
  return { ...view, onApply };
};

describe("a line's discount", () => {
  it("within the role's limit it applies at once", async () => {
    stubFetch();
    const { user, onApply } = open();
    await user.type(screen.getByLabelText(/Discount amount/), "20");
    expect(screen.getByTestId("discount-preview").textContent).toBe("$20.00 off this line");
    expect(screen.queryByTestId("manager-approval")).toBeNull();
    await user.click(screen.getByRole("button", { name: "Apply discount" }));
    expect(onApply).toHaveBeenCalledWith({ kind: "amount", amount_minor: 2000 }, undefined);
  });

  it("above it, a manager approves in the dialog; the line goes with the approval", async () => {
    const calls = stubFetch((url) =>
      url.includes("/discount-approvals")
        ? { message: "Approved", data: { approval_id: 77, amount_minor: 3000 } }
        : { data: {} },
    );
    const { user, onApply } = open();
    await user.click(screen.getByRole("radio", { name: "Percent" }));
    await user.type(screen.getByLabelText(/Discount percent/), "15");
    const approval = await screen.findByTestId("manager-approval");
    expect(approval.textContent).toContain("A discount above 10% of the line needs a manager's approval.");
    expect((screen.getByRole("button", { name: "Apply discount" }) as HTMLButtonElement).disabled).toBe(true);
    await user.type(screen.getByLabelText("Manager's e-mail"), "mia@loupe.test");
    await user.type(screen.getByLabelText("Manager's password"), "secret");
    await user.click(screen.getByRole("button", { name: "Approve" }));
    await waitFor(() => expect(onApply).toHaveBeenCalledWith({ kind: "percent", percent: 15 }, 77));
    expect(calls.find((c) => c.url.includes("/discount-approvals"))?.body).toEqual({
      quote_id: 12,
      amount_minor: 3000,
      email: "mia@loupe.test",
      password: "secret",
    });
  });

  it("a manager's own limit is higher; the server's approval_required still opens the approval", async () => {
    stubFetch();
    const { user, onApply } = open({ ...staff, roleId: MANAGER_ROLE_ID });
    onApply.mockRejectedValueOnce(
      new ApiError(403, { code: "approval_required", message: "A manager must approve this discount." }),
    );
    await user.type(screen.getByLabelText(/Discount amount/), "40");
    expect(screen.queryByTestId("manager-approval")).toBeNull();
    await user.click(screen.getByRole("button", { name: "Apply discount" }));
    expect((await screen.findByTestId("manager-approval")).textContent).toContain(
      "A manager must approve this discount.",
    );
  });

  it("more than the line is refused before anything is sent", async () => {
    stubFetch();
    const { user, onApply } = open();
    await user.type(screen.getByLabelText(/Discount amount/), "200.01");
    expect(await screen.findByText("The discount cannot be more than the line's price.")).toBeTruthy();
    expect((screen.getByRole("button", { name: "Apply discount" }) as HTMLButtonElement).disabled).toBe(true);
    expect(onApply).not.toHaveBeenCalled();
  });
});
