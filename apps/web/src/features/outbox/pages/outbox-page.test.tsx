import { screen, waitFor } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { referenceAnswer, renderInShell, stubFetch } from "../../../test/render";
import OutboxPage from "./outbox-page";

afterEach(() => vi.unstubAllGlobals());

const message = (id: number, over: Record<string, unknown> = {}) => ({
  id,
  channel: "email",
  recipient: `r${id}@example.com`,
  subject: "Your glasses are ready",
  body: `Body of message ${id}`,
  status: "sent",
  attempts: 1,
  error: null,
  retryable: false,
  next_attempt_at: null,
  created_at: "2026-11-20T01:00:00Z",
  ...over,
});

function open(url = "/outbox") {
  const calls = stubFetch(
    () => ({ data: {} }),
    (u) =>
      u.includes("/staff/outbox")
        ? {
            data: [
              message(1),
              message(2, { status: "failed", retryable: true, error: "Mailbox unavailable", attempts: 3 }),
              message(3, { status: "failed", retryable: false, channel: "sms", subject: null }),
            ],
          }
        : referenceAnswer(u),
  );
  const view = renderInShell(
    <MemoryRouter initialEntries={[url]}>
      <OutboxPage />
    </MemoryRouter>,
  );
  const lists = () => calls.filter((c) => c.method === "GET" && c.url.includes("/staff/outbox"));
  return { ...view, calls, lists };
}

describe("the Outbox", () => {
  it("offers Retry only for a failed message that can be retried, and retries that one", async () => {
    const { user, calls } = open();
    expect(await screen.findByText("Mailbox unavailable")).toBeTruthy();
    expect(screen.getByText("3 attempts")).toBeTruthy();
    const retries = screen.getAllByRole("button", { name: "Retry" });
    expect(retries).toHaveLength(1);
    await user.click(retries[0]);
    await waitFor(() => expect(calls.some((c) => c.method === "POST")).toBe(true));
    expect(calls.find((c) => c.method === "POST")?.url).toContain("/staff/outbox/2/retry");
    expect(await screen.findByText("Queued again: r2@example.com")).toBeTruthy();
  });

  it("the status filter comes from the address and is sent with the list", async () => {
    const { user, lists } = open("/outbox?status=failed");
    await waitFor(() => expect(lists().length).toBeGreaterThan(0));
    expect(lists()[0].url).toContain("status=failed");
    await user.click(screen.getByText("All"));
    await waitFor(() => expect(lists().some((c) => !c.url.includes("status="))).toBe(true));
  });

  it("shows a message's whole body on demand", async () => {
    const { user } = open();
    await screen.findByText("Mailbox unavailable");
    expect(screen.getAllByText("Body of message 1")).toHaveLength(1);
    await user.click(screen.getAllByRole("button", { name: "Show message" })[0]);
    expect(screen.getAllByText("Body of message 1")).toHaveLength(2);
    expect(screen.getByRole("button", { name: "Hide message" })).toBeTruthy();
  });
});
