import { TextInput, type TextInputProps } from "@mantine/core";

/**
 * A number field that the mouse wheel and arrow keys cannot change (spec §5): a stray scroll
 * over a prescription must never alter a power.
 */
export function NumericInput(props: Omit<TextInputProps, "type">) {
  return (
    <TextInput
      {...props}
      inputMode="decimal"
      onWheel={(e) => e.currentTarget.blur()}
      onKeyDown={(e) => {
        if (e.key === "ArrowUp" || e.key === "ArrowDown") e.preventDefault();
        props.onKeyDown?.(e);
      }}
    />
  );
}
