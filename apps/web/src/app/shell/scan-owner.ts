import { useEffect, useSyncExternalStore } from "react";

// Who hears a tray-label scan (issue 29): the app (it opens the job) unless a screen has claimed
// the scans for itself (the scan station moves the job instead). Kept apart from the shortcuts so
// the station can claim them without loading anything else of the shell.

let claims = 0;
const listeners = new Set<() => void>();
const notify = () => {
  for (const l of listeners) l();
};
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** Whether a screen has the scans now: the app-wide "scan opens the job" stands aside meanwhile. */
export const useScansClaimed = () => useSyncExternalStore(subscribe, () => claims > 0);

/** Claims the scans while the calling screen is shown (and `active`). */
export function useClaimScans(active = true) {
  useEffect(() => {
    if (!active) return;
    claims++;
    notify();
    return () => {
      claims--;
      notify();
    };
  }, [active]);
}
