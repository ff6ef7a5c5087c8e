import "@mantine/core/styles.css";
import "@mantine/dates/styles.css";
import {
  type CSSVariablesResolver,
  createTheme,
  DEFAULT_THEME,
  type MantineColorsTuple,
  MantineProvider,
} from "@mantine/core";
import type { ReactNode } from "react";
import { AlertProvider } from "./alert-context";

/** WCAG relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
const contrastWithWhite = (hex: string) => 1.05 / (luminance(hex) + 0.05);
/** The colour darkened (towards black, same hue) until white text on it, and it as text on white, reach `ratio`. */
function darkenTo(hex: string, ratio: number): string {
  let [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
  let out = hex;
  while (contrastWithWhite(out) < ratio) {
    [r, g, b] = [r, g, b].map((c) => Math.floor(c * 0.95));
    out = `#${[r, g, b].map((c) => c.toString(16).padStart(2, "0")).join("")}`;
  }
  return out;
}
/**
 * Mantine's palettes with shades 6–9 (filled buttons and badges, coloured text, light-variant
 * text, error text) dark enough for WCAG AA: white on green.6 is 3.4:1, red.6 text on white 3.3:1.
 * Shades 0–5 (backgrounds, borders) stay as they are.
 */
const accessibleColors = Object.fromEntries(
  Object.entries(DEFAULT_THEME.colors).map(([name, tuple]) => [
    name,
    tuple.map((hex, i) => (i >= 6 ? darkenTo(hex, i >= 7 ? 7 : 4.8) : hex)) as unknown as MantineColorsTuple,
  ]),
);

const theme = createTheme({
  primaryColor: "blue",
  primaryShade: 8,
  defaultRadius: "sm",
  colors: accessibleColors,
  // Plain objects rather than `Modal.extend(…)`, so the sign-in page does not load these components.
  components: {
    // The close button of every modal has a name for screen readers.
    Modal: { defaultProps: { closeButtonProps: { "aria-label": "Close" } } },
    Drawer: { defaultProps: { closeButtonProps: { "aria-label": "Close" } } },
    // Menus without Mantine's focus placeholder (a tabbable role="presentation" div, which a role="menu"
    // may not contain); arrow keys still move through the items.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
    // Links are told apart from the text around them by more than colour (WCAG 1.4.1): always underlined.
    Anchor: { defaultProps: { underline: "always" } },
  },
});
// Dimmed and placeholder text move to gray.7 (3.3:1 and 2.1:1 on white before); error text to the darkened red.
const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    "--mantine-color-dimmed": "var(--mantine-color-gray-7)",
    "--mantine-color-error": "var(--mantine-color-red-8)",
    "--mantine-color-placeholder": "var(--mantine-color-gray-7)",
  },
  dark: {},
});

export function Providers({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      {/* The query cache, date pickers and modals are set up by the signed-in shell (shell-providers.tsx). */}
      <AlertProvider>{children}</AlertProvider>
    </MantineProvider>
  );
}
