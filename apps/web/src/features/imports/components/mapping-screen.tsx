import type { ImportBatchWire, ImportMappingBody, ImportPresetWire } from "@loupe/contract";
import { IMPORT_DATE_FORMATS, IMPORT_FIELDS, type ImportDateFormat, type ImportField } from "@loupe/domain";
import {
  Alert,
  Badge,
  Button,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { useEffect, useMemo, useState } from "react";
import { useImportPresets, useImportStep, useMapImport } from "../api";
import { guessMapping } from "../column-guess";
import { FailureAlert } from "./failure-alert";
import { PresetBar } from "./preset-bar";
import { PreviewTable } from "./preview-table";
import { ValueMapEditor } from "./value-map-editor";

type ValueMaps = Record<string, Record<string, string>>;

/** Only what a field is read from: unmapped fields and maps of fields no longer mapped are left out. */
function bodyOf(
  batch: ImportBatchWire,
  mapping: Record<string, string>,
  valueMaps: ValueMaps,
  dateFormat: ImportDateFormat,
  presetId: number | null,
  version: number,
): ImportMappingBody {
  const fields = IMPORT_FIELDS[batch.kind];
  const kept = Object.fromEntries(
    Object.entries(mapping).filter(([key, column]) => column && fields.some((f) => f.key === key)),
  );
  const maps = Object.fromEntries(
    fields
      .filter((f) => f.type === "code" && kept[f.key] && Object.keys(valueMaps[f.key] ?? {}).length > 0)
      .map((f) => [f.key, valueMaps[f.key]]),
  );
  return { version, mapping: kept, value_maps: maps, date_format: dateFormat, preset_id: presetId };
}

/** JSON with keys sorted: the server keeps maps as jsonb, which answers them in its own key order. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

/** Guesses for the fields a mapping leaves empty, from the columns it does not use. */
function suggestions(
  fields: readonly ImportField[],
  columns: readonly string[],
  mapping: Record<string, string>,
): Record<string, string> {
  const used = new Set(Object.values(mapping));
  const open = fields.filter((f) => !mapping[f.key]);
  return guessMapping(
    open,
    columns.filter((c) => !used.has(c)),
  );
}

/**
 * How the file is read: each Loupe field of the kind from one of the file's columns (guessed from
 * the headers the first time), the date format, the value maps of code fields, a preset to start
 * from or to keep. A dry run needs every required field mapped.
 */
export function MappingScreen({ batch }: { batch: ImportBatchWire }) {
  const fields = IMPORT_FIELDS[batch.kind];
  // A batch as uploaded (version 1, no preset) holds only the server's exact-name guess: the other
  // names systems use ("Given", "Surname", "Branch") are suggested for the fields it left empty.
  const [suggested] = useState<Record<string, string>>(() =>
    batch.version === 1 && batch.preset_id === null ? suggestions(fields, batch.columns, batch.mapping) : {},
  );
  const [mapping, setMapping] = useState<Record<string, string>>(() => ({ ...batch.mapping, ...suggested }));
  const [valueMaps, setValueMaps] = useState<ValueMaps>(batch.value_maps);
  const [dateFormat, setDateFormat] = useState<ImportDateFormat>(batch.date_format);
  const [presetId, setPresetId] = useState<number | null>(batch.preset_id);
  const [openMap, setOpenMap] = useState<string | null>(null);
  const [blocked, setBlocked] = useState(false);
  const presets = useImportPresets(batch.kind, batch.source_system);
  const save = useMapImport();
  const step = useImportStep();

  const missing = fields.filter((f) => f.required && !mapping[f.key]);
  const body = bodyOf(batch, mapping, valueMaps, dateFormat, presetId, batch.version);
  const savedBody = useMemo(
    () => bodyOf(batch, batch.mapping, batch.value_maps, batch.date_format, batch.preset_id, batch.version),
    [batch],
  );
  const dirty = canonical(body) !== canonical(savedBody);
  const hasSaved = Object.keys(batch.mapping).length > 0;

  const applyPreset = (preset: ImportPresetWire) => {
    setMapping(
      Object.fromEntries(Object.entries(preset.mapping).filter(([, c]) => batch.columns.includes(c))),
    );
    setValueMaps(preset.value_maps);
    setDateFormat(preset.date_format);
    setPresetId(preset.id);
  };

  // Uploaded with a preset and nothing mapped yet: the preset is where the mapping starts.
  const startPreset = !Object.keys(batch.mapping).length
    ? presets.data?.find((p) => p.id === batch.preset_id)
    : undefined;
  const [startedFrom, setStartedFrom] = useState<number | null>(null);
  useEffect(() => {
    if (startPreset && startedFrom !== startPreset.id) {
      setStartedFrom(startPreset.id);
      applyPreset(startPreset);
    }
  });

  const dryRun = async () => {
    if (missing.length) {
      setBlocked(true);
      return;
    }
    setBlocked(false);
    const version = dirty ? (await save.mutateAsync({ id: batch.id, body })).version : batch.version;
    step.mutate({ id: batch.id, version, step: "dry-run" });
  };

  const busy = save.isPending || step.isPending;
  return (
    <Stack gap="md">
      <Paper withBorder p="md">
        <Title order={3} size="h4" mb="xs">
          Preset
        </Title>
        <PresetBar
          kind={batch.kind}
          source={batch.source_system}
          presetId={presetId}
          draft={{ mapping: body.mapping, value_maps: body.value_maps ?? {}, date_format: dateFormat }}
          onApply={applyPreset}
          onSaved={(p) => setPresetId(p.id)}
        />
      </Paper>

      <Paper withBorder p="md">
        <Group justify="space-between" align="flex-end" mb="sm" wrap="wrap">
          <Title order={3} size="h4">
            Columns
          </Title>
          <NativeSelect
            label="Dates in the file are written"
            value={dateFormat}
            data={IMPORT_DATE_FORMATS.map((f) => ({ value: f, label: f }))}
            onChange={(e) => setDateFormat(e.currentTarget.value as ImportDateFormat)}
          />
        </Group>
        <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: "none" }} aria-label="Loupe fields">
          {fields.map((field) => (
            <FieldRow
              key={field.key}
              batch={batch}
              field={field}
              column={mapping[field.key] ?? ""}
              suggested={!!suggested[field.key] && suggested[field.key] === mapping[field.key]}
              valueMap={valueMaps[field.key] ?? {}}
              open={openMap === field.key}
              onOpen={() => setOpenMap(openMap === field.key ? null : field.key)}
              onColumn={(column) => setMapping({ ...mapping, [field.key]: column })}
              onValueMap={(map) => setValueMaps({ ...valueMaps, [field.key]: map })}
            />
          ))}
        </Stack>
      </Paper>

      {blocked && missing.length > 0 && (
        <Alert color="red" role="alert" data-testid="missing-required">
          Map the required fields before the dry run: {missing.map((f) => f.label).join(", ")}.
        </Alert>
      )}
      <FailureAlert error={save.error ?? step.error} />
      <Group gap="sm" wrap="wrap">
        <Button
          variant="default"
          disabled={!dirty}
          loading={save.isPending}
          onClick={() => save.mutate({ id: batch.id, body })}
        >
          Save mapping
        </Button>
        <Button
          loading={busy}
          onClick={dryRun}
          aria-describedby={missing.length ? "missing-count" : undefined}
        >
          Dry run
        </Button>
        {missing.length > 0 && (
          <Text id="missing-count" size="sm" c="red.8">
            {missing.length} required {missing.length === 1 ? "field is" : "fields are"} not mapped.
          </Text>
        )}
      </Group>

      <Paper withBorder p="md">
        <Title order={3} size="h4" mb="xs">
          First rows as Loupe reads them
        </Title>
        {dirty && hasSaved && (
          <Text size="sm" c="dimmed" mb="xs">
            The preview shows the saved mapping; save to see your changes.
          </Text>
        )}
        <PreviewTable batchId={batch.id} fields={fields} enabled={hasSaved} />
      </Paper>
    </Stack>
  );
}

