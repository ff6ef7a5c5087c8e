import {
  DEFAULT_ROLE_SETTINGS,
  ROLE_GUARDED_ACTION_LABELS,
  ROLE_LABELS,
  ROLE_MESSAGES,
  STAFF_ROLE_ID,
} from "@loupe/domain";
import { screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { referenceAnswer, renderInShell, stubFetch } from "../../../test/render";
import { RolesManager } from "./roles-manager";

const regions = [
  { id: 1, name: "Australia", country_code: "AU", default_currency: "AUD" },
  { id: 2, name: "New Zealand", country_code: "NZ", default_currency: "NZD" },
];
beforeEach(() => {
  localStorage.setItem("loupe.cache.regions", JSON.stringify({ at: Date.now(), value: regions }));
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const stored = {
  settings: { ...DEFAULT_ROLE_SETTINGS, approvalAboveMinor: { "2": null } },
  version: 6,
};
const read = (url: string) => (url.includes("/settings/roles") ? { data: stored } : referenceAnswer(url));
const box = (action: keyof typeof ROLE_GUARDED_ACTION_LABELS, role: number) =>
  screen.getByRole("checkbox", {
    name: `${ROLE_GUARDED_ACTION_LABELS[action]}: ${ROLE_LABELS[role]}`,
  }) as HTMLInputElement;

describe("the Roles settings grid", () => {
  it("shows the administrator always allowed and locked, and the stored roles", async () => {
    stubFetch(undefined, read);
    renderInShell(<RolesManager />);
    await screen.findByTestId("roles-settings");
    const admin = box("refund", 1);
    expect(admin.checked).toBe(true);
    expect(admin.disabled).toBe(true);
    expect(box("cancel_shipment", STAFF_ROLE_ID).checked).toBe(false);
    expect(box("refund", STAFF_ROLE_ID).checked).toBe(true);
  });

  it("shows each region's approval limit: the default $500, or none", async () => {
    stubFetch(undefined, read);
    renderInShell(<RolesManager />);
    const au = (await screen.findByLabelText("Australia (AUD)")) as HTMLInputElement;
    expect(au.value).toBe("500.00");
    const nz = screen.getByLabelText("New Zealand (NZD)") as HTMLInputElement;
    expect(nz.disabled).toBe(true);
    expect(screen.getByText("No approval needed")).toBeTruthy();
  });

  it("saves the changed grid with the version it was read at", async () => {
    const calls = stubFetch(
      () => ({ message: "Settings saved", data: { settings: stored.settings, version: 7 } }),
      read,
    );
    const { user } = renderInShell(<RolesManager />);
    await screen.findByTestId("roles-settings");
    await user.click(box("cancel_shipment", STAFF_ROLE_ID));
    await user.click(box("void", STAFF_ROLE_ID));
    await user.click(screen.getByRole("button", { name: "Save roles" }));
    await waitFor(() => expect(calls.some((c) => c.method === "PUT")).toBe(true));
    const body = calls.find((c) => c.method === "PUT")?.body as {
      version: number;
      settings: typeof DEFAULT_ROLE_SETTINGS;
    };
    expect(body.version).toBe(6);
    expect(body.settings.roles.cancel_shipment).toContain(STAFF_ROLE_ID);
    expect(body.settings.roles.void).not.toContain(STAFF_ROLE_ID);
    expect(body.settings.approvalAboveMinor).toEqual({ "2": null });
    expect(await screen.findByText("Settings saved")).toBeTruthy();
  });

  it("a save someone else beat shows the conflict and offers Reload", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) =>
        (init.method ?? "GET") === "PUT"
          ? new Response(JSON.stringify({ message: "Stale" }), {
              status: 409,
              headers: { "content-type": "application/json" },
            })
          : new Response(JSON.stringify(read(String(input))), {
              status: 200,
              headers: { "content-type": "application/json" },
            }),
      ),
    );
    const { user } = renderInShell(<RolesManager />);
    await screen.findByTestId("roles-settings");
    await user.click(screen.getByRole("button", { name: "Save roles" }));
    expect(await screen.findByText(ROLE_MESSAGES.settingsConflict)).toBeTruthy();
    expect(screen.getByRole("button", { name: /Reload/ })).toBeTruthy();
  });
});
