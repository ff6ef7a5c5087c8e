import type { ButtonHTMLAttributes, CSSProperties, HTMLAttributes, ReactNode, Ref } from "react";

// Mantine's markup for the few parts every jobs row shows, drawn as plain elements (issue 31).
// Each Mantine component is a Box that resolves theme, props, styles and variables on every render:
// fifteen rows of them cost more than the rows' data. The same elements, classes, data attributes
// and CSS variables give the same look from Mantine's own stylesheet and read the same to assistive
// tech; plain-mantine.test.tsx compares each part with the Mantine component it stands for, so an
// upgrade that changes Mantine's markup fails there.

type Vars = CSSProperties & Record<`--${string}`, string>;

const SIZE_VARS = (prefix: string, size: string): Vars => ({
  [`--${prefix}-fz`]: `var(--mantine-font-size-${size})`,
  [`--${prefix}-lh`]: `var(--mantine-line-height-${size})`,
});

/** Mantine's `<Text size fw c>`: a paragraph. `color` is a CSS colour (`var(--mantine-color-red-8)`). */
export function plainText(
  size: "xs" | "sm",
  children: ReactNode,
  style?: { fontWeight?: number; color?: string },
) {
  return (
    <p
      className="mantine-focus-auto m_b6d8b162 mantine-Text-root"
      data-size={size}
      style={{ ...SIZE_VARS("text", size), ...style }}
    >
      {children}
    </p>
  );
}

/** Mantine's `<Stack gap align>`; `gap` in px as Mantine takes it (0 is "0rem"). */
export function plainStack(gap: number, children: ReactNode, align = "stretch") {
  const style: Vars = {
    "--stack-gap": gap === 0 ? "0rem" : `calc(${gap / 16}rem * var(--mantine-scale))`,
    "--stack-align": align,
    "--stack-justify": "flex-start",
  };
  return (
    <div className="m_6d731127 mantine-Stack-root" style={style}>
      {children}
    </div>
  );
}

/** Mantine's `<Group gap>` (centred, wrapping). */
export function plainGroup(gap: number, children: ReactNode) {
  const style: Vars = {
    "--group-gap": `calc(${gap / 16}rem * var(--mantine-scale))`,
    "--group-align": "center",
    "--group-justify": "flex-start",
    "--group-wrap": "wrap",
  };
  return (
    <div className="m_4081bf90 mantine-Group-root" style={style}>
      {children}
    </div>
  );
}

const BORDER = "calc(0.0625rem * var(--mantine-scale)) solid transparent";

/** Mantine's `<Badge color size variant>` for a theme colour, filled or light. */
export function PlainBadge({
  color,
  size,
  variant,
  children,
  ref,
  ...rest
}: {
  color: string;
  size: "xs" | "sm";
  variant: "filled" | "light";
  children: ReactNode;
  ref?: Ref<HTMLDivElement>;
  "data-testid"?: string;
} & HTMLAttributes<HTMLDivElement>) {
  const style: Vars = {
    "--badge-height": `var(--badge-height-${size})`,
    "--badge-padding-x": `var(--badge-padding-x-${size})`,
    "--badge-fz": `var(--badge-fz-${size})`,
    "--badge-bg": `var(--mantine-color-${color}-${variant})`,
    "--badge-color":
      variant === "filled" ? "var(--mantine-color-white)" : `var(--mantine-color-${color}-light-color)`,
    "--badge-bd": BORDER,
  };
  return (
    <div
      ref={ref}
      className="m_347db0ec mantine-Badge-root"
      data-variant={variant}
      data-size={size}
      style={style}
      {...rest}
    >
      <span className="m_5add502a mantine-Badge-label">{children}</span>
    </div>
  );
}

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  "aria-label": string;
  ref?: Ref<HTMLButtonElement>;
  children: ReactNode;
};

/** Mantine's `<ActionIcon variant="subtle">` (blue). */
export function PlainActionIcon({ children, ...rest }: ButtonProps) {
  const style: Vars = {
    "--ai-bg": "transparent",
    "--ai-hover": "var(--mantine-color-blue-light-hover)",
    "--ai-color": "var(--mantine-color-blue-light-color)",
    "--ai-bd": BORDER,
  };
  return (
    <button
      className="mantine-focus-auto mantine-active m_8d3f4000 mantine-ActionIcon-root m_87cf2631 mantine-UnstyledButton-root"
      data-variant="subtle"
      type="button"
      style={style}
      {...rest}
    >
      <span className="m_8d3afb97 mantine-ActionIcon-icon">{children}</span>
    </button>
  );
}

