import { JOB_SEARCH_TYPES, JOBS_SEARCH_PLACEHOLDER, jobSearchError, REGION } from "@loupe/domain";
import { Button, Group, TextInput } from "@mantine/core";
import { useState } from "react";
import { LazySelect as Select } from "../../../components/lazy-select";
import { useRegions } from "../../reference/use-reference-data";

export interface SearchValues {
  q: string;
  region_id: string;
  search_type: string;
}

/**
 * Search box (at least 3 characters), country and, on Beta Jobs, the search type; Search applies
 * them. The country is controlled by the screen because it also narrows the Location filter.
 */
export function JobsSearchBar(props: {
  initial: SearchValues;
  regionId: string;
  onRegionChange: (regionId: string) => void;
  withSearchType: boolean;
  onSearch: (values: SearchValues) => void;
}) {
  const { data: regions = [] } = useRegions();
  const [q, setQ] = useState(props.initial.q);
  const [searchType, setSearchType] = useState(props.initial.search_type || "all");
  const [error, setError] = useState<string | null>(null);
  const search = () => {
    const type = props.withSearchType && searchType !== "all" ? searchType : "";
    // The 3-character rule is for free text; a Job ID or Order Item ID may be "7".
    const problem = jobSearchError(q, type);
    if (problem) return setError(problem);
    setError(null);
    props.onSearch({ q: q.trim(), region_id: props.regionId, search_type: type });
  };
  return (
    <Group align="flex-start" gap="xs" wrap="nowrap">
      {props.withSearchType && (
        <Select
          aria-label="Search type"
          w={150}
          allowDeselect={false}
          data={JOB_SEARCH_TYPES.map((t) => ({ value: t.value, label: t.label }))}
          value={searchType}
          onChange={(v) => {
            setSearchType(v ?? "all");
            setError(null);
          }}
        />
      )}
      <TextInput
        w={400}
        aria-label="Search jobs"
        placeholder={JOBS_SEARCH_PLACEHOLDER}
        value={q}
        error={error}
        onChange={(e) => {
          setQ(e.currentTarget.value);
          setError(null);
        }}
        onKeyDown={(e) => {
          if (e.key === "Enter") search();
        }}
      />
      <Select
        aria-label="Country"
        w={170}
        allowDeselect={false}
        data={[
          { value: "", label: "All Countries" },
          // Region 6 is Australia's head office, an alias of Australia rather than a country.
          ...regions
            .filter((r) => r.id !== REGION.AU_HEAD_OFFICE)
            .map((r) => ({ value: String(r.id), label: r.name })),
        ]}
        value={props.regionId}
        onChange={(v) => props.onRegionChange(v ?? "")}
      />
      <Button onClick={search}>Search</Button>
    </Group>
  );
}
