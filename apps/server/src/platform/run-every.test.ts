import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { runEvery } from "./run-every";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** When each round started, in seconds of fake time, after `total` seconds have passed. */
async function roundStarts(outcomes: ("ok" | "fail" | "throw")[], total: number) {
  const starts: number[] = [];
  const errors: unknown[] = [];
  const t0 = Date.now();
  let i = 0;
  const loop = runEvery(
    1,
    () => {
      starts.push((Date.now() - t0) / 1000);
      const outcome = outcomes[i++] ?? "ok";
      if (outcome === "throw") throw new Error("thrown before any promise");
      return outcome === "fail" ? Promise.reject(new Error("database down")) : Promise.resolve();
    },
    (err) => errors.push(err),
  );
  for (let s = 0; s < total; s++) await vi.advanceTimersByTimeAsync(1000);
  await loop.stop();
  return { starts, errors };
}

describe("runEvery", () => {
  it("backs off while rounds fail (2, 4, 8 intervals at most) and returns to its interval after a success", async () => {
    const { starts, errors } = await roundStarts(["fail", "fail", "fail", "fail", "ok", "ok"], 30);
    // 1 s, then +2, +4, +8, +8 after four failures, then +1 after the success.
    expect(starts.slice(0, 7)).toEqual([1, 3, 7, 15, 23, 24, 25]);
    expect(errors).toHaveLength(4);
  });

  it("keeps running, and never throws out of the timer, when a round throws instead of rejecting", async () => {
    const { starts, errors } = await roundStarts(["throw", "ok"], 5);
    expect(starts.slice(0, 2)).toEqual([1, 3]);
    expect(errors).toHaveLength(1);
  });
});
