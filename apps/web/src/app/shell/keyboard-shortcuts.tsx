import { SCAN_MAX_GAP_MS, scannedInvoice } from "@loupe/domain";
import { useHotkeys } from "@mantine/hooks";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { useScansClaimed } from "./scan-owner";

const CommandPalette = lazy(() => import("./command-palette"));
// The `?` list is read rarely: loaded when first asked for, off the first screen's budget.
const ShortcutsHelp = lazy(() => import("./shortcuts-help"));

const isField = (el: Element | null) =>
  !!el &&
  (el.tagName === "INPUT" ||
    el.tagName === "TEXTAREA" ||
    el.tagName === "SELECT" ||
    (el as HTMLElement).isContentEditable);

/**
 * A keyboard-wedge scanner anywhere in the app (issue 29): a tray label's invoice typed as fast
 * keystrokes and Enter opens that job. Listened to before anything else (capture), and only
 * outside fields, where the keystrokes would otherwise mean nothing (or j/k moves); a scan into a
 * field is that field's text. `enabled: false` hands the scans to a screen that wants them (the
 * scan station).
 */
export function useTrayScan(onScan: (invoice: string) => void, enabled = true) {
  const keys = useRef<{ key: string; at: number }[]>([]);
  const handler = useRef(onScan);
  handler.current = onScan;
  useEffect(() => {
    if (!enabled) return;
    const onKey = (e: KeyboardEvent) => {
      if (isField(document.activeElement) || e.ctrlKey || e.metaKey || e.altKey) return;
      // When the key was pressed, not when this page got round to it: a page busy redrawing (the
      // scan station after each move) hands queued keys over late and in bursts, which would
      // read as a person's gaps. Falls back to now where the event has no time.
      const now = e.timeStamp || performance.now();
      const last = keys.current.at(-1);
      if (last && now - last.at > SCAN_MAX_GAP_MS * 3) keys.current = [];
      if (e.key === "Enter") {
        const invoice = scannedInvoice(keys.current);
        keys.current = [];
        if (invoice) {
          e.preventDefault();
          e.stopImmediatePropagation();
          handler.current(invoice);
        }
        return;
      }
      // The letters still reach the shortcuts: an invoice's j or k only moves the row cursor, and
      // holding them back would eat a person's quick "jjk".
      if (e.key.length === 1) keys.current.push({ key: e.key, at: now });
    };
    window.addEventListener("keydown", onKey, true);
    return () => window.removeEventListener("keydown", onKey, true);
  }, [enabled]);
}

/** The screen's own search box: the first search or filter field in the page's main part. */
const searchField = () =>
  document.querySelector<HTMLInputElement>(
    'main input[aria-label^="Search"], main input[placeholder^="Search"], main input[aria-label^="Filter"], main input[type="search"]',
  );
/** The screen's list rows (DataTable marks each record's row). */
const rows = () => [...document.querySelectorAll<HTMLTableRowElement>("main tbody tr[data-row]")];

/**
 * The app's keyboard (issue 29). Mantine's useHotkeys ignores keys typed in an input, a textarea,
 * a select or an editable element, so a shortcut never fires while typing in a field; a modal's
 * own keys (Escape, Enter in a form) are untouched because the row keys act only with no dialog open.
 */
export function KeyboardShortcuts() {
  const [palette, setPalette] = useState(false);
  const [paletteLoaded, setPaletteLoaded] = useState(false);
  const [help, setHelp] = useState(false);
  const [helpLoaded, setHelpLoaded] = useState(false);
  const cursor = useRef(-1);
  const dialogOpen = () => !!document.querySelector('[role="dialog"]');
  const navigate = useNavigate();
  // The scan station, while open, takes the scans to move jobs; otherwise a scan opens the job.
  const claimed = useScansClaimed();
  useTrayScan((invoice) => navigate(`/jobs/${encodeURIComponent(invoice)}`), !claimed);

  const openHelp = () => {
    setHelpLoaded(true);
    setHelp(true);
  };

  /** Moves the row cursor; answers whether there was a row to move to. */
  const move = (step: number) => {
    if (dialogOpen()) return false;
    const list = rows();
    if (!list.length) return false;
    for (const r of list) {
      r.removeAttribute("data-cursor");
      r.style.outline = "";
    }
    cursor.current = Math.min(list.length - 1, Math.max(0, cursor.current + step));
    const row = list[cursor.current];
    row.setAttribute("data-cursor", "true");
    row.style.outline = "2px solid var(--mantine-color-blue-5)";
    row.style.outlineOffset = "-2px";
    row.tabIndex = -1;
    row.focus({ preventScroll: true });
    row.scrollIntoView({ block: "nearest" });
    return true;
  };
  const expand = (e: KeyboardEvent) => {
    const row = rows().find((r) => r.hasAttribute("data-cursor"));
    // Enter on a button or link keeps its own meaning; only the row under the cursor is ours.
    if (!row || dialogOpen() || (document.activeElement && document.activeElement !== row)) return;
    e.preventDefault();
    row
      .querySelector<HTMLButtonElement>('button[aria-label="Expand"], button[aria-label="Collapse"]')
      ?.click();
  };

  // Ctrl/⌘+K is not a letter anyone types into a field, so it opens the palette from anywhere,
  // a search box included; the single-key shortcuts below never fire in a field.
  useHotkeys(
    [
      [
        "mod+K",
        () => {
          setPaletteLoaded(true);
          setPalette(true);
        },
      ],
    ],
    [],
  );
  // Mantine cancels every matched key by default; these cancel a key only when they act on it, so
  // Enter and Space on a focused button or link keep their own meaning (issue 52, WCAG 2.1.1).
  const own = { preventDefault: false };
  useHotkeys([
    [
      "/",
      (e) => {
        const field = searchField();
        if (!field || dialogOpen()) return;
        e.preventDefault();
        field.focus();
        field.select();
      },
      own,
    ],
    [
      "j",
      (e) => {
        if (move(1)) e.preventDefault();
      },
      own,
    ],
    [
      "k",
      (e) => {
        if (move(-1)) e.preventDefault();
      },
      own,
    ],
    ["Enter", expand, own],
    [
      "shift+?",
      (e) => {
        e.preventDefault();
        openHelp();
      },
      own,
    ],
    [
      "?",
      (e) => {
        e.preventDefault();
        openHelp();
      },
      own,
    ],
  ]);

  return (
    <>
      {paletteLoaded && (
        <Suspense fallback={null}>
          <CommandPalette opened={palette} onClose={() => setPalette(false)} />
        </Suspense>
      )}
      {helpLoaded && (
        <Suspense fallback={null}>
          <ShortcutsHelp opened={help} onClose={() => setHelp(false)} />
        </Suspense>
      )}
    </>
  );
}
