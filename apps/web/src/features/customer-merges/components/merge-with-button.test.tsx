import type { CustomerWire } from "@loupe/contract";
import { screen, waitFor } from "@testing-library/react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { referenceAnswer, renderInShell } from "../../../test/render";
import { MergeWithButton } from "./merge-with-button";

afterEach(() => vi.unstubAllGlobals());

const customer = (id: number, first: string, mobile: string): CustomerWire => ({
  id,
  first_name: first,
  last_name: "Citizen",
  full_name: `${first} Citizen`,
  email: null,
  mobile,
  phone: null,
  dob: "1981-04-03",
  gender: null,
  occupation: null,
  hobbies: null,
  new_opt_in: "ALL",
  channel_sms: true,
  channel_phone: true,
  channel_email: true,
  has_shop_account: false,
  outlet_id: 4,
  created_at: "2020-01-01T00:00:00Z",
  updated_at: "2020-01-01T00:00:00Z",
  version: 1,
  region: { id: 1, country_code: "AU" },
  regions: { data: [{ id: 1, country_code: "AU" }] },
  active_recall: null,
  notes_count: 0,
});
const jane = customer(10, "Jane", "+61412345678");
const jayne = customer(12, "Jayne", "0412 345 678");

function Landed() {
  return <p data-testid="landed">{useLocation().pathname}</p>;
}

function open(roleId: number) {
  const calls: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL) => {
      const u = String(input);
      calls.push(u);
      if (u.includes("/v4/users?"))
        return Response.json({
          data: [jane, jayne],
          meta: { pagination: { total: 2, count: 2, per_page: 10, current_page: 1, total_pages: 1 } },
        });
      if (u.endsWith("/me"))
        return Response.json({
          data: {
            id: 1,
            role_id: roleId,
            home_region_id: 1,
            outlet_id: 4,
            outlet: { id: 4, name: "Newtown", region_id: 1 },
          },
        });
      return Response.json(referenceAnswer(u));
    }),
  );
  const view = renderInShell(
    <MemoryRouter initialEntries={["/customers/10"]}>
      <Routes>
        <Route path="/customers/:id" element={<MergeWithButton customer={jane} />} />
        <Route path="/customers/merge/:keep/:lose" element={<Landed />} />
      </Routes>
    </MemoryRouter>,
  );
  return { ...view, calls };
}

describe("Merge with…", () => {
  it("finds the other customer (never this one) and opens the merge screen for the two", async () => {
    const { user } = open(3);
    await user.click(await screen.findByRole("button", { name: "Merge with…" }));
    await user.type(await screen.findByRole("textbox", { name: /Find the other customer/ }), "citizen");
    const candidates = await screen.findAllByTestId("merge-with-candidate");
    expect(candidates).toHaveLength(1);
    await user.click(screen.getByRole("radio", { name: "Jayne Citizen (#12)" }));
    await user.click(screen.getByRole("button", { name: "Compare" }));
    expect((await screen.findByTestId("landed")).textContent).toBe("/customers/merge/10/12");
  });

  it("is not offered to staff", async () => {
    const { calls } = open(2);
    await waitFor(() => expect(calls.some((u) => u.endsWith("/me"))).toBe(true));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole("button", { name: "Merge with…" })).toBeNull();
  });
});
