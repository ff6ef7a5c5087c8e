import { type RefObject, useEffect, useRef, useState } from "react";

/** A module's default export fetched once, when first wanted, and known synchronously after. */
export interface OnDemand<T> {
  current: () => T | null;
  load: () => Promise<T>;
}

export function onDemand<T>(load: () => Promise<{ default: T }>): OnDemand<T> {
  let value: T | null = null;
  let pending: Promise<T> | null = null;
  return {
    current: () => value,
    load: () => {
      pending ??= load().then(
        (m) => {
          value = m.default;
          return value;
        },
        (err) => {
          // A failed fetch (network down) is tried again on the next intent.
          pending = null;
          throw err;
        },
      );
      return pending;
    },
  };
}

/** What the user had started when the real control took the stand-in's place. */
export interface Intent {
  /** Clicked, or an opening key pressed: open its list, menu or tooltip at once. */
  open: boolean;
  /** The stand-in had the focus: the real control takes it. */
  focus: boolean;
  /** The key that asked to open it, for the real control to act on as its own (ArrowDown…). */
  key?: { key: string; code: string };
}

/**
 * A control drawn by a light stand-in until the user shows intent to use it (pointer over, focus,
 * a press): then its real code loads (issue 31: no first paint waits for a dropdown's floating
 * layer) and `ready` hands back the loaded export with what the user had started meanwhile. The
 * stand-in stays mounted while loading, so focus and keys stay on it.
 */
export function useOnDemand<T>(mod: OnDemand<T>, standIn: RefObject<HTMLElement | null>) {
  const [intent, setIntent] = useState<Intent | null>(null);
  const [loaded, setLoaded] = useState<T | null>(mod.current);
  const hasFocus = () => !!standIn.current && document.activeElement === standIn.current;
  const want = (open = false, focus = false, key?: Intent["key"]) => {
    setIntent((i) => ({
      open: open || !!i?.open,
      focus: focus || !!i?.focus || hasFocus(),
      key: key ?? i?.key,
    }));
    if (!loaded)
      mod.load().then(
        (value) => {
          setIntent((i) => i && { ...i, focus: i.focus || hasFocus() });
          setLoaded(() => value);
        },
        // The stand-in stays; the next pointer over, focus or press tries again.
        () => {},
      );
  };
  /** Fetches the code without taking the stand-in's place (pointer over a menu's trigger). */
  const preload = () => void mod.load().catch(() => {});
  return { want, preload, ready: intent && loaded ? { Loaded: loaded, intent } : null };
}

/** A ref that focuses its element once mounted when `take` (the stand-in it replaces had focus). */
export function useTakeFocus<T extends HTMLElement>(take: boolean) {
  const ref = useRef<T>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when it takes the stand-in's place
  useEffect(() => {
    if (take) ref.current?.focus();
  }, []);
  return ref;
}
