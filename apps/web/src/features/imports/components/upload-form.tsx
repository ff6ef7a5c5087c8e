import {
  IMPORT_KIND_LABELS,
  IMPORT_KIND_PARENTS,
  IMPORT_KINDS,
  IMPORT_MAX_FILE_BYTES,
  IMPORT_SOURCE_SYSTEM_LABELS,
  IMPORT_SOURCE_SYSTEMS,
  type ImportKind,
  type ImportSourceSystem,
} from "@loupe/domain";
import { Button, Input, NativeSelect, Paper, Stack, Text } from "@mantine/core";
import { useId, useState } from "react";
import { useImportPresets, useUploadImport } from "../api";
import { FailureAlert } from "./failure-alert";

/** Kind, source system, an optional preset, and the file (CSV in any delimiter and encoding, or XLSX). */
export function UploadForm({ onUploaded }: { onUploaded: (batchId: number) => void }) {
  const [kind, setKind] = useState<ImportKind>("customers");
  const [source, setSource] = useState<ImportSourceSystem>("optomate");
  const [presetId, setPresetId] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const presets = useImportPresets(kind, source);
  const upload = useUploadImport();
  const fileId = useId();
  const parent = IMPORT_KIND_PARENTS[kind];

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!file) return setProblem("Choose the file to import.");
    if (file.size > IMPORT_MAX_FILE_BYTES) return setProblem("The file is larger than 2 GB: split it first.");
    setProblem(null);
    const form = new FormData();
    form.append("kind", kind);
    form.append("source_system", source);
    if (presetId) form.append("preset_id", presetId);
    form.append("file", file);
    upload.mutate(form, { onSuccess: (batch) => onUploaded(batch.id) });
  };

  return (
    <Paper withBorder p="md" maw={560} component="form" onSubmit={submit} aria-label="New import">
      <Stack gap="sm">
        <NativeSelect
          label="What the file holds"
          value={kind}
          data={IMPORT_KINDS.map((k) => ({ value: k, label: IMPORT_KIND_LABELS[k] }))}
          onChange={(e) => {
            setKind(e.currentTarget.value as ImportKind);
            setPresetId("");
          }}
          description={
            parent
              ? `Import the ${IMPORT_KIND_LABELS[parent].toLowerCase()} of this system first.`
              : undefined
          }
        />
        <NativeSelect
          label="Source system"
          value={source}
          data={IMPORT_SOURCE_SYSTEMS.map((s) => ({ value: s, label: IMPORT_SOURCE_SYSTEM_LABELS[s] }))}
          onChange={(e) => {
            setSource(e.currentTarget.value as ImportSourceSystem);
            setPresetId("");
          }}
        />
        <NativeSelect
          label="Preset (optional)"
          value={presetId}
          data={[
            { value: "", label: presets.data?.length ? "— none —" : "— no presets yet —" },
            ...(presets.data ?? []).map((p) => ({ value: String(p.id), label: p.name })),
          ]}
          onChange={(e) => setPresetId(e.currentTarget.value)}
        />
        <Input.Wrapper
          label="File"
          description="CSV (any delimiter, UTF-8 or Windows-1252) or XLSX"
          id={fileId}
          required
        >
          <input
            id={fileId}
            type="file"
            name="file"
            accept=".csv,.txt,.tsv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            onChange={(e) => setFile(e.currentTarget.files?.[0] ?? null)}
            style={{ display: "block", marginTop: 4, maxWidth: "100%" }}
          />
        </Input.Wrapper>
        {problem && (
          <Text c="red.8" size="sm" role="alert">
            {problem}
          </Text>
        )}
        <FailureAlert error={upload.error} />
        <Button type="submit" loading={upload.isPending} style={{ alignSelf: "flex-start" }}>
          Upload
        </Button>
      </Stack>
    </Paper>
  );
}
