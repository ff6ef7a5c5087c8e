import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { referenceAnswer, renderInShell, stubFetch } from "../../../test/render";
import { DeadLetter } from "./dead-letter";

afterEach(() => vi.unstubAllGlobals());

const deadTask = (id: number, kind: string, over: Record<string, unknown> = {}) => ({
  id,
  kind,
  key: null,
  attempts: 5,
  last_error: "courier API answered 500",
  run_at: "2026-11-20T01:00:00Z",
  dead_at: "2026-11-20T02:00:00Z",
  created_at: "2026-11-20T00:00:00Z",
  ...over,
});

function open() {
  const calls = stubFetch(
    () => ({ data: { id: 0 } }),
    (u) =>
      u.includes("/staff/queue")
        ? {
            data: {
              kinds: [
                { kind: "outbox.deliver", due: 0, running: 1, later: 0, dead: 0 },
                { kind: "shipping.track", due: 2, running: 0, later: 1, dead: 1 },
              ],
              dead: [
                deadTask(7, "shipping.track", { key: "slot 2026-11-20T01:00:00.000Z" }),
                deadTask(8, "search.fill"),
              ],
            },
          }
        : referenceAnswer(u),
  );
  return { ...renderInShell(<DeadLetter />), calls };
}

describe("the dead letter", () => {
  it("lists the tasks that gave up with their last error and the counts by kind", async () => {
    open();
    const table = await screen.findByRole("table", { name: "Dead letter" });
    expect(await within(table).findAllByText("courier API answered 500 (5 tries)")).toHaveLength(2);
    expect(screen.getByText("shipping.track: 2 due · 0 running · 1 dead")).toBeTruthy();
  });

  it("retries a dead task at once, and discards one only once confirmed", async () => {
    const { user, calls } = open();
    const table = await screen.findByRole("table", { name: "Dead letter" });
    await user.click((await within(table).findAllByRole("button", { name: "Retry" }))[0]);
    await waitFor(() => expect(calls.some((c) => c.method === "POST")).toBe(true));
    expect(calls.find((c) => c.method === "POST")?.url).toContain("/staff/queue/dead/7/retry");
    expect(await screen.findByText("Running again: shipping.track")).toBeTruthy();

    await user.click(within(table).getAllByRole("button", { name: "Discard" })[1]);
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText("Discard this search.fill task for good?")).toBeTruthy();
    expect(calls.some((c) => c.method === "DELETE")).toBe(false);
    await user.click(within(dialog).getByRole("button", { name: "Discard" }));
    await waitFor(() => expect(calls.some((c) => c.method === "DELETE")).toBe(true));
    expect(calls.find((c) => c.method === "DELETE")?.url).toContain("/staff/queue/dead/8");
  });
});
