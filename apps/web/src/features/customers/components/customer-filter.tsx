import {
  formatCalendarDate,
  isSearchTooShort,
  parseCalendarDate,
  REGION,
  SEARCH_TOO_SHORT,
} from "@loupe/domain";
import { Button, Group, TextInput } from "@mantine/core";
import { useEffect, useState } from "react";
import { LazySelect as Select } from "../../../components/lazy-select";
import { useRegions } from "../../reference/use-reference-data";

export interface CustomerFilterValues {
  q: string;
  dob: string;
  region_id: string;
}

/** What the date-of-birth box says when it cannot read a date. */
export const DOB_UNREADABLE = "Enter the date of birth as DD/MM/YYYY";

/**
 * Search box (3 characters at least), date of birth and region; Search applies them to the URL.
 * The date of birth is typed (DD/MM/YYYY), not picked: a calendar is slow for a day decades back,
 * and its code would double the weight of the first screen (issue 16).
 */
export function CustomerFilter({
  value,
  onApply,
}: {
  value: CustomerFilterValues;
  onApply: (v: CustomerFilterValues) => void;
}) {
  const { data: regions = [] } = useRegions();
  const [draft, setDraft] = useState(value);
  const [dobText, setDobText] = useState(formatCalendarDate(value.dob));
  const [error, setError] = useState<string | null>(null);
  const [dobError, setDobError] = useState<string | null>(null);
  useEffect(() => {
    setDraft(value);
    setDobText(formatCalendarDate(value.dob));
  }, [value]);
  const apply = () => {
    const dob = dobText.trim() ? parseCalendarDate(dobText) : "";
    setDobError(dob === null ? DOB_UNREADABLE : null);
    setError(isSearchTooShort(draft.q) ? SEARCH_TOO_SHORT : null);
    if (dob === null || isSearchTooShort(draft.q)) return;
    setDobText(formatCalendarDate(dob));
    onApply({ ...draft, dob });
  };
  return (
    <Group align="flex-start" mb="md" wrap="wrap">
      <TextInput
        w={360}
        placeholder="Search by name, e-mail, mobile or phone"
        aria-label="Search customers"
        value={draft.q}
        error={error}
        onChange={(e) => setDraft({ ...draft, q: e.currentTarget.value })}
        onKeyDown={(e) => e.key === "Enter" && apply()}
      />
      <TextInput
        aria-label="Date of birth"
        placeholder="D.O.B. (DD/MM/YYYY)"
        inputMode="numeric"
        autoComplete="off"
        w={190}
        value={dobText}
        error={dobError}
        onChange={(e) => setDobText(e.currentTarget.value)}
        onBlur={() => {
          // Written back the way it was read ("5/3/85" is refused; "5/3/1985" shows as 05/03/1985).
          const dob = parseCalendarDate(dobText);
          if (dob) setDobText(formatCalendarDate(dob));
        }}
        onKeyDown={(e) => e.key === "Enter" && apply()}
      />
      <Select
        aria-label="Region"
        placeholder="All regions"
        w={160}
        clearable
        data={regions
          .filter((r) => r.id !== REGION.AU_HEAD_OFFICE)
          .map((r) => ({ value: String(r.id), label: r.name }))}
        value={draft.region_id || null}
        onChange={(v) => setDraft({ ...draft, region_id: v ?? "" })}
      />
      <Button onClick={apply}>Search</Button>
      <Button
        variant="subtle"
        onClick={() => {
          setError(null);
          setDobError(null);
          setDobText("");
          onApply({ q: "", dob: "", region_id: "" });
        }}
      >
        Clear
      </Button>
    </Group>
  );
}
