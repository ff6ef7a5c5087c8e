import { useLayoutEffect } from "react";

/**
 * The failed calls some part of the screen is showing right now. The screen's refusal notice
 * (`RefusedReads`) shows only the refusals nobody else shows, so a refusal appears once: in the
 * list it emptied, or above the screen.
 */
const shown = new Map<unknown, number>();
const listeners = new Set<() => void>();

export const isErrorShown = (error: unknown) => shown.has(error);

export function subscribeShownErrors(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

const changed = () => {
  for (const l of listeners) l();
};

/** Marks `error` (a query's `error`) as shown by this component while it is on screen. */
export function useShownError(error: unknown) {
  useLayoutEffect(() => {
    if (!error) return;
    shown.set(error, (shown.get(error) ?? 0) + 1);
    changed();
    return () => {
      const n = (shown.get(error) ?? 1) - 1;
      if (n > 0) shown.set(error, n);
      else shown.delete(error);
      changed();
    };
  }, [error]);
}
