import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderInShell, stubFetch } from "../../../test/render";
import { testBatch } from "../test-batch";
import { RunProgress } from "./run-progress";

afterEach(() => vi.unstubAllGlobals());

const running = testBatch({
  state: "running",
  version: 9,
  counts: {
    rows_in_file: 10_000,
    rows_ok: 9_990,
    rows_rejected: 10,
    created: 4_200,
    merged: 0,
    already_imported: 0,
  },
  progress: {
    rows_done: 4_200,
    rows_total: 9_990,
    rows_per_second: 1_250.4,
    seconds_left: 200,
    started_at: "2026-11-29T08:00:00.000Z",
  },
});

describe("the run's progress", () => {
  it("shows rows done of the total, rows per second and time left from the batch", () => {
    stubFetch();
    renderInShell(<RunProgress batch={running} />);
    expect(screen.getByRole("status").textContent).toBe("Importing: 4,200 of 9,990 rows");
    expect(screen.getByTestId("import-rate").textContent).toBe("1,250 rows/s");
    expect(screen.getByTestId("import-time-left").textContent).toBe("3 min 20 s");
    const bar = screen.getByRole("progressbar", { name: "Rows imported" });
    expect(bar.getAttribute("aria-valuenow")).toBe(String((4_200 / 9_990) * 100));
    expect(screen.getByText("42% done")).toBeTruthy();
  });

  it("says an hour-long run in hours, and waits for a first measure", () => {
    stubFetch();
    const { unmount } = renderInShell(
      <RunProgress batch={{ ...running, progress: { ...running.progress, seconds_left: 3_900 } }} />,
    );
    expect(screen.getByTestId("import-time-left").textContent).toBe("1 h 05 min");
    unmount();
    renderInShell(
      <RunProgress
        batch={{ ...running, progress: { ...running.progress, rows_per_second: null, seconds_left: null } }}
      />,
    );
    expect(screen.getByTestId("import-rate").textContent).toBe("–");
    expect(screen.getByTestId("import-time-left").textContent).toBe("working it out…");
  });

  it("pauses with the batch's version, and a paused one offers Resume", async () => {
    const calls = stubFetch(() => ({ data: { ...running, state: "paused", version: 10 } }));
    const posts = () => calls.filter((c) => c.method === "POST");
    const first = renderInShell(<RunProgress batch={running} />);
    await first.user.click(screen.getByRole("button", { name: "Pause" }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0].url).toMatch(/\/api\/staff\/imports\/7\/pause$/);
    expect(posts()[0].body).toEqual({ version: 9 });
    first.unmount();

    const { user } = renderInShell(<RunProgress batch={{ ...running, state: "paused", version: 10 }} />);
    expect(screen.getByRole("status").textContent).toBe("Paused: 4,200 of 9,990 rows");
    expect(screen.getByTestId("import-time-left").textContent).toBe("paused");
    await user.click(screen.getByRole("button", { name: "Resume" }));
    await waitFor(() => expect(posts()).toHaveLength(2));
    expect(posts()[1].url).toMatch(/\/resume$/);
    expect(posts()[1].body).toEqual({ version: 10 });
  });
});
