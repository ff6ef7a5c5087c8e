import type { IntakeSaleDetailWire } from "@loupe/contract";
import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderInShell, stubFetch } from "../../../test/render";
import { OutletPickModal } from "./outlet-pick-modal";

afterEach(() => vi.unstubAllGlobals());

const detail = {
  id: 9,
  invoice_number: "#1055",
  state: "waiting",
  reason_code: "unknown_outlet",
  reason: "The source's outlet reg-77 is not linked to a Loupe outlet",
  candidates: [],
  outlet_candidates: [
    { id: 4, name: "Newtown", abbreviation: "NEW" },
    { id: 5, name: "Brunswick", abbreviation: "BRU" },
  ],
  external_outlet_id: "reg-77",
} as unknown as IntakeSaleDetailWire;
const read = (url: string) => (url.includes("/staff/intake/sales/9") ? { data: detail } : { data: [] });
const answer = () => ({ message: "Linked", data: { order_id: 901, sale: { ...detail, state: "done" } } });

function open() {
  const onResolved = vi.fn();
  const view = renderInShell(
    <OutletPickModal sale={{ id: 9, invoice_number: "#1055" }} onClose={() => {}} onResolved={onResolved} />,
  );
  return { ...view, onResolved };
}

describe("naming the outlet of a waiting sale", () => {
  it("offers the region's outlets and says what the source calls it", async () => {
    stubFetch(answer, read);
    open();
    expect(await screen.findByRole("radio", { name: "Newtown (NEW)" })).toBeTruthy();
    expect(screen.getByRole("radio", { name: "Brunswick (BRU)" })).toBeTruthy();
    expect(screen.getByText(/The source calls it reg-77\./)).toBeTruthy();
  });

  it("refuses to send without an outlet", async () => {
    const calls = stubFetch(answer, read);
    const { user, onResolved } = open();
    await screen.findAllByRole("radio");
    await user.click(screen.getByRole("button", { name: "Link this outlet" }));
    expect(screen.getByTestId("resolve-error").textContent).toBe("Choose an outlet first.");
    expect(calls.some((c) => c.method === "POST")).toBe(false);
    expect(onResolved).not.toHaveBeenCalled();
  });

  it("links the chosen outlet once", async () => {
    const calls = stubFetch(answer, read);
    const { user, onResolved } = open();
    await user.click(await screen.findByRole("radio", { name: "Brunswick (BRU)" }));
    await user.dblClick(screen.getByRole("button", { name: "Link this outlet" }));
    await waitFor(() => expect(onResolved).toHaveBeenCalledTimes(1));
    const posts = calls.filter((c) => c.method === "POST");
    expect(posts).toHaveLength(1);
    expect(posts[0].url).toMatch(/\/api\/staff\/intake\/sales\/9\/outlet$/);
    expect(posts[0].body).toEqual({ outlet_id: 5 });
  });
});
