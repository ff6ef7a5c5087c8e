import type { SubscriberWire } from "@loupe/contract";
import { OPT_IN_LABELS } from "@loupe/domain";
import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderInShell, stubFetch } from "../../test/render";
import { UpdateNewsletterModal } from "./update-newsletter-modal";

afterEach(() => vi.unstubAllGlobals());

const subscriber = (over: Partial<SubscriberWire> = {}) =>
  ({
    user_email: "ana@example.com",
    send_type: "ALL",
    send_email: true,
    send_phone: true,
    send_sms: true,
    source_country: "AU",
    ...over,
  }) as SubscriberWire;

function open(s: SubscriberWire) {
  const calls = stubFetch(() => ({ message: "ok" }));
  const onSaved = vi.fn();
  const view = renderInShell(<UpdateNewsletterModal subscriber={s} onClose={() => {}} onSaved={onSaved} />);
  const update = async () => {
    await view.user.click(screen.getByRole("button", { name: "Update" }));
    await waitFor(() => expect(calls.some((c) => c.method === "POST")).toBe(true));
    return calls.find((c) => c.method === "POST")?.body as Record<string, unknown>;
  };
  return { ...view, update, onSaved };
}
const radio = (v: keyof typeof OPT_IN_LABELS) =>
  screen.getByRole("radio", { name: OPT_IN_LABELS[v] }) as HTMLInputElement;
const box = (name: "Email" | "Phone" | "Sms") => screen.getByRole("checkbox", { name }) as HTMLInputElement;

describe("Update Newsletter", () => {
  it("a record saved inconsistently (None with channels on) opens with its choice deciding the channels", () => {
    open(subscriber({ send_type: "NONE", send_email: true, send_sms: false, send_phone: false }));
    expect(radio("NONE").checked).toBe(true);
    expect([box("Email").checked, box("Phone").checked, box("Sms").checked]).toEqual([false, false, false]);
  });

  it("every channel off becomes None, and the update sends the subscriber's e-mail and region", async () => {
    const { user, update, onSaved } = open(subscriber());
    await user.click(box("Email"));
    await user.click(box("Phone"));
    await user.click(box("Sms"));
    expect(radio("NONE").checked).toBe(true);
    expect(await update()).toEqual({
      email: "ana@example.com",
      send_type: "NONE",
      send_email: false,
      send_phone: false,
      send_sms: false,
      region: "AU",
    });
    expect(onSaved).toHaveBeenCalled();
  });

  it("choosing Health from None switches every channel on", async () => {
    const { user, update } = open(
      subscriber({ send_type: "NONE", send_email: false, send_phone: false, send_sms: false }),
    );
    await user.click(radio("HEALTH"));
    expect(await update()).toMatchObject({
      send_type: "HEALTH",
      send_email: true,
      send_phone: true,
      send_sms: true,
    });
  });
});
