import type { ImportPresetWire } from "@loupe/contract";
import type { ImportKind, ImportSourceSystem } from "@loupe/domain";
import { Button, Group, NativeSelect, Stack, Text, TextInput } from "@mantine/core";
import { useState } from "react";
import { useImportPresets, useSavePreset } from "../api";
import { FailureAlert } from "./failure-alert";

export interface PresetDraft {
  mapping: Record<string, string>;
  value_maps: Record<string, Record<string, string>>;
  date_format: ImportPresetWire["date_format"];
}

/**
 * The shared presets of this source system and kind: apply one, save the mapping as a new one, or
 * update the one applied (its version travels: someone else's change since is a plain 409).
 */
export function PresetBar({
  kind,
  source,
  presetId,
  draft,
  onApply,
  onSaved,
}: {
  kind: ImportKind;
  source: ImportSourceSystem;
  presetId: number | null;
  draft: PresetDraft;
  onApply: (preset: ImportPresetWire) => void;
  onSaved: (preset: ImportPresetWire) => void;
}) {
  const presets = useImportPresets(kind, source);
  const save = useSavePreset();
  const [name, setName] = useState("");
  const [said, setSaid] = useState<string | null>(null);
  const current = presets.data?.find((p) => p.id === presetId) ?? null;
  const submit = (preset: ImportPresetWire | null) => {
    setSaid(null);
    save.mutate(
      {
        id: preset?.id,
        version: preset?.version,
        body: {
          name: preset ? preset.name : name.trim(),
          kind,
          source_system: source,
          ...draft,
        },
      },
      {
        onSuccess: (saved) => {
          setSaid(preset ? `Preset “${saved.name}” updated.` : `Saved as preset “${saved.name}”.`);
          setName("");
          onSaved(saved);
        },
      },
    );
  };
  return (
    <Stack gap="xs">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <NativeSelect
          label="Preset"
          description="Saved mappings for this system and kind, shared by every administrator"
          style={{ flex: "1 1 240px" }}
          value={presetId ? String(presetId) : ""}
          data={[
            { value: "", label: presets.data?.length ? "— none —" : "— no presets yet —" },
            ...(presets.data ?? []).map((p) => ({ value: String(p.id), label: p.name })),
          ]}
          onChange={(e) => {
            const preset = presets.data?.find((p) => String(p.id) === e.currentTarget.value);
            if (preset) onApply(preset);
          }}
        />
        {current && (
          <Button variant="light" loading={save.isPending} onClick={() => submit(current)}>
            Update preset “{current.name}”
          </Button>
        )}
      </Group>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label="New preset name"
          style={{ flex: "1 1 240px" }}
          value={name}
          maxLength={100}
          onChange={(e) => setName(e.currentTarget.value)}
        />
        <Button
          variant="default"
          disabled={!name.trim()}
          loading={save.isPending}
          onClick={() => submit(null)}
        >
          Save as preset
        </Button>
      </Group>
      <FailureAlert error={save.error} testId="preset-failure" />
      {said && (
        <Text size="sm" c="teal.8" role="status">
          {said}
        </Text>
      )}
    </Stack>
  );
}
