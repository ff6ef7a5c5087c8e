import { Button } from "@mantine/core";
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderInShell, stubFetch } from "../../../test/render";
import SavedSearchesMenuOpen from "./saved-searches-menu-open";

afterEach(() => vi.unstubAllGlobals());

const open = () =>
  renderInShell(
    <SavedSearchesMenuOpen
      onApply={() => {}}
      intent={{ open: true, focus: false }}
      target={<Button variant="default">Saved Searches</Button>}
    />,
  );

describe("Saved Searches", () => {
  it("with none saved is a menu holding one disabled item, Empty (a menu with no item fails ARIA)", async () => {
    stubFetch(undefined, () => ({ data: [] }));
    open();
    const menu = await screen.findByRole("menu");
    const items = within(menu).getAllByRole("menuitem");
    expect(items.map((i) => i.textContent)).toEqual(["Empty"]);
    expect(items[0].hasAttribute("disabled") || items[0].getAttribute("aria-disabled") === "true").toBe(true);
  });

  it("with none saved still closes on Escape, though the focus stays on its button", async () => {
    stubFetch(undefined, () => ({ data: [] }));
    const { user } = open();
    await screen.findByRole("menu");
    screen.getByRole("button", { name: "Saved Searches" }).focus();
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("menu")).toBeNull());
  });

  it("lists the saved names as menu items", async () => {
    stubFetch(undefined, () => ({
      data: [{ id: 3, name: "Late in Perth", query: { customFilter: "late" } }],
    }));
    open();
    const menu = await screen.findByRole("menu");
    expect(await within(menu).findByRole("menuitem", { name: /Late in Perth/ })).toBeTruthy();
    expect(within(menu).queryByText("Empty")).toBeNull();
  });
});
