import { isSearchTooShort, REGION, SEARCH_TOO_SHORT } from "@loupe/domain";
import { Button, Group, Select, TextInput } from "@mantine/core";
import { DateInput } from "@mantine/dates";
import { useEffect, useState } from "react";
import { useRegions } from "../../reference/use-reference-data";

export interface CustomerFilterValues {
  q: string;
  dob: string;
  region_id: string;
}

/** Search box (3 characters at least), date of birth and region; Search applies them to the URL. */
export function CustomerFilter({
  value,
  onApply,
}: {
  value: CustomerFilterValues;
  onApply: (v: CustomerFilterValues) => void;
}) {
  const { data: regions = [] } = useRegions();
  const [draft, setDraft] = useState(value);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setDraft(value), [value]);
  const apply = () => {
    if (isSearchTooShort(draft.q)) {
      setError(SEARCH_TOO_SHORT);
      return;
    }
    setError(null);
    onApply(draft);
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
      <DateInput
        aria-label="Date of birth"
        placeholder="D.O.B. (DD/MM/YYYY)"
        valueFormat="DD/MM/YYYY"
        clearable
        w={190}
        value={draft.dob || null}
        onChange={(v) => setDraft({ ...draft, dob: v ?? "" })}
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
          onApply({ q: "", dob: "", region_id: "" });
        }}
      >
        Clear
      </Button>
    </Group>
  );
}
