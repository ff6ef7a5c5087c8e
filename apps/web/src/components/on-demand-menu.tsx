import { type ComponentType, cloneElement, type ReactElement, useRef } from "react";
import { type Intent, type OnDemand, useOnDemand } from "../lib/on-demand";

/** What a menu loaded on demand is handed: what the user started, and the trigger to draw. */
export interface MenuStart {
  intent: Intent;
  /** The trigger as drawn before the menu loaded; the menu wraps it in its `Menu.Target`. */
  target: ReactElement;
}

type TriggerProps = {
  ref?: unknown;
  onPointerEnter?: () => void;
  onFocus?: () => void;
  onMouseDown?: (e: { preventDefault: () => void }) => void;
  onClick?: () => void;
};

/**
 * A dropdown menu whose code (Mantine's Menu and its floating layer) loads on the first pointer
 * over or focus of its trigger, drawn plainly until then (issue 31: /jobs opened cold ≤ 200 KB).
 * The menu takes the trigger's place when it is pressed (mouse down, or Enter/Space: a click)
 * and opens at once, as the press asked; only pressing swaps it in, so a press never lands on a
 * trigger that hovering just replaced.
 */
export function OnDemandMenu<P extends object>({
  menu,
  trigger,
  props,
}: {
  menu: OnDemand<ComponentType<P & MenuStart>>;
  trigger: ReactElement<TriggerProps>;
  props: P;
}) {
  const ref = useRef<HTMLElement>(null);
  const { want, preload, ready } = useOnDemand(menu, ref);
  if (ready) {
    const Menu = ready.Loaded;
    return <Menu {...props} intent={ready.intent} target={trigger} />;
  }
  return cloneElement(trigger, {
    ref,
    "aria-haspopup": "menu",
    "aria-expanded": false,
    onPointerEnter: preload,
    onFocus: preload,
    // The press opens the menu and focuses its trigger; its own default (focusing this stand-in,
    // gone by then) would take the focus away from the menu.
    onMouseDown: (e: { preventDefault: () => void }) => {
      e.preventDefault();
      want(true, true);
    },
    onClick: () => want(true),
  } as TriggerProps);
}
