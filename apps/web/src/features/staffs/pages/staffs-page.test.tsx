import { ADMIN_ROLE_ID, ROLE_MESSAGES, STAFF_ROLE_ID } from "@loupe/domain";
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { referenceAnswer, renderInShell, stubFetch } from "../../../test/render";
import StaffsPage from "./staffs-page";

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const member = (id: number, name: string, over: Record<string, unknown> = {}) => ({
  id,
  full_name: name,
  email: `${name.split(" ")[0].toLowerCase()}@example.com`,
  role_id: STAFF_ROLE_ID,
  home_outlet: null,
  home_region: null,
  is_active: true,
  last_sign_in_at: null,
  version: 4,
  ...over,
});

function open(roleId: number) {
  const me = {
    id: 1,
    name: "Me",
    role_id: roleId,
    outlet_id: 1,
    outlet: { id: 1, name: "Newtown", region_id: 1 },
  };
  const read = (url: string) => {
    if (url.endsWith("/me")) return { data: me };
    if (/\/staff\/users(\?|$)/.test(url))
      return {
        data: [
          member(1, "Me Admin", { role_id: ADMIN_ROLE_ID }),
          member(2, "Bea Staff"),
          member(3, "Cy Gone", { is_active: false }),
        ],
      };
    return referenceAnswer(url);
  };
  const calls = stubFetch(
    () => ({ message: "Staff member disabled; their sessions have ended.", data: {} }),
    read,
  );
  return { ...renderInShell(<StaffsPage />), calls };
}

describe("the Staffs screen", () => {
  it("hides itself from anyone but an administrator, and loads no staff list", async () => {
    const { calls } = open(STAFF_ROLE_ID);
    expect(await screen.findByText(ROLE_MESSAGES.staffAdminOnly)).toBeTruthy();
    expect(screen.queryByTestId("staff-management")).toBeNull();
    expect(calls.some((c) => /\/staff\/users(\?|$)/.test(c.url))).toBe(false);
  });

  it("lists staff for an administrator, who cannot disable themself", async () => {
    open(ADMIN_ROLE_ID);
    await waitFor(() => expect(screen.getAllByTestId("staff-row")).toHaveLength(3));
    expect(screen.queryByText(ROLE_MESSAGES.staffAdminOnly)).toBeNull();
    expect(screen.queryByRole("button", { name: "Disable Me Admin" })).toBeNull();
    expect(screen.getByRole("button", { name: "Disable Bea Staff" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Enable Cy Gone" })).toBeTruthy();
    const gone = screen.getAllByTestId("staff-row")[2];
    expect(within(gone).getByText("Disabled")).toBeTruthy();
    expect(within(gone).getByText("Never")).toBeTruthy();
  });

  it("disabling asks first, then sends the member's version", async () => {
    const { user, calls } = open(ADMIN_ROLE_ID);
    await user.click(await screen.findByRole("button", { name: "Disable Bea Staff" }));
    expect(await screen.findByText("Disable Bea Staff?")).toBeTruthy();
    expect(calls.some((c) => c.url.includes("/disable"))).toBe(false);
    await user.click(screen.getByRole("button", { name: "Disable" }));
    await waitFor(() => expect(calls.some((c) => c.url.includes("/staff/users/2/disable"))).toBe(true));
    expect(calls.find((c) => c.url.includes("/disable"))?.body).toEqual({ version: 4 });
  });
});
