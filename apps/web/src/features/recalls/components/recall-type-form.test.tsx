import type { RecallTypeWire } from "@loupe/contract";
import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { referenceAnswer, renderInShell } from "../../../test/render";
import { RecallTypeForm } from "./recall-type-form";

afterEach(() => vi.unstubAllGlobals());

const saved: RecallTypeWire = {
  id: 7,
  name: "Spectacle eye test",
  region_id: 1,
  interval_months: 24,
  triggers: ["spectacle_prescription"],
  use_expiry: false,
  min_age: null,
  max_age: null,
  steps: [
    {
      offset_days: -14,
      channel: "email",
      substitute: true,
      subject: "Time for your eye test",
      template: "Hi",
    },
    { offset_days: 0, channel: "sms", substitute: true, subject: "", template: "Due today" },
  ],
  active: true,
  version: 3,
};

type Call = { url: string; method: string; body: unknown };

/** Reads get the reference lists; writes get `write`'s answer (the saved type unless told). */
function open(
  props: { type?: RecallTypeWire; readOnly?: boolean },
  write: () => Response = () => Response.json({ data: { ...saved, version: 4 } }),
) {
  const calls: Call[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = String(input);
      const method = init.method ?? "GET";
      calls.push({ url, method, body: init.body ? JSON.parse(String(init.body)) : undefined });
      return method === "GET" ? Response.json(referenceAnswer(url)) : write();
    }),
  );
  const onClose = vi.fn();
  const view = renderInShell(
    <RecallTypeForm type={props.type} regionId={1} readOnly={props.readOnly ?? false} onClose={onClose} />,
  );
  return { ...view, onClose, writes: () => calls.filter((c) => c.method !== "GET") };
}

const conflict409 = () =>
  Response.json(
    {
      code: "conflict",
      message: "Someone else changed this recall type.",
      error: "Someone else changed this recall type.",
      details: {
        versionConflict: {
          record: "recall type",
          id: 7,
          expected_version: 3,
          current_version: 4,
          updated_at: "2026-11-26T01:00:00Z",
          updated_by: { id: 2, full_name: "Jane Smith" },
        },
      },
    },
    { status: 409 },
  );

describe("recall type form", () => {
  it("shows the rules at their fields and sends nothing", async () => {
    const { user, writes } = open({});
    await user.click(await screen.findByRole("button", { name: "Save" }));
    expect(await screen.findByText("The recall type's name is required.")).toBeTruthy();
    expect(screen.getByText("The step's text is required.")).toBeTruthy();
    const interval = screen.getByLabelText(/Interval \(months\)/);
    await user.clear(interval);
    await user.type(interval, "0");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("The interval is at least 1 month.")).toBeTruthy();
    expect(writes()).toHaveLength(0);
  });

  it("refuses steps out of order, naming the rule above the steps", async () => {
    const { user, writes } = open({});
    await user.type(screen.getByLabelText(/^Name/), "Contact-lens check");
    await user.type(screen.getByLabelText("Step 1 text"), "Hello {{{{customer.first_name}}");
    await user.click(screen.getByRole("button", { name: "Add step" }));
    await user.type(screen.getByLabelText("Step 2 text"), "Due today");
    // Step 2 (on the day) moved to 30 days before: before step 1 (14 days before).
    await user.click(screen.getByLabelText("Step 2 when"));
    await user.click(await screen.findByRole("option", { name: "before" }));
    const days = screen.getByLabelText("Step 2 days");
    await user.clear(days);
    await user.type(days, "30");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect((await screen.findByTestId("steps-error")).textContent).toBe(
      "Steps go in order of their days, each on its own day.",
    );
    expect(writes()).toHaveLength(0);
  });

  it("creates a type with its signed step days, triggers and age range", async () => {
    const { user, writes, onClose } = open({});
    await user.type(screen.getByLabelText(/^Name/), "Children under 16");
    const interval = screen.getByLabelText(/Interval \(months\)/);
    await user.clear(interval);
    await user.type(interval, "12");
    await user.click(screen.getByLabelText("New contact-lens prescription"));
    await user.type(screen.getByLabelText(/Under age/), "16");
    await user.type(screen.getByLabelText("Step 1 text"), "Hi {{{{customer.first_name}}");
    await user.click(screen.getByRole("button", { name: "Add step" }));
    await user.type(screen.getByLabelText("Step 2 text"), "See you at {{{{outlet.name}}");
    expect(screen.getByText("Step 2 · on the day")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0].method).toBe("POST");
    expect(writes()[0].url).toMatch(/\/api\/staff\/recall-types$/);
    expect(writes()[0].body).toEqual({
      name: "Children under 16",
      region_id: 1,
      interval_months: 12,
      triggers: ["spectacle_prescription", "contact_lens_prescription"],
      use_expiry: false,
      min_age: null,
      max_age: 16,
      steps: [
        {
          offset_days: -14,
          channel: "email",
          substitute: true,
          subject: "Time for your eye test",
          template: "Hi {{customer.first_name}}",
        },
        {
          offset_days: 0,
          channel: "sms",
          substitute: true,
          subject: "",
          template: "See you at {{outlet.name}}",
        },
      ],
      active: true,
    });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it("saves an edit only once changed, with the version it read; a newer one is said in words", async () => {
    const { user, writes, onClose } = open({ type: saved }, conflict409);
    const save = await screen.findByRole("button", { name: "Save" });
    expect((save as HTMLButtonElement).disabled).toBe(true);
    const interval = screen.getByLabelText(/Interval \(months\)/);
    await user.clear(interval);
    await user.type(interval, "18");
    expect((save as HTMLButtonElement).disabled).toBe(false);
    await user.click(save);
    const conflict = await screen.findByTestId("version-conflict");
    expect(conflict.textContent).toContain("Jane Smith");
    expect(onClose).not.toHaveBeenCalled();
    expect(writes()).toHaveLength(1);
    expect(writes()[0].method).toBe("PUT");
    expect(writes()[0].url).toMatch(/\/api\/staff\/recall-types\/7$/);
    expect(writes()[0].body).toMatchObject({ interval_months: 18, version: 3 });
  });

  it("lets a non-administrator read a type but not save it", async () => {
    open({ type: saved, readOnly: true });
    const save = await screen.findByRole("button", { name: "Save" });
    expect((save as HTMLButtonElement).disabled).toBe(true);
    expect(save.getAttribute("title")).toBe("Only administrators change recall types.");
    // The whole form sits in a disabled fieldset: nothing in it can be changed.
    expect(screen.getByLabelText(/^Name/).closest("fieldset")?.disabled).toBe(true);
    expect((screen.getByLabelText(/^Name/) as HTMLInputElement).value).toBe("Spectacle eye test");
  });
});
