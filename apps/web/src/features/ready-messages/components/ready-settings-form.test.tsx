import { READY_MESSAGE_DEFAULTS } from "@loupe/domain";
import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { referenceAnswer, renderInShell, stubFetch } from "../../../test/render";
import { ReadySettingsForm } from "./ready-settings-form";

afterEach(() => vi.unstubAllGlobals());

const settings = {
  region_id: 1,
  ready_status_slugs: ["ready-to-go"],
  cancel_window_minutes: 30,
  quiet_start: "17:00",
  quiet_end: "08:00",
  reminder_days: [7, 21],
  sms_template: READY_MESSAGE_DEFAULTS.smsTemplate,
  email_subject: READY_MESSAGE_DEFAULTS.emailSubject,
  email_template: READY_MESSAGE_DEFAULTS.emailTemplate,
  version: 0,
  outlet_opening_hours: [{ outlet_id: 4, name: "Newtown", opening_hours: null }],
};

function open() {
  const calls = stubFetch(
    () => ({ data: { ...settings, version: 1 } }),
    (u) => (u.includes("/ready-message-settings") ? { data: settings } : referenceAnswer(u)),
  );
  const view = renderInShell(<ReadySettingsForm />);
  return { ...view, calls, writes: () => calls.filter((c) => c.method === "PUT") };
}

describe("ready-to-collect message settings", () => {
  it("refuses a quiet time that is not a time of day and reminder days out of order, sending nothing", async () => {
    const { user, writes } = open();
    const from = await screen.findByLabelText("Quiet from");
    await user.clear(from);
    await user.type(from, "5pm");
    const days = screen.getByLabelText("Remind after (days)");
    await user.clear(days);
    await user.type(days, "21, 7");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Quiet hours start must be a time like 17:00.")).toBeTruthy();
    expect(screen.getByText("Reminder days go up, each once.")).toBeTruthy();
    expect(writes()).toHaveLength(0);
  });

  it("saves the region's settings with the version it read", async () => {
    const { user, writes } = open();
    const window = await screen.findByLabelText("Cancel window (minutes)");
    await user.clear(window);
    await user.type(window, "45");
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0].url).toContain("/staff/regions/1/ready-message-settings");
    expect(writes()[0].body).toMatchObject({ cancel_window_minutes: 45, reminder_days: [7, 21], version: 0 });
  });

  it("saves an outlet's opening hours for the status link", async () => {
    const { user, writes } = open();
    await user.type(await screen.findByLabelText("Opening hours of Newtown"), "Mon–Sat 9am–5pm");
    await user.click(screen.getByRole("button", { name: "Save hours" }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0].url).toContain("/staff/outlets/4/opening-hours");
    expect(writes()[0].body).toEqual({ opening_hours: "Mon–Sat 9am–5pm" });
  });
});
