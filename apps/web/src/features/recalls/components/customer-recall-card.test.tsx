import type { CustomerRecallWire } from "@loupe/contract";
import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { referenceAnswer, renderInShell, stubFetch } from "../../../test/render";
import CustomerRecallCard, { SNOOZE_DEFAULT_REASON } from "./customer-recall-card";

afterEach(() => vi.unstubAllGlobals());

const recall: CustomerRecallWire = {
  id: 9,
  customer: { id: 5, name: "Ann Lee" },
  recall_type: { id: 1, name: "Spectacle eye test" },
  outlet: null,
  // Far ahead, so "a month later" is from the due date; 31 January lands on February's last day.
  due_date: "2099-01-31",
  manual: false,
  basis: "Spectacle prescription of 31st Jan 2097",
  next_step: { step_index: 1, channel: "sms", on: "2099-01-31" },
  last_step: null,
  outcome: "open",
  version: 2,
  steps: [
    {
      id: 41,
      step_index: 0,
      offset_days: -14,
      planned_channel: "email",
      channel: "sms",
      status: "sent",
      reason: "No e-mail address: sent by SMS",
      due_on: "2099-01-17",
      at: "2099-01-16T23:00:00Z",
    },
  ],
};

function open() {
  const calls = stubFetch(
    () => ({ data: recall }),
    (u) => (u.includes("/customers/5/recalls") ? { data: [recall] } : referenceAnswer(u)),
  );
  const view = renderInShell(<CustomerRecallCard customerId={5} />);
  return { ...view, writes: () => calls.filter((c) => c.method !== "GET") };
}

describe("the customer's recall card", () => {
  it("shows the recall, what set it and its step history", async () => {
    open();
    expect(await screen.findByText("Spectacle eye test")).toBeTruthy();
    expect(screen.getByText(/Due 31st Jan 2099 · Spectacle prescription of 31st Jan 2097/)).toBeTruthy();
    expect(screen.getByText("SMS (for E-mail)")).toBeTruthy();
    expect(screen.getByText("No e-mail address: sent by SMS")).toBeTruthy();
    expect(screen.getByText("1 (14 days before)")).toBeTruthy();
  });

  it("snoozes a month in one click, asking only the reason, which starts as the usual one", async () => {
    const { user, writes } = open();
    await user.click(await screen.findByRole("button", { name: "Snooze 1 month" }));
    const reason = await screen.findByLabelText("Reason");
    expect((reason as HTMLInputElement).value).toBe(SNOOZE_DEFAULT_REASON);
    expect(screen.getByText("Snooze to 28th Feb 2099")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Snooze" }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0].url).toMatch(/\/api\/staff\/customers\/5\/recalls\/9\/snooze$/);
    expect(writes()[0].body).toEqual({ until: "2099-02-28", reason: SNOOZE_DEFAULT_REASON, version: 2 });
  });

  it("will not snooze without a reason", async () => {
    const { user, writes } = open();
    await user.click(await screen.findByRole("button", { name: "Snooze 1 month" }));
    await user.clear(await screen.findByLabelText("Reason"));
    expect(screen.getByText("Say why the recall is snoozed.")).toBeTruthy();
    expect((screen.getByRole("button", { name: "Snooze" }) as HTMLButtonElement).disabled).toBe(true);
    expect(writes()).toHaveLength(0);
  });

  it("sets the due date by hand with the reason and the version shown", async () => {
    const { user, writes } = open();
    await user.click(await screen.findByRole("button", { name: "Set due date" }));
    await user.click(screen.getByRole("button", { name: "Save due date" }));
    expect(await screen.findByText("Say why the due date changes.")).toBeTruthy();
    expect(writes()).toHaveLength(0);
    await user.type(screen.getByLabelText(/Reason/), "Optometrist asked for 6 months");
    await user.click(screen.getByRole("button", { name: "Save due date" }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0].method).toBe("PUT");
    expect(writes()[0].body).toEqual({
      due_date: "2099-01-31",
      reason: "Optometrist asked for 6 months",
      version: 2,
    });
  });
});
