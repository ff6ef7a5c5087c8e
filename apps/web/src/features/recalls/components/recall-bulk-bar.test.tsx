import type { RecallRow } from "@loupe/contract";
import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { referenceAnswer, renderInShell } from "../../../test/render";
import { RecallBulkBar } from "./recall-bulk-bar";

afterEach(() => vi.unstubAllGlobals());

const row = (id: number, version: number): RecallRow => ({
  id,
  customer: { id: 100 + id, name: `Customer ${id}` },
  recall_type: { id: 1, name: "Spectacle eye test" },
  outlet: { id: 1, name: "Newtown" },
  due_date: "2026-12-01",
  manual: false,
  basis: "Spectacle prescription of 1st Dec 2024",
  next_step: { step_index: 0, channel: "email", on: "2026-11-17" },
  last_step: null,
  outcome: "open",
  version,
});

function open(selected: RecallRow[], write: () => Response) {
  const calls: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = String(input);
      if ((init.method ?? "GET") === "GET") return Response.json(referenceAnswer(url));
      calls.push({ url, body: JSON.parse(String(init.body)) });
      return write();
    }),
  );
  const onDone = vi.fn();
  const view = renderInShell(<RecallBulkBar selected={selected} onDone={onDone} />);
  return { ...view, calls, onDone };
}

const ok = () => Response.json({ message: "2 recalls snoozed.", data: [] });

describe("recalls bulk actions", () => {
  it("offers nothing until recalls are chosen", () => {
    open([], ok);
    for (const name of ["Send now", "Snooze…", "Booked", "Declined"])
      expect((screen.getByRole("button", { name }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("snoozes the chosen recalls with each one's version, the day typed day first and the reason", async () => {
    const { user, calls, onDone } = open([row(1, 3), row(2, 5)], ok);
    await user.click(screen.getByRole("button", { name: "Snooze…" }));
    const submit = await screen.findByRole("button", { name: "Snooze" });
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    const until = screen.getByLabelText(/Snooze until/);
    await user.click(until);
    await user.type(until, "05/02/2027");
    await user.tab();
    await user.type(screen.getByLabelText(/Reason/), "Customer travelling");
    await user.click(submit);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0].url).toMatch(/\/api\/staff\/recalls\/bulk$/);
    expect(calls[0].body).toEqual({
      action: "snooze",
      recalls: [
        { id: 1, version: 3 },
        { id: 2, version: 5 },
      ],
      until: "2027-02-05",
      reason: "Customer travelling",
    });
    expect(await screen.findByText("2 recalls snoozed.")).toBeTruthy();
    expect(onDone).toHaveBeenCalled();
  });

  it("says in words that nothing changed when someone else changed one of them (409)", async () => {
    const { user, calls } = open([row(1, 3)], () =>
      Response.json(
        {
          code: "conflict",
          message: "Recall 1 was changed by someone else since the list was read.",
          error: "Recall 1 was changed by someone else since the list was read.",
        },
        { status: 409 },
      ),
    );
    await user.click(screen.getByRole("button", { name: "Booked" }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0].body).toEqual({ action: "booked", recalls: [{ id: 1, version: 3 }] });
    expect(await screen.findByText(/Recall 1 was changed by someone else/)).toBeTruthy();
  });
});
