import type { TooltipProps } from "@mantine/core";
import { type ComponentType, cloneElement, type ReactElement, useRef } from "react";
import { onDemand, useOnDemand } from "../lib/on-demand";

// Mantine's Tooltip brings the floating layer (floating-ui, ~15 KB gzip) that a first paint does
// not need: it loads when the pointer first comes over (or focus comes to) what it explains.
const mantineTooltip = onDemand<ComponentType<TooltipProps>>(() => import("./mantine-tooltip"));

type Handlers = {
  ref?: unknown;
  onPointerEnter?: (e: unknown) => void;
  onPointerLeave?: (e: unknown) => void;
  onFocus?: (e: unknown) => void;
};

/**
 * Mantine's Tooltip, loaded on the first pointer over or focus of its target: until then the
 * target is drawn alone; once in, the tooltip shows at once if the pointer is still there.
 */
export function LazyTooltip({ children, ...props }: TooltipProps & { children: ReactElement<Handlers> }) {
  const target = useRef<HTMLElement>(null);
  const over = useRef(false);
  const { want, ready } = useOnDemand(mantineTooltip, target);
  if (ready) {
    const Tooltip = ready.Loaded;
    return (
      <Tooltip {...props} defaultOpened={over.current || ready.intent.focus}>
        {children}
      </Tooltip>
    );
  }
  const own = children.props;
  return cloneElement(children, {
    ref: target,
    onPointerEnter: (e: unknown) => {
      over.current = true;
      want();
      own.onPointerEnter?.(e);
    },
    onPointerLeave: (e: unknown) => {
      over.current = false;
      own.onPointerLeave?.(e);
    },
    onFocus: (e: unknown) => {
      want();
      own.onFocus?.(e);
    },
  });
}
