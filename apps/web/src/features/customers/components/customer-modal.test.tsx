import { OPT_IN_LABELS } from "@loupe/domain";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderInShell, stubFetch } from "../../../test/render";
import { CustomerModal, DISCARD_CHANGES } from "./customer-modal";

afterEach(() => vi.unstubAllGlobals());

/** Opens New Customer, fills the first name, lets `fillDob` work the D.O.B. field, and answers what Create sends. */
async function createWith(
  fillDob: (dob: HTMLInputElement, user: ReturnType<typeof renderInShell>["user"]) => Promise<void>,
) {
  const calls = stubFetch(() => ({ data: { id: 1 } }));
  const onClose = vi.fn();
  const { user } = renderInShell(<CustomerModal opened onClose={onClose} />);
  await user.type(await screen.findByLabelText(/^First Name/), "Ana");
  const dob = screen.getByLabelText("D.O.B.") as HTMLInputElement;
  await fillDob(dob, user);
  await user.click(screen.getByRole("button", { name: "Create" }));
  await waitFor(() => expect(calls.some((c) => c.method === "POST")).toBe(true));
  const sent = calls.find((c) => c.method === "POST")?.body as Record<string, unknown>;
  return { sent, dob };
}

describe("New Customer's D.O.B., read day first", () => {
  it("saves a date typed DD/MM/YYYY as that day (05/03/1985 is 5 March, not 3 May)", async () => {
    const { sent, dob } = await createWith(async (dob, user) => {
      await user.click(dob);
      await user.type(dob, "05/03/1985");
      await user.tab();
    });
    expect(dob.value).toBe("05/03/1985");
    expect(sent.dob).toBe("1985-03-05");
  });

  it.each([
    ["15/03/1985", "1985-03-15"],
    ["1985-03-16", "1985-03-16"],
  ])("saves a pasted %s as %s", async (pasted, iso) => {
    const { sent, dob } = await createWith(async (dob, user) => {
      await user.click(dob);
      await user.paste(pasted);
      await user.tab();
    });
    expect(dob.value).toBe(`${iso.slice(8)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`);
    expect(sent.dob).toBe(iso);
  });

  it("reads day-first shapes staff type: 5/3/1985 and 5.3.1985", async () => {
    const { sent } = await createWith(async (dob) => {
      fireEvent.change(dob, { target: { value: "5.3.1985" } });
      fireEvent.blur(dob);
    });
    expect(sent.dob).toBe("1985-03-05");
  });

  it('saves no date from a partial one ("2" is not 1 Feb 2001) and clears the field on leaving it', async () => {
    const { sent, dob } = await createWith(async (dob, user) => {
      await user.click(dob);
      await user.type(dob, "2");
      await user.tab();
    });
    expect(dob.value).toBe("");
    expect(sent.dob ?? "").toBe("");
  });

  it("never takes a month-first date: 03/15/1985 is refused", async () => {
    const { sent } = await createWith(async (dob, user) => {
      await user.click(dob);
      await user.type(dob, "03/15/1985");
      await user.tab();
    });
    expect(sent.dob ?? "").toBe("");
  });
});

describe("closing New Customer", () => {
  const calendar = () => document.querySelector("[data-dates-dropdown]");

  it("Escape in the D.O.B. calendar closes the calendar only, not the form", async () => {
    stubFetch();
    const onClose = vi.fn();
    const { user } = renderInShell(<CustomerModal opened onClose={onClose} />);
    await screen.findByLabelText(/^First Name/);
    // An untouched form, which Escape would close at once: the key must stop at the calendar.
    await user.click(screen.getByLabelText("D.O.B."));
    await waitFor(() => expect(calendar()).not.toBeNull());
    await user.keyboard("{Escape}");
    await waitFor(() => expect(calendar()).toBeNull());
    // Nor does the form ask to be closed: the dialog's code is loaded, so it would be up by now.
    await import("../../../components/confirm-modal");
    await new Promise((r) => setTimeout(r, 200));
    expect(screen.queryByText(DISCARD_CHANGES.title)).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
    await user.keyboard("{Escape}");
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("with changes, asks before closing: Keep editing stays, Discard closes", async () => {
    stubFetch();
    const onClose = vi.fn();
    const { user } = renderInShell(<CustomerModal opened onClose={onClose} />);
    await user.type(await screen.findByLabelText(/^First Name/), "Ana");
    await user.keyboard("{Escape}");
    await user.click(await screen.findByRole("button", { name: DISCARD_CHANGES.cancelLabel }));
    expect(onClose).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByText(DISCARD_CHANGES.title)).toBeNull());
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    await user.click(await screen.findByRole("button", { name: DISCARD_CHANGES.confirmLabel }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("without changes, Escape closes at once", async () => {
    stubFetch();
    const onClose = vi.fn();
    const { user } = renderInShell(<CustomerModal opened onClose={onClose} />);
    await screen.findByLabelText(/^First Name/);
    await user.keyboard("{Escape}");
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByText(DISCARD_CHANGES.title)).toBeNull();
  });
});

describe("Marketing opt-in and its channels (customers-area §4)", () => {
  const radio = (v: keyof typeof OPT_IN_LABELS) =>
    screen.getByRole("radio", { name: OPT_IN_LABELS[v] }) as HTMLInputElement;
  const box = (name: "SMS" | "Phone" | "Email") => screen.getByRole("checkbox", { name }) as HTMLInputElement;
  const channels = () => [box("SMS").checked, box("Phone").checked, box("Email").checked];

  async function openNew() {
    const calls = stubFetch(() => ({ data: { id: 1 } }));
    const view = renderInShell(<CustomerModal opened onClose={() => {}} />);
    await view.user.type(await screen.findByLabelText(/^First Name/), "Ana");
    const create = async () => {
      await view.user.click(screen.getByRole("button", { name: "Create" }));
      await waitFor(() => expect(calls.some((c) => c.method === "POST")).toBe(true));
      return calls.find((c) => c.method === "POST")?.body as Record<string, unknown>;
    };
    return { ...view, create };
  }

  it("a new customer starts on All with every channel on", async () => {
    await openNew();
    expect(radio("ALL").checked).toBe(true);
    expect(channels()).toEqual([true, true, true]);
  });

  it("None clears every channel, and is what is sent", async () => {
    const { user, create } = await openNew();
    await user.click(radio("NONE"));
    expect(channels()).toEqual([false, false, false]);
    expect(await create()).toMatchObject({
      new_opt_in: "NONE",
      channel_sms: false,
      channel_phone: false,
      channel_email: false,
    });
  });

  it("switching every channel off becomes None; a channel back on leaves None for All", async () => {
    const { user } = await openNew();
    await user.click(box("SMS"));
    await user.click(box("Phone"));
    expect(radio("ALL").checked).toBe(true);
    await user.click(box("Email"));
    expect(radio("NONE").checked).toBe(true);
    await user.click(box("Phone"));
    expect(radio("ALL").checked).toBe(true);
    expect(channels()).toEqual([false, true, false]);
  });

  it("Health keeps its choice while channels change, and sets every channel when chosen", async () => {
    const { user, create } = await openNew();
    await user.click(radio("NONE"));
    await user.click(radio("HEALTH"));
    expect(channels()).toEqual([true, true, true]);
    await user.click(box("SMS"));
    expect(radio("HEALTH").checked).toBe(true);
    await user.click(box("SMS"));
    expect(radio("HEALTH").checked).toBe(true);
    await user.click(box("Email"));
    expect(await create()).toMatchObject({
      new_opt_in: "HEALTH",
      channel_sms: true,
      channel_phone: true,
      channel_email: false,
    });
  });
});
