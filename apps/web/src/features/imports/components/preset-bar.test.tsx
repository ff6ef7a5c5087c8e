import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { referenceAnswer, renderInShell } from "../../../test/render";
import { PresetBar } from "./preset-bar";

afterEach(() => vi.unstubAllGlobals());

const preset = {
  id: 3,
  name: "Optomate patients",
  source_system: "optomate",
  kind: "customers",
  mapping: { source_id: "Patient No" },
  value_maps: {},
  date_format: "DD/MM/YYYY",
  updated_at: "2026-11-29T07:00:00.000Z",
  updated_by: "Ada Admin",
  version: 2,
};

describe("the presets", () => {
  it("updates the applied preset with the version read, and says a newer change plainly", async () => {
    const sent: { method: string; url: string; body: unknown }[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
        const url = String(input);
        const method = init.method ?? "GET";
        if (method === "GET")
          return Response.json(
            url.includes("/staff/import-presets") ? { data: [preset] } : referenceAnswer(url),
          );
        sent.push({ method, url, body: JSON.parse(String(init.body)) });
        return Response.json(
          {
            message: "This preset was changed since you read it.",
            code: "conflict",
            details: {
              versionConflict: {
                record: "preset",
                id: 3,
                expected_version: 2,
                current_version: 3,
                updated_at: "2026-11-29T07:30:00.000Z",
                updated_by: { id: 2, full_name: "Grace Hopper" },
              },
            },
          },
          { status: 409 },
        );
      }),
    );
    const { user } = renderInShell(
      <PresetBar
        kind="customers"
        source="optomate"
        presetId={3}
        draft={{
          mapping: { source_id: "ID", outlet: "Store" },
          value_maps: { outlet: { Newtown: "NTN" } },
          date_format: "DD/MM/YYYY",
        }}
        onApply={() => {}}
        onSaved={() => {}}
      />,
    );
    await user.click(await screen.findByRole("button", { name: "Update preset “Optomate patients”" }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0].method).toBe("PUT");
    expect(sent[0].url).toMatch(/\/api\/staff\/import-presets\/3$/);
    expect(sent[0].body).toEqual({
      name: "Optomate patients",
      kind: "customers",
      source_system: "optomate",
      mapping: { source_id: "ID", outlet: "Store" },
      value_maps: { outlet: { Newtown: "NTN" } },
      date_format: "DD/MM/YYYY",
      version: 2,
    });
    const alert = await screen.findByTestId("preset-failure");
    expect(alert.textContent).toContain("Grace Hopper");
  });

  it("saves a new preset without a version, and applies it", async () => {
    const sent: { method: string; url: string; body: unknown }[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
        const url = String(input);
        const method = init.method ?? "GET";
        if (method === "GET")
          return Response.json(url.includes("/staff/import-presets") ? { data: [] } : referenceAnswer(url));
        sent.push({ method, url, body: JSON.parse(String(init.body)) });
        return Response.json({
          message: "Saved",
          data: { ...preset, id: 12, name: "Sunix customers", version: 1 },
        });
      }),
    );
    const onSaved = vi.fn();
    const { user } = renderInShell(
      <PresetBar
        kind="customers"
        source="sunix"
        presetId={null}
        draft={{ mapping: { source_id: "ID" }, value_maps: {}, date_format: "YYYY-MM-DD" }}
        onApply={() => {}}
        onSaved={onSaved}
      />,
    );
    expect(screen.getByRole("button", { name: "Save as preset" }).hasAttribute("disabled")).toBe(true);
    await user.type(screen.getByLabelText("New preset name"), "  Sunix customers ");
    await user.click(screen.getByRole("button", { name: "Save as preset" }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(sent).toEqual([
      {
        method: "POST",
        url: expect.stringMatching(/\/api\/staff\/import-presets$/),
        body: {
          name: "Sunix customers",
          kind: "customers",
          source_system: "sunix",
          mapping: { source_id: "ID" },
          value_maps: {},
          date_format: "YYYY-MM-DD",
        },
      },
    ]);
    expect(screen.getByRole("status").textContent).toBe("Saved as preset “Sunix customers”.");
  });
});
