import { DATE_DISPLAY_FORMAT, parseCalendarDate } from "@loupe/domain";
import { DateInput, type DateInputProps } from "@mantine/dates";
import { useState } from "react";

/**
 * A calendar date (date of birth, expiry) typed or picked, day first. Every typed date in the app
 * goes through here: without a `dateParser` Mantine reads the text with `new Date(text)`, month
 * first ("2" is 1 Feb 2001, "05/03/1985" is 3 May). The domain's parser reads DD/MM/YYYY (and a
 * pasted ISO date) and refuses anything else, so a half-typed date changes nothing.
 * The value is the wire's `YYYY-MM-DD`, or "" when empty.
 *
 * Escape with the calendar open closes the calendar only: a modal listens for Escape on the
 * window before the field does, and skips keys from an element marked
 * `data-mantine-stop-propagation`, which the field carries while its calendar is open.
 */
export function CalendarDateInput({
  value,
  onChange,
  popoverProps,
  ...props
}: Omit<DateInputProps, "value" | "onChange" | "valueFormat" | "dateParser"> & {
  value: string | null | undefined;
  onChange: (value: string) => void;
}) {
  const [calendarOpen, setCalendarOpen] = useState(false);
  return (
    <DateInput
      placeholder={DATE_DISPLAY_FORMAT}
      {...props}
      data-mantine-stop-propagation={calendarOpen || undefined}
      popoverProps={{
        ...popoverProps,
        onOpen: () => {
          setCalendarOpen(true);
          popoverProps?.onOpen?.();
        },
        onClose: () => {
          setCalendarOpen(false);
          popoverProps?.onClose?.();
        },
      }}
      valueFormat={DATE_DISPLAY_FORMAT}
      dateParser={parseCalendarDate}
      value={value || null}
      onChange={(v) => onChange(v ?? "")}
    />
  );
}
