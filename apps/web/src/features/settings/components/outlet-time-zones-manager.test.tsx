import { screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { referenceAnswer, renderInShell, stubFetch } from "../../../test/render";
import { OutletTimeZonesManager } from "./outlet-time-zones-manager";

const regions = [
  { id: 1, name: "Australia", country_code: "AU", default_currency: "AUD", timezone: "Australia/Sydney" },
  { id: 5, name: "Canada", country_code: "CA", default_currency: "CAD", timezone: "America/Toronto" },
];
const outlets = [
  {
    id: 10,
    abbreviation: "FRE",
    name: "Fremantle",
    region_id: 1,
    email: null,
    phone: null,
    is_active: true,
    time_zone: "Australia/Sydney",
  },
  {
    id: 20,
    abbreviation: "WHY",
    name: "Whyte Ave",
    region_id: 5,
    email: null,
    phone: null,
    is_active: true,
    time_zone: "America/Edmonton",
  },
];
beforeEach(() => {
  localStorage.setItem("loupe.cache.regions", JSON.stringify({ at: Date.now(), value: regions }));
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});
// Mantine names both the field and its option list by the label: the field is the input.
const field = async (name: string) =>
  (await screen.findAllByLabelText(name, undefined, { timeout: 5000 })).find(
    (e) => e.tagName === "INPUT",
  ) as HTMLInputElement;
const read = (url: string) => (url.includes("/outlet") ? { data: outlets } : referenceAnswer(url));

describe("the outlet time zones settings", () => {
  it("offers each outlet only its country's zones, with the time there now", async () => {
    stubFetch(undefined, read);
    const { user } = renderInShell(<OutletTimeZonesManager />);
    const fre = await field("Time zone of Fremantle");
    expect((fre as HTMLInputElement).value).toBe("Sydney (NSW, ACT)");
    await user.click(fre);
    expect(await screen.findByRole("option", { name: "Perth (WA)" }, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByRole("option", { name: /Vancouver/ })).toBeNull();
    expect((await field("Time zone of Whyte Ave")).value).toMatch(/Edmonton/);
    expect(screen.getByTestId("outlet-time-zones").textContent).toMatch(/(MST|MDT)/);
  });

  it("saves the chosen zone for that outlet and shows it", async () => {
    const calls = stubFetch(
      () => ({ message: "Outlet time zone saved.", data: { ...outlets[0], time_zone: "Australia/Perth" } }),
      read,
    );
    const { user } = renderInShell(<OutletTimeZonesManager />);
    await user.click(await field("Time zone of Fremantle"));
    await user.click(await screen.findByRole("option", { name: "Perth (WA)" }, { timeout: 5000 }));
    await waitFor(() => expect(calls.some((c) => c.method === "PUT")).toBe(true));
    const put = calls.find((c) => c.method === "PUT");
    expect(put?.url).toContain("/staff/outlets/10/time-zone");
    expect(put?.body).toEqual({ time_zone: "Australia/Perth" });
    await waitFor(() =>
      expect(
        screen
          .getAllByLabelText("Time zone of Fremantle")
          .find((e) => e.tagName === "INPUT")
          ?.getAttribute("value"),
      ).toBe("Perth (WA)"),
    );
    expect(await screen.findByText(/Fremantle: Outlet time zone saved\./)).toBeTruthy();
  });
});
