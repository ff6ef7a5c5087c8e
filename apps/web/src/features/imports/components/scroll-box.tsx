import type { ReactNode } from "react";

/**
 * A wide table's own horizontal scroll at a phone's width: a named region the keyboard can focus
 * and scroll with the arrow keys (axe: scrollable-region-focusable), which Mantine's
 * Table.ScrollContainer is not.
 */
export function ScrollBox({
  label,
  minWidth,
  children,
}: {
  label: string;
  minWidth: number;
  children: ReactNode;
}) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take the focus to be scrolled by keyboard.
    <section aria-label={label} tabIndex={0} style={{ overflowX: "auto", maxWidth: "100%" }}>
      <div style={{ minWidth }}>{children}</div>
    </section>
  );
}
