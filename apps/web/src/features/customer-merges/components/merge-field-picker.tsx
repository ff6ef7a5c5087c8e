import type { MergeSideWire } from "@loupe/contract";
import { MERGE_FIELD_LABELS, MERGE_FIELDS, type MergeChoice, type MergeField } from "@loupe/domain";
import { Radio, SimpleGrid, Stack, Text } from "@mantine/core";
import { formatDate } from "../../../lib/format";
import { W } from "../merge-words";

/** A field's value as staff read it: the outlet by name, a date on the calendar, "(empty)". */
export function fieldValue(side: MergeSideWire, field: MergeField): string {
  if (field === "outlet_id") return side.outlet_name ?? (side.outlet_id ? `#${side.outlet_id}` : W.empty);
  const value = side[field];
  if (value === null || value === "") return W.empty;
  return field === "dob" ? formatDate(String(value)) : String(value);
}

/** Both records hold the same value (both empty included): nothing to pick. */
const sameOnBoth = (keep: MergeSideWire, lose: MergeSideWire, field: MergeField) =>
  (keep[field] ?? "") === (lose[field] ?? "");

/**
 * One radio group per field the two records differ in: the kept record's value or the losing one's.
 * Each group is its own fieldset, so arrow keys move within a field and Tab goes to the next. Fields
 * both hold alike are named on one line: a phone's screen shows only what needs a choice.
 */
export function MergeFieldPicker({
  keep,
  lose,
  choices,
  onChange,
}: {
  keep: MergeSideWire;
  lose: MergeSideWire;
  choices: Record<MergeField, MergeChoice>;
  onChange: (field: MergeField, choice: MergeChoice) => void;
}) {
  const differ = MERGE_FIELDS.filter((f) => !sameOnBoth(keep, lose, f));
  const same = MERGE_FIELDS.filter((f) => sameOnBoth(keep, lose, f));
  return (
    <Stack gap="xs" component="section" aria-label={W.fieldsLegend}>
      <Text fw={600} size="sm">
        {W.fieldsLegend}
      </Text>
      {differ.length === 0 && (
        <Text size="sm" c="dimmed">
          {W.nothingToPick}
        </Text>
      )}
      {differ.map((field) => {
        return (
          <Radio.Group
            key={field}
            name={field}
            label={MERGE_FIELD_LABELS[field]}
            aria-label={W.pickFor(MERGE_FIELD_LABELS[field])}
            value={choices[field]}
            onChange={(v) => onChange(field, v as MergeChoice)}
            data-testid={`merge-field-${field}`}
          >
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" mt={4}>
              <Radio
                value="keep"
                label={fieldValue(keep, field)}
                description={W.kept}
                styles={{ label: { overflowWrap: "anywhere" } }}
              />
              <Radio
                value="lose"
                label={fieldValue(lose, field)}
                description={W.losing}
                styles={{ label: { overflowWrap: "anywhere" } }}
              />
            </SimpleGrid>
          </Radio.Group>
        );
      })}
      {same.length > 0 && (
        <Text size="sm" c="dimmed" data-testid="merge-fields-same">
          {W.sameOnBoth(same.map((f) => MERGE_FIELD_LABELS[f]))}
        </Text>
      )}
    </Stack>
  );
}
