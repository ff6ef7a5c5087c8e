import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { referenceAnswer, renderInShell, stubFetch } from "../../../test/render";
import { WorkshopSettingsManager } from "./workshop-settings-manager";

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const settings = {
  outlet_id: 10,
  turnaround_days: { single_vision: 5, multifocal: 10, contact_lenses: 3, frame_only: 2 },
  working_days: [1, 2, 3, 4, 5, 6],
  uncollected_after_days: 7,
  version: 4,
  holidays: [{ id: 1, day: "2026-12-25", name: "Christmas Day", scope: "region" }],
};

function open() {
  return stubFetch(
    (url) =>
      url.includes("public-holidays")
        ? {
            data: {
              ...settings,
              holidays: [...settings.holidays, { id: 2, day: "2026-06-01", name: "WA Day", scope: "outlet" }],
            },
          }
        : { data: { ...settings, version: 5 } },
    (url) =>
      url.includes("/workshop-settings")
        ? { data: settings }
        : url.includes("/outlet")
          ? { data: [{ id: 10, abbreviation: "FRE", name: "Fremantle", region_id: 1 }] }
          : referenceAnswer(url),
  );
}

describe("workshop settings", () => {
  it("saves the outlet's turnaround and working week with the version it read", async () => {
    const calls = open();
    const { user } = renderInShell(<WorkshopSettingsManager />);
    const multifocal = await screen.findByLabelText("Multifocal (working days)");
    await user.clear(multifocal);
    await user.type(multifocal, "12");
    await user.click(screen.getByLabelText("Sat"));
    await user.click(screen.getByRole("button", { name: "Save workshop settings" }));
    await waitFor(() => expect(calls.some((c) => c.method === "PUT")).toBe(true));
    const put = calls.find((c) => c.method === "PUT");
    expect(put?.url).toContain("/staff/outlets/10/workshop-settings");
    expect(put?.body).toEqual({
      turnaround_days: { ...settings.turnaround_days, multifocal: 12 },
      working_days: [1, 2, 3, 4, 5],
      uncollected_after_days: 7,
      version: 4,
    });
  });

  it("adds a holiday typed day first, for this outlet, then clears the fields", async () => {
    const calls = open();
    const { user } = renderInShell(<WorkshopSettingsManager />);
    expect(await screen.findByText("25th Dec 2026")).toBeTruthy();
    const day = screen.getAllByLabelText("Day").find((e) => e.tagName === "INPUT") as HTMLInputElement;
    await user.type(day, "01/06/2026");
    await user.type(screen.getByLabelText("Holiday"), "WA Day");
    await user.click(screen.getByText("This outlet"));
    await user.click(screen.getByRole("button", { name: "Add holiday" }));
    await waitFor(() => expect(calls.some((c) => c.method === "POST")).toBe(true));
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({
      day: "2026-06-01",
      name: "WA Day",
      scope: "outlet",
    });
    expect(await screen.findByText("1st Jun 2026")).toBeTruthy();
    await waitFor(() => expect((screen.getByLabelText("Holiday") as HTMLInputElement).value).toBe(""));
  });
});
