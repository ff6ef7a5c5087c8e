import { CalendarDateInput } from "../../../components/calendar-date-input";

/** A date range of the recalls screen (due dates, or the steps' days), typed or picked day first. */
export default function RecallsDateRange({
  from,
  to,
  onChange,
  labels,
}: {
  from?: string;
  to?: string;
  onChange: (next: { from?: string; to?: string }) => void;
  labels: [string, string];
}) {
  return (
    <>
      <CalendarDateInput
        label={labels[0]}
        size="xs"
        w={130}
        clearable
        value={from}
        onChange={(v) => onChange({ from: v || undefined })}
      />
      <CalendarDateInput
        label={labels[1]}
        size="xs"
        w={130}
        clearable
        value={to}
        onChange={(v) => onChange({ to: v || undefined })}
      />
    </>
  );
}
