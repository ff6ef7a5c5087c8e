import { ComboboxChevron, InputClearButton, type SelectProps, TextInput } from "@mantine/core";
import { type ComponentType, useEffect, useLayoutEffect, useRef } from "react";
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
 * combobox with its label, value and chevron). Pointer over or focus loads the real one in its
 * place; a press or an opening key opens its list once it is in, and focus stays on it.
 */
export function LazySelect(props: SelectProps) {
  const standIn = useRef<HTMLInputElement>(null);
  const { want, ready } = useOnDemand(mantineSelect, standIn);
  if (ready) return <Loaded Select={ready.Loaded} props={props} intent={ready.intent} />;
  const value = props.value === undefined ? props.defaultValue : props.value;
  const inputStyle =
    props.styles && typeof props.styles === "object" && "input" in props.styles
      ? props.styles.input
      : undefined;
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
      onPointerEnter={() => want()}
      onFocus={(e) => {
        want();
        // The field has the focus, as Select's own would (the jobs status cell mounts its list then).
        props.onFocus?.(e);
      }}
      // The press opens the list and focuses the real field; its own default (focusing this
      // stand-in, gone by then) would take the focus away from it and close the list.
      onMouseDown={(e) => {
        e.preventDefault();
        want(true, true);
      }}
      onKeyDown={(e) => {
        if (!KEYS_THAT_OPEN.has(e.key)) return;
        e.preventDefault();
        want(true, true, { key: e.key, code: e.code });
      }}
    />
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
