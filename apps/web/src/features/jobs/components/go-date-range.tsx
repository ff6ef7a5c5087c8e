import { DatePickerInput, type DatePickerInputProps } from "@mantine/dates";
import { useEffect, useRef } from "react";

/**
 * The GO jobs' date range picker (Mantine's, with its calendar and modal), loaded when the range is
 * first used (issue 31: `/jobs-go` opened cold ≤ 200 KB). Mounted in answer to a click on the
 * plain stand-in, it opens at once, as the real one would have on that click.
 */
export function GoDateRange({
  openOnMount,
  ...props
}: DatePickerInputProps<"range"> & { openOnMount: boolean }) {
  const ref = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!openOnMount) return;
    ref.current?.focus();
    ref.current?.click();
  }, [openOnMount]);
  return <DatePickerInput ref={ref} {...props} />;
}
