import type { ImportState } from "@loupe/domain";

/** The batch's state as staff read it, and its badge colour. */
export const STATE_LABELS: Record<ImportState, { label: string; color: string }> = {
  uploaded: { label: "Needs mapping", color: "gray" },
  checking: { label: "Checking", color: "blue" },
  checked: { label: "Checked", color: "teal" },
  running: { label: "Importing", color: "blue" },
  paused: { label: "Paused", color: "yellow" },
  imported: { label: "Imported", color: "green" },
  undoing: { label: "Undoing", color: "orange" },
  undone: { label: "Undone", color: "gray" },
  final: { label: "Final", color: "violet" },
  failed: { label: "Failed", color: "red" },
};

const count = new Intl.NumberFormat("en-AU");
/** 12,480 */
export const formatCount = (n: number | null | undefined) => (n == null ? "–" : count.format(n));

const rate = new Intl.NumberFormat("en-AU", { maximumFractionDigits: 0 });
/** "1,250 rows/s" */
export const formatRate = (perSecond: number | null) =>
  perSecond == null ? "–" : `${rate.format(perSecond)} rows/s`;

/** Seconds as staff say them: "45 s", "3 min 20 s", "1 h 05 min"; null while the server cannot tell yet. */
export function formatTimeLeft(seconds: number | null): string {
  if (seconds == null) return "working it out…";
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, "0")} s`;
  return `${Math.floor(s / 3600)} h ${String(Math.floor((s % 3600) / 60)).padStart(2, "0")} min`;
}

/** File size: "2.4 MB" */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
