import { CalendarDateInput } from "../../../components/calendar-date-input";

/** The recalls list's due-date range, typed or picked day first. */
export default function RecallsDateRange({
  from,
  to,
  onChange,
}: {
  from?: string;
  to?: string;
  onChange: (next: { from?: string; to?: string }) => void;
}) {
  return (
    <>
      <CalendarDateInput
        label="Due from"
        size="xs"
        w={130}
        clearable
        value={from}
        onChange={(v) => onChange({ from: v || undefined })}
      />
      <CalendarDateInput
        label="Due to"
        size="xs"
        w={130}
        clearable
        value={to}
        onChange={(v) => onChange({ to: v || undefined })}
      />
    </>
  );
}
