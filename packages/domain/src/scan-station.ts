// The scan station (issue 29): staff choose a target item status, then every tray label scanned
// moves that job's items to it; the server's rulebook still decides each move. These are the
// station's own rules: what counts as one scan, which items a scan moves and how the last one is
// undone.

import { isDisplayOnlyStatus, isIrreversibleStatus } from "./status-rules";

/**
 * The same label read again within this time is the same scan: a scanner held over a tray, a
 * camera that sees the label in every frame, a trigger pressed twice. Long enough for those,
 * short enough that a person re-scanning on purpose (after an undo, say) is heard.
 */
export const SCAN_REPEAT_MS = 3000;

export interface LastScan {
  invoice: string;
  at: number;
}

/** Whether `invoice` read at `at` (ms) repeats the previous read: same invoice, within the window. */
export const isRepeatScan = (previous: LastScan | undefined, invoice: string, at: number): boolean =>
  !!previous &&
  previous.invoice.toUpperCase() === invoice.toUpperCase() &&
  at - previous.at >= 0 &&
  at - previous.at < SCAN_REPEAT_MS;

/**
 * A read, told apart from a repeat; `last` is what the next read is compared with. A repeat
 * counts from the latest read, not the first: a label held in front of the camera, read four
 * times a second, is one scan however long it stays; taken away for a few seconds and shown
 * again, it is a new one.
 */
export function readScan(previous: LastScan | undefined, invoice: string, at: number) {
  return { repeat: isRepeatScan(previous, invoice, at), last: { invoice: invoice.toUpperCase(), at } };
}

export interface ScanItem {
  id: number;
  quantity: number;
  statusId: number;
  statusSlug: string;
}

export interface ItemMove {
  itemId: number;
  /** The status the item had before the scan, for the undo. */
  fromStatusId: number;
}

/**
 * The items a scan moves to `targetId`: not the refunded ones (quantity −1), not those at a
 * refunded, voided or cancelled status (nothing may take them out of it), not those already there.
 */
export function scanMoves(items: readonly ScanItem[], targetId: number): ItemMove[] {
  return items
    .filter(
      (i) =>
        i.quantity !== -1 &&
        !isDisplayOnlyStatus(i.statusSlug) &&
        !isIrreversibleStatus(i.statusSlug) &&
        i.statusId !== targetId,
    )
    .map((i) => ({ itemId: i.id, fromStatusId: i.statusId }));
}

/** The undo of a scan as batch calls: one per previous status, each with the items that had it. */
export function undoBatches(moves: readonly ItemMove[]): { statusId: number; itemIds: number[] }[] {
  const byStatus = new Map<number, number[]>();
  for (const m of moves) byStatus.set(m.fromStatusId, [...(byStatus.get(m.fromStatusId) ?? []), m.itemId]);
  return [...byStatus].map(([statusId, itemIds]) => ({ statusId, itemIds }));
}

/**
 * What became of one scan. moved: its items are at the target now; already: every item was there
 * (or none can move); refused: the server said no (its reason is shown); not-found: no job has the
 * invoice; undone: moved, then put back; changed: the undo found the job changed meanwhile (409).
 */
export type ScanResult = "moved" | "already" | "refused" | "not-found" | "undone" | "changed";

export const SCAN_RESULT_LABELS: Record<ScanResult, string> = {
  moved: "Moved",
  already: "Already there",
  refused: "Refused",
  "not-found": "Not found",
  undone: "Undone",
  changed: "Changed meanwhile",
};

/** One colour per result, so a glance from across the bench tells them apart. */
export const SCAN_RESULT_COLOURS: Record<ScanResult, string> = {
  moved: "green",
  already: "blue",
  refused: "red",
  "not-found": "orange",
  undone: "gray",
  changed: "grape",
};

/** Only a scan that moved something can be undone, and only the newest such one. */
export function lastUndoable<T extends { result: string }>(entries: readonly T[]): T | undefined {
  const newest = entries.findLast(
    (e) => e.result === "moved" || e.result === "undone" || e.result === "changed",
  );
  return newest?.result === "moved" ? newest : undefined;
}

/** The 409 when an item is no longer at the status a caller expected (the undo's precondition). */
export const itemChangedMeanwhile = (itemId: number, expected: string, now: string) =>
  `Item ${itemId} was changed meanwhile: it is now “${now}”, not “${expected}”.`;
