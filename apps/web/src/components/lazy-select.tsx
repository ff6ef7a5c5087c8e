import { ComboboxChevron, InputClearButton, type SelectProps, TextInput } from "@mantine/core";
import { type ComponentType, type CSSProperties, type Ref, useEffect, useLayoutEffect, useRef } from "react";
import { type Intent, onDemand, useOnDemand } from "../lib/on-demand";

// Mantine's Select brings its dropdown's floating layer (Popover, floating-ui, ScrollArea, focus
// trap: ~37 KB gzip), which no first paint needs: it loads on the first intent to use a select
// (pointer over, focus, press), so screens opened cold stay within issue 31's 200 KB.
const mantineSelect = onDemand<ComponentType<SelectProps & { ref?: React.Ref<HTMLInputElement> }>>(
  () => import("./mantine-select"),
);

/** The label shown for `value`: Select's own lookup over plain strings, items and groups. */
export function selectLabel(data: SelectProps["data"], value: string | null | undefined): string {
  if (value == null) return "";
  const find = (entries: readonly unknown[]): string | undefined => {
    for (const entry of entries) {
      if (typeof entry === "string") {
        if (entry === value) return entry;
      } else if (entry && typeof entry === "object") {
        const e = entry as { value?: string; label?: string; items?: readonly unknown[] };
        if (e.items) {
          const found = find(e.items);
          if (found !== undefined) return found;
        } else if (e.value === value) return e.label ?? e.value;
      }
    }
    return undefined;
  };
  return find((data ?? []) as readonly unknown[]) ?? "";
}

const KEYS_THAT_OPEN = new Set(["ArrowDown", "ArrowUp", "Enter", " "]);

/**
 * Mantine's Select, drawn until first used by a stand-in that looks and reads the same (a
 * combobox with its label, value and chevron). Pointer over fetches its code; focus or a press puts the real one in its
 * place; a press or an opening key opens its list once it is in, and focus stays on it.
 */
export function LazySelect(props: SelectProps) {
  const standIn = useRef<HTMLInputElement>(null);
  const { want, preload, ready } = useOnDemand(mantineSelect, standIn);
  if (ready) return <Loaded Select={ready.Loaded} props={props} intent={ready.intent} />;
  const value = props.value === undefined ? props.defaultValue : props.value;
  const inputStyle =
    props.styles && typeof props.styles === "object" && "input" in props.styles
      ? props.styles.input
      : undefined;
  // The stand-in's handlers, the same on either drawing of it.
  const handlers = {
    // Pointer over fetches the code only: swapping the real select in on hover could replace the
    // field between the pointer arriving and the press, and the press would land on nothing.
    onPointerEnter: preload,
    onFocus: (e: React.FocusEvent<HTMLInputElement>) => {
      want();
      // The field has the focus, as Select's own would (the jobs status cell mounts its list then).
      props.onFocus?.(e);
    },
    // The press opens the list and focuses the real field; its own default (focusing this
    // stand-in, gone by then) would take the focus away from it and close the list.
    onMouseDown: (e: React.MouseEvent) => {
      e.preventDefault();
      want(true, true);
    },
    onKeyDown: (e: React.KeyboardEvent) => {
      if (!KEYS_THAT_OPEN.has(e.key)) return;
      e.preventDefault();
      want(true, true, { key: e.key, code: e.code });
    },
  };
  if (isPlain(props))
    return (
      <PlainStandIn
        ref={standIn}
        size={props.size}
        width={props.w}
        ariaLabel={props["aria-label"]}
        disabled={!!props.disabled}
        value={selectLabel(props.data, value)}
        inputStyle={inputStyle as CSSProperties | undefined}
        handlers={handlers}
      />
    );
  return (
    <TextInput
      ref={standIn}
      readOnly
      role="combobox"
      aria-haspopup="listbox"
      aria-expanded={false}
      aria-label={props["aria-label"]}
      label={props.label}
      description={props.description}
      error={props.error}
      withAsterisk={props.withAsterisk}
      placeholder={props.placeholder}
      size={props.size}
      w={props.w}
      miw={props.miw}
      maw={props.maw}
      disabled={props.disabled}
      className={props.className}
      style={props.style}
      styles={{ input: { cursor: "pointer", ...(inputStyle as object | undefined) } }}
      value={selectLabel(props.data, value)}
      // The right section as Select draws it: its chevron, and the clear button of a clearable
      // select holding a value (Select's own input props, so both sit exactly as in the real one).
      __defaultRightSection={<ComboboxChevron size={props.size} error={props.error} />}
      __clearable={!!props.clearable && value != null && value !== "" && !props.disabled && !props.readOnly}
      __clearSectionMode={props.clearSectionMode}
      __clearSection={
        <InputClearButton
          {...props.clearButtonProps}
          tabIndex={-1}
          aria-hidden
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => {
            props.onChange?.(null, null as never);
            props.onClear?.();
          }}
        />
      }
      rightSection={props.rightSection}
      rightSectionPointerEvents={props.rightSectionPointerEvents ?? "none"}
      data-lazy-select=""
      {...handlers}
    />
  );
}

/**
 * A stand-in with no label, description, error or sections of its own, at a named size and a
 * width in px (the jobs table's status cells): drawn as the plain elements TextInput would draw,
 * since fifteen TextInputs cost a jobs table's redraw more than its rows' data (issue 31).
 * lazy-select.test.tsx compares the two.
 */
