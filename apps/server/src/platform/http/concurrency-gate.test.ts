import { describe, expect, it } from "vitest";
import { createConcurrencyGate, GateFull } from "./concurrency-gate";

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
};

describe("a concurrency gate", () => {
  it("runs at most its limit at once, the next in arrival order, and refuses past the backlog", async () => {
    const gate = createConcurrencyGate(2, 2);
    const order: number[] = [];
    const holds = [deferred(), deferred(), deferred(), deferred()];
    const calls = holds.map((h, i) =>
      gate.run(async () => {
        order.push(i);
        await h.promise;
        return i;
      }),
    );
    await Promise.resolve();
    expect(gate.running).toBe(2);
    expect(gate.waiting).toBe(2);
    expect(order).toEqual([0, 1]);
    await expect(gate.run(async () => 99)).rejects.toBeInstanceOf(GateFull);
    holds[1].resolve();
    await calls[1];
    await new Promise((r) => setTimeout(r, 0));
    expect(order).toEqual([0, 1, 2]);
    holds[0].resolve();
    holds[2].resolve();
    holds[3].resolve();
    expect(await Promise.all(calls)).toEqual([0, 1, 2, 3]);
    expect(gate.running).toBe(0);
    expect(gate.waiting).toBe(0);
  });

  it("frees the slot when a call throws", async () => {
    const gate = createConcurrencyGate(1, 0);
    await expect(gate.run(async () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(await gate.run(async () => "next")).toBe("next");
  });
});