/** Mantine's `<Button size="compact-xs" variant="light" color>`. */
export function PlainCompactButton({ color, children, ...rest }: ButtonProps & { color: string }) {
  const style: Vars = {
    "--button-height": "var(--button-height-compact-xs)",
    "--button-padding-x": "var(--button-padding-x-compact-xs)",
    "--button-fz": "var(--mantine-font-size-xs)",
    "--button-bg": `var(--mantine-color-${color}-light)`,
    "--button-hover": `var(--mantine-color-${color}-light-hover)`,
    "--button-color": `var(--mantine-color-${color}-light-color)`,
    "--button-bd": BORDER,
  };
  return (
    <button
      className="mantine-focus-auto mantine-active m_77c9d27d mantine-Button-root m_87cf2631 mantine-UnstyledButton-root"
      data-variant="light"
      data-size="compact-xs"
      type="button"
      style={style}
      {...rest}
    >
      <span className="m_80f1301b mantine-Button-inner">
        <span className="m_811560b9 mantine-Button-label">{children}</span>
      </span>
    </button>
  );
}

/** Mantine's `<Checkbox>` without a label (blue, filled); no id, as no label points at it. */
export function PlainCheckbox(props: {
  "aria-label": string;
  checked: boolean;
  indeterminate: boolean;
  disabled: boolean;
  onChange: () => void;
}) {
  const style: Vars = {
    "--checkbox-radius": "var(--mantine-radius-sm)",
    "--checkbox-color": "var(--mantine-color-blue-filled)",
  };
  return (
    <div
      className="m_bf2d988c mantine-Checkbox-root m_5f75b09e mantine-Checkbox-root"
      data-variant="filled"
      data-label-position="right"
      data-checked={props.checked || undefined}
      style={style}
    >
      <div className="m_5f6e695e mantine-Checkbox-body">
        <div className="m_26062bec mantine-Checkbox-inner" data-label-position="right">
          <input
            className="mantine-focus-auto m_26063560 mantine-Checkbox-input"
            data-with-error-styles="true"
            aria-label={props["aria-label"]}
            disabled={props.disabled}
            type="checkbox"
            checked={props.checked}
            data-indeterminate={props.indeterminate || undefined}
            onChange={props.onChange}
          />
          {props.indeterminate ? (
            <svg
              xmlns="http://www.w3.org/2000/svg"
              fill="none"
              viewBox="0 0 32 6"
              aria-hidden="true"
              className="m_bf295423 mantine-Checkbox-icon"
            >
              <rect width="32" height="6" fill="currentColor" rx="3" />
            </svg>
          ) : (
            <svg
              viewBox="0 0 10 7"
              fill="none"
              xmlns="http://www.w3.org/2000/svg"
              aria-hidden="true"
              className="m_bf295423 mantine-Checkbox-icon"
            >
              <path
                d="M4 4.586L1.707 2.293A1 1 0 1 0 .293 3.707l3 3a.997.997 0 0 0 1.414 0l5-5A1 1 0 1 0 8.293.293L4 4.586z"
                fill="currentColor"
                fillRule="evenodd"
                clipRule="evenodd"
              />
            </svg>
          )}
        </div>
        <div
          className="m_d3ea56bb mantine-Checkbox-labelWrapper"
          data-disabled={props.disabled || undefined}
        />
      </div>
    </div>
  );
}

/** Mantine's `<Switch color>` without a label; `color` a theme colour. */
export function PlainSwitch(props: {
  id: string;
  "aria-label": string;
  color: string;
  checked: boolean;
  disabled: boolean;
  onChange: () => void;
}) {
  const style: Vars = { "--switch-color": `var(--mantine-color-${props.color}-filled)` };
  return (
    <div
      className="m_5f93f3bb mantine-Switch-root m_5f75b09e mantine-Switch-root"
      data-label-position="right"
      data-checked={props.checked}
      style={style}
    >
      <label className="m_5f6e695e mantine-Switch-body" htmlFor={props.id}>
        <input
          aria-label={props["aria-label"]}
          disabled={props.disabled}
          data-checked={props.checked}
          id={props.id}
          // biome-ignore lint/a11y/useAriaPropsForRole: a native checkbox: its checked state is the switch's, as in Mantine's
          role="switch"
          className="m_926b4011 mantine-Switch-input"
          type="checkbox"
          checked={props.checked}
          onChange={props.onChange}
        />
        <span
          className="m_9307d992 mantine-Switch-track"
          data-label-position="right"
          data-without-labels="true"
          aria-hidden="true"
        >
          <span
            className="m_93039a1d mantine-Switch-thumb"
            data-reduce-motion="true"
            data-with-thumb-indicator="true"
          />
          <span className="m_8277e082 mantine-Switch-trackLabel" />
        </span>
        <div className="m_d3ea56bb mantine-Switch-labelWrapper" data-disabled={props.disabled || undefined} />
      </label>
    </div>
  );
}