function isPlain(
  props: SelectProps,
): props is SelectProps & { size: "xs" | "sm" | "md" | "lg" | "xl"; w: number | undefined } {
  return (
    typeof props.size === "string" &&
    ["xs", "sm", "md", "lg", "xl"].includes(props.size) &&
    (props.w === undefined || typeof props.w === "number") &&
    !props.label &&
    !props.description &&
    !props.error &&
    !props.withAsterisk &&
    !props.placeholder &&
    !props.clearable &&
    !props.rightSection &&
    props.rightSectionPointerEvents === undefined &&
    !props.className &&
    !props.style &&
    props.miw === undefined &&
    props.maw === undefined
  );
}

function PlainStandIn(p: {
  ref: Ref<HTMLInputElement>;
  size: string;
  width: number | undefined;
  ariaLabel: string | undefined;
  disabled: boolean;
  value: string;
  inputStyle: CSSProperties | undefined;
  handlers: object;
}) {
  const wrapperVars = {
    "--input-height": `var(--input-height-${p.size})`,
    "--input-fz": `var(--mantine-font-size-${p.size})`,
    "--input-right-section-pointer-events": "none",
  } as CSSProperties;
  return (
    <div
      className="m_46b77525 mantine-InputWrapper-root mantine-TextInput-root"
      data-size={p.size}
      style={p.width === undefined ? undefined : { width: `calc(${p.width / 16}rem * var(--mantine-scale))` }}
    >
      <div
        className="m_6c018570 mantine-Input-wrapper mantine-TextInput-wrapper"
        data-variant="default"
        data-size={p.size}
        data-disabled={p.disabled || undefined}
        data-with-right-section="true"
        style={wrapperVars}
      >
        <input
          ref={p.ref}
          className="m_8fb7ebe7 mantine-Input-input mantine-TextInput-input"
          data-variant="default"
          data-disabled={p.disabled || undefined}
          readOnly
          role="combobox"
          aria-haspopup="listbox"
          aria-expanded={false}
          aria-label={p.ariaLabel}
          data-lazy-select=""
          disabled={p.disabled}
          value={p.value}
          style={{ cursor: "pointer", ...p.inputStyle }}
          {...p.handlers}
        />
        <div data-position="right" className="m_82577fc2 mantine-Input-section mantine-TextInput-section">
          {/* biome-ignore lint/a11y/noSvgWithoutTitle: Select's chevron, drawn as ComboboxChevron draws it; the field names it */}
          <svg
            className="m_2943220b mantine-ComboboxChevron-chevron"
            data-size={p.size}
            data-combobox-chevron="true"
            viewBox="0 0 15 15"
            fill="none"
            xmlns="http://www.w3.org/2000/svg"
            style={{ "--combobox-chevron-size": `var(--combobox-chevron-size-${p.size})` } as CSSProperties}
          >
            <path
              d="M4.93179 5.43179C4.75605 5.60753 4.75605 5.89245 4.93179 6.06819C5.10753 6.24392 5.39245 6.24392 5.56819 6.06819L7.49999 4.13638L9.43179 6.06819C9.60753 6.24392 9.89245 6.24392 10.0682 6.06819C10.2439 5.89245 10.2439 5.60753 10.0682 5.43179L7.81819 3.18179C7.73379 3.0974 7.61933 3.04999 7.49999 3.04999C7.38064 3.04999 7.26618 3.0974 7.18179 3.18179L4.93179 5.43179ZM10.0682 9.56819C10.2439 9.39245 10.2439 9.10753 10.0682 8.93179C9.89245 8.75606 9.60753 8.75606 9.43179 8.93179L7.49999 10.8636L5.56819 8.93179C5.39245 8.75606 5.10753 8.75606 4.93179 8.93179C4.75605 9.10753 4.75605 9.39245 4.93179 9.56819L7.18179 11.8182C7.35753 11.9939 7.64245 11.9939 7.81819 11.8182L10.0682 9.56819Z"
              fill="currentColor"
              fillRule="evenodd"
              clipRule="evenodd"
            />
          </svg>
        </div>
      </div>
    </div>
  );
}

/**
 * The real Select in the stand-in's place: focused if the stand-in was, its list open if it was
 * pressed, and an opening key pressed meanwhile handed to it, so it does what that key does there
 * (ArrowDown opens onto the current value and moves on from it).
 */
function Loaded({
  Select,
  props,
  intent,
}: {
  Select: ComponentType<SelectProps & { ref?: React.Ref<HTMLInputElement> }>;
  props: SelectProps;
  intent: Intent;
}) {
  const input = useRef<HTMLInputElement>(null);
  // The focus before the browser handles another event: a key pressed between the swap and a
  // later effect would land nowhere.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when it takes the stand-in's place
  useLayoutEffect(() => {
    if (intent.focus || intent.key) input.current?.focus();
  }, []);
  // The key once the Select has set itself up, two frames on: its own renders done, its option
  // list in the page (the jobs status cell mounts it from the first focus on), so the key acts as
  // on Select itself (ArrowDown opens onto the current value, which it finds in that list).
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when it takes the stand-in's place
  useEffect(() => {
    const key = intent.key;
    if (!key) return;
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() =>
        input.current?.dispatchEvent(
          new KeyboardEvent("keydown", { ...key, bubbles: true, cancelable: true }),
        ),
      );
    });
    return () => cancelAnimationFrame(frame);
  }, []);
  return (
    <Select
      {...props}
      ref={input}
      defaultDropdownOpened={(intent.open && !intent.key && !props.disabled) || props.defaultDropdownOpened}
    />
  );
}