function FieldRow({
  batch,
  field,
  column,
  suggested,
  valueMap,
  open,
  onOpen,
  onColumn,
  onValueMap,
}: {
  batch: ImportBatchWire;
  field: ImportField;
  column: string;
  suggested: boolean;
  valueMap: Record<string, string>;
  open: boolean;
  onOpen: () => void;
  onColumn: (column: string) => void;
  onValueMap: (map: Record<string, string>) => void;
}) {
  const missing = field.required && !column;
  return (
    <Paper
      component="li"
      withBorder
      p="xs"
      data-testid={`field-${field.key}`}
      data-missing={missing ? "true" : undefined}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
        <Group gap="xs">
          <Text size="sm" fw={500} id={`field-label-${field.key}`}>
            {field.label}
          </Text>
          {field.required && (
            <Badge size="xs" color={missing ? "red" : "gray"} variant={missing ? "filled" : "light"}>
              {missing ? "Required – not mapped" : "Required"}
            </Badge>
          )}
          {suggested && (
            <Badge size="xs" color="blue" variant="light" title="Guessed from the column's name: check it">
              Suggested
            </Badge>
          )}
        </Group>
        <Group gap="xs" wrap="nowrap">
          <NativeSelect
            style={{ flex: 1 }}
            aria-label={`Column for ${field.label}${field.required ? " (required)" : ""}`}
            value={column}
            data={[
              { value: "", label: "— not in this file —" },
              ...batch.columns.map((c) => ({ value: c, label: c })),
            ]}
            onChange={(e) => onColumn(e.currentTarget.value)}
          />
          {field.type === "code" && column && (
            <Button
              size="xs"
              variant="light"
              aria-expanded={open}
              onClick={onOpen}
              aria-label={`Map values of ${field.label}`}
            >
              Values ({Object.keys(valueMap).length})
            </Button>
          )}
        </Group>
      </SimpleGrid>
      {open && field.type === "code" && column && (
        <Stack mt="xs">
          <ValueMapEditor
            batchId={batch.id}
            field={field}
            column={column}
            map={valueMap}
            onChange={onValueMap}
          />
        </Stack>
      )}
    </Paper>
  );
}
