import { getJob, listJobs, setItemsStatus } from "@loupe/contract";
import {
  type ItemMove,
  JOBS_DEFAULT_SORT,
  type LastScan,
  lastUndoable,
  readScan,
  type ScanResult,
  scanMoves,
  undoBatches,
} from "@loupe/domain";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { ApiError, callEndpoint } from "../../../lib/api-client";
import { errorText } from "../../../lib/errors";
import { jobKeys } from "../api/job-keys";
import { listCallQuery } from "../api/jobs-queries";
import { playScanSound } from "./scan-sound";

/** One line of the station's running list: a scan, or the undo of one. */
export interface ScanEntry {
  key: number;
  invoice: string;
  surname: string;
  at: Date;
  /** "working" until the server has answered. */
  result: ScanResult | "working";
  message: string;
  /** The status the scan moved the items to, and where each item was before (for the undo). */
  target: { id: number; name: string };
  moves: ItemMove[];
}

export interface StationTarget {
  id: number;
  name: string;
}

/** The job a scanned invoice names: the list's own search, then only an exact match. */
async function findJob(invoice: string) {
  const list = await callEndpoint(listJobs, {
    query: listCallQuery({ q: invoice, ...JOBS_DEFAULT_SORT }, "db"),
  });
  return list.data.find(
    (j) => j.vend_invoice_number.toUpperCase() === invoice || j.uid.toUpperCase() === invoice,
  );
}

const plural = (n: number) => `${n} item${n === 1 ? "" : "s"}`;

/**
 * The scan station's work (issue 29): each scan (keyboard wedge or camera) moves the scanned job's
 * items to the target through the batch status endpoint the jobs screen uses, so the server's
 * rulebook decides; a refusal shows the server's reason. Scans are handled one at a time in the
 * order read, so the list and the undo follow the bench.
 */
export function useScanStation(target: StationTarget | null) {
  const [entries, setEntries] = useState<ScanEntry[]>([]);
  const queryClient = useQueryClient();
  const last = useRef<LastScan | undefined>(undefined);
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const keys = useRef(0);
  // The list as of now, not as of the last render: an undo queued behind another must see the first's result.
  const log = useRef<ScanEntry[]>([]);
  const commit = (next: ScanEntry[]) => {
    log.current = next;
    setEntries(next);
  };

  const add = (entry: Omit<ScanEntry, "key" | "at">) => {
    const key = ++keys.current;
    commit([...log.current, { ...entry, key, at: new Date() }]);
    return key;
  };
  const settle = (key: number, result: ScanResult, message: string, patch: Partial<ScanEntry> = {}) => {
    commit(log.current.map((e) => (e.key === key ? { ...e, ...patch, result, message } : e)));
    playScanSound(result);
  };
  // The jobs below are fetched again when the station closes, not after each scan: even marking
  // them stale redraws the whole table, which kept the page too busy to take the next label's
  // keystrokes at a scanner's pace. The station's own list is what is true meanwhile.
  useEffect(() => () => void queryClient.invalidateQueries({ queryKey: jobKeys.all }), [queryClient]);
  const inTurn = (work: () => Promise<void>) => {
    queue.current = queue.current.then(work).catch(() => {});
    return queue.current;
  };

  async function move(key: number, invoice: string, to: StationTarget) {
    try {
      const job = await findJob(invoice);
      if (!job) return settle(key, "not-found", `No job has the invoice or job number “${invoice}”.`);
      const surname = job.customer?.last_name ?? job.order_billing.customer_last_name;
      const detail = (await callEndpoint(getJob, { params: { id: job.id } })).data;
      const items = detail.items.map((i) => ({
        id: i.id,
        quantity: i.quantity,
        statusId: i.dispense_status_id,
        statusSlug: i.dispense_status.slug,
      }));
      const moves = scanMoves(items, to.id);
      if (!moves.length) {
        const allThere = items.length > 0 && items.every((i) => i.statusId === to.id || i.quantity === -1);
        return allThere
          ? settle(key, "already", `Every item is at “${to.name}” already.`, { surname })
          : settle(key, "refused", "None of its items can move: they are refunded, voided or cancelled.", {
              surname,
            });
      }
      await callEndpoint(setItemsStatus, {
        body: { item_ids: moves.map((m) => m.itemId), status_id: to.id },
      });
      settle(key, "moved", `${plural(moves.length)} moved to “${to.name}”.`, { surname, moves });
    } catch (err) {
      settle(key, "refused", errorText(err));
    }
  }

  /** A read from the scanner or the camera. The same label again within a few seconds is the same scan. */
  const scan = (read: string) => {
    const invoice = read.trim().toUpperCase();
    const now = Date.now();
    const seen = readScan(last.current, invoice, now);
    last.current = seen.last;
    if (seen.repeat) return;
    const to = target;
    const key = add({
      invoice,
      surname: "",
      result: "working",
      message: to ? `Moving to “${to.name}”…` : "",
      target: to ?? { id: 0, name: "" },
      moves: [],
    });
    if (!to) return settle(key, "refused", "Choose the status to move jobs to first.");
    return inTurn(() => move(key, invoice, to));
  };

  /**
   * Puts the last moved scan's items back where each was, through the same endpoint. Each call
   * says the status the scan left them at: if anyone changed one since, the server answers 409
   * and nothing of that call changes; the list says so.
   */
  const undo = () =>
    inTurn(async () => {
      const scanned = lastUndoable(log.current);
      if (!scanned) return;
      const key = add({ ...scanned, result: "working", message: "Putting back…" });
      // One call per previous status, each all or nothing; a later one refused leaves the earlier
      // ones done, and the scan keeps only the items still to put back (for a retry).
      const back = new Set<number>();
      try {
        for (const batch of undoBatches(scanned.moves)) {
          await callEndpoint(setItemsStatus, {
            body: { item_ids: batch.itemIds, status_id: batch.statusId, from_status_id: scanned.target.id },
          });
          for (const id of batch.itemIds) back.add(id);
        }
        settle(key, "undone", `${plural(scanned.moves.length)} put back where they were.`);
      } catch (err) {
        const changed = err instanceof ApiError && err.status === 409;
        const part = back.size
          ? `${back.size} of ${plural(scanned.moves.length)} put back, the rest not`
          : "Not";
        commit(
          log.current.map((e) =>
            e.key === scanned.key ? { ...e, moves: e.moves.filter((m) => !back.has(m.itemId)) } : e,
          ),
        );
        settle(
          key,
          changed ? "changed" : "refused",
          `${part} undone${changed ? " (409)" : ""}: ${errorText(err)}`,
        );
      }
    });

  return { entries, scan, undo, undoable: lastUndoable(entries) };
}
