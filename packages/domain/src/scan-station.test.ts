import { describe, expect, it } from "vitest";
import {
  isRepeatScan,
  itemChangedMeanwhile,
  lastUndoable,
  readScan,
  SCAN_REPEAT_MS,
  type ScanResult,
  scanMoves,
  undoBatches,
} from "./scan-station";

describe("one scan, however often the label is read", () => {
  it("the same invoice again within the window is the same scan", () => {
    const first = { invoice: "PAR-100909", at: 10_000 };
    expect(isRepeatScan(first, "PAR-100909", 10_050)).toBe(true);
    expect(isRepeatScan(first, "par-100909", 10_000 + SCAN_REPEAT_MS - 1)).toBe(true);
  });

  it("a later read, another invoice, or the first read of all is a new scan", () => {
    const first = { invoice: "PAR-100909", at: 10_000 };
    expect(isRepeatScan(first, "PAR-100909", 10_000 + SCAN_REPEAT_MS)).toBe(false);
    expect(isRepeatScan(first, "PAR-100910", 10_010)).toBe(false);
    expect(isRepeatScan(undefined, "PAR-100909", 10_010)).toBe(false);
    // A clock that went back (another tab's timer, a test) is not a repeat.
    expect(isRepeatScan(first, "PAR-100909", 9_000)).toBe(false);
  });
});

const item = (id: number, statusId: number, statusSlug: string, quantity = 1) => ({
  id,
  quantity,
  statusId,
  statusSlug,
});

describe("a label held in view", () => {
  it("is one scan however long the reads go on, and a new one once it was away", () => {
    let last: ReturnType<typeof readScan>["last"] | undefined;
    const read = (at: number) => {
      const r = readScan(last, "PAR-100909", at);
      last = r.last;
      return r.repeat;
    };
    // Read every 250 ms for ten seconds: the first read only.
    const reads = Array.from({ length: 40 }, (_, k) => read(1000 + k * 250));
    expect(reads.filter((repeat) => !repeat)).toHaveLength(1);
    // Away for longer than the window, then shown again.
    expect(read(1000 + 39 * 250 + SCAN_REPEAT_MS)).toBe(false);
  });
});

describe("which items a scan moves", () => {
  it("every item not already at the target, remembering where each was", () => {
    expect(
      scanMoves([item(1, 7, "received"), item(2, 10, "ready-to-go"), item(3, 6, "lenses-ordered")], 10),
    ).toEqual([
      { itemId: 1, fromStatusId: 7 },
      { itemId: 3, fromStatusId: 6 },
    ]);
  });

  it("never a refunded, voided or cancelled item", () => {
    expect(
      scanMoves(
        [
          item(1, 7, "received", -1),
          item(2, 16, "refunded"),
          item(3, 18, "voided"),
          item(4, 15, "cancelled"),
          item(5, 7, "received"),
        ],
        10,
      ),
    ).toEqual([{ itemId: 5, fromStatusId: 7 }]);
  });

  it("nothing when every item is there already", () => {
    expect(scanMoves([item(1, 10, "ready-to-go")], 10)).toEqual([]);
  });
});

describe("undoing a scan", () => {
  it("is one batch per previous status", () => {
    expect(
      undoBatches([
        { itemId: 1, fromStatusId: 7 },
        { itemId: 3, fromStatusId: 6 },
        { itemId: 4, fromStatusId: 7 },
      ]),
    ).toEqual([
      { statusId: 7, itemIds: [1, 4] },
      { statusId: 6, itemIds: [3] },
    ]);
  });

  const e = (result: ScanResult, n: number) => ({ result, n });

  it("reaches the newest scan that moved something, past refusals and misses", () => {
    expect(
      lastUndoable([e("moved", 1), e("moved", 2), e("refused", 3), e("not-found", 4), e("already", 5)]),
    ).toEqual(e("moved", 2));
  });

  it("only once: after an undo (done or refused as changed) there is nothing more to undo", () => {
    expect(lastUndoable([e("moved", 1), e("undone", 2)])).toBeUndefined();
    expect(lastUndoable([e("moved", 1), e("changed", 2), e("refused", 3)])).toBeUndefined();
    expect(lastUndoable([e("moved", 1), e("undone", 2), e("moved", 3)])).toEqual(e("moved", 3));
    expect(lastUndoable([])).toBeUndefined();
  });

  it("names what the item is now when it was changed meanwhile", () => {
    expect(itemChangedMeanwhile(12, "Ready To Go", "Dispatched")).toBe(
      "Item 12 was changed meanwhile: it is now “Dispatched”, not “Ready To Go”.",
    );
  });
});
