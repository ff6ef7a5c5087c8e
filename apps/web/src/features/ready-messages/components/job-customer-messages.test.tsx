import { screen, waitFor } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { referenceAnswer, renderInShell, stubFetch } from "../../../test/render";
import { JobCustomerMessages } from "./job-customer-messages";

afterEach(() => vi.unstubAllGlobals());

const message = (id: number, over: Record<string, unknown> = {}) => ({
  id,
  kind: "ready",
  label: "Ready to collect",
  reminder_day: 0,
  channel: "sms",
  status: "queued",
  send_at: "2026-12-01T21:00:00Z",
  failure: null,
  outlet_id: 10,
  created_at: "2026-12-01T05:45:00Z",
  ...over,
});

function open(messages: unknown[]) {
  const calls = stubFetch(
    () => ({ message: "The message was cancelled.", data: message(1, { status: "cancelled" }) }),
    (u) =>
      u.includes("/customer-messages")
        ? {
            data: {
              messages,
              time_zone: "Australia/Perth",
              status_link: { url: "http://x/shop-api/status/7/abc", reads: 2, last_read_at: null },
            },
          }
        : referenceAnswer(u),
  );
  renderInShell(
    <MemoryRouter>
      <JobCustomerMessages jobId={7} />
    </MemoryRouter>,
  );
  return calls;
}

describe("the job's customer messages", () => {
  it("shows a queued message's send time on the outlet's clock and cancels it", async () => {
    const calls = open([message(1)]);
    // 21:00Z is 5am the next day in Perth (AWST).
    expect((await screen.findByTestId("send-at")).textContent).toBe("2nd Dec 2026, 5:00am AWST");
    expect(screen.getByTestId("status-link-reads").textContent).toBe("opened 2 times");
    await (await import("@testing-library/user-event")).default
      .setup()
      .click(screen.getByRole("button", { name: "Cancel message" }));
    await waitFor(() => expect(calls.some((c) => c.method === "POST")).toBe(true));
    expect(calls.find((c) => c.method === "POST")?.url).toContain(
      "/staff/orders/7/customer-messages/1/cancel",
    );
  });

  it("offers no Cancel for a sent or failed message, and links a failed one to the call list", async () => {
    open([message(1, { status: "sent" }), message(2, { status: "failed", failure: "No channel" })]);
    expect(await screen.findByText("Failed: call the customer")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Cancel message" })).toBeNull();
    expect(screen.getByRole("link", { name: "Call list" }).getAttribute("href")).toBe(
      "/call-list?outlet_id=10",
    );
  });
});
