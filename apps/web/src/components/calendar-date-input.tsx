import { DATE_DISPLAY_FORMAT, parseCalendarDate } from "@loupe/domain";
import { DateInput, type DateInputProps } from "@mantine/dates";

/**
 * A calendar date (date of birth, expiry) typed or picked, day first. Every typed date in the app
 * goes through here: without a `dateParser` Mantine reads the text with `new Date(text)`, month
 * first ("2" is 1 Feb 2001, "05/03/1985" is 3 May). The domain's parser reads DD/MM/YYYY (and a
 * pasted ISO date) and refuses anything else, so a half-typed date changes nothing.
 * The value is the wire's `YYYY-MM-DD`, or "" when empty.
 */
export function CalendarDateInput({
  value,
  onChange,
  ...props
}: Omit<DateInputProps, "value" | "onChange" | "valueFormat" | "dateParser"> & {
  value: string | null | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <DateInput
      placeholder={DATE_DISPLAY_FORMAT}
      {...props}
      valueFormat={DATE_DISPLAY_FORMAT}
      dateParser={parseCalendarDate}
      value={value || null}
      onChange={(v) => onChange(v ?? "")}
    />
  );
}
