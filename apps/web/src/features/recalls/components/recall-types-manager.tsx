import type { RecallTypeWire } from "@loupe/contract";
import { RECALL_CHANNEL_LABELS, RECALL_TRIGGER_LABELS, recallRefusal } from "@loupe/domain";
import { Badge, Button, Group, Loader, Paper, Select, Stack, Table, Text, Title } from "@mantine/core";
import { useState } from "react";
import { useCurrentUser, useRegions } from "../../reference/use-reference-data";
import { useRecallTypes } from "../api";
import { offsetWords } from "../recall-words";
import { RecallTypeForm } from "./recall-type-form";

/**
 * Settings → Recall types (issue 28), per region: what sets each, its interval and its steps.
 * Administrators add and change them; everyone else can open one to read it.
 */
export default function RecallTypesManager() {
  const { data: me } = useCurrentUser();
  const admin = !!me && !recallRefusal(me.role_id, "define_types");
  const { data: regions = [] } = useRegions();
  const [regionId, setRegionId] = useState<number>(me?.region_id ?? 1);
  const { data: types, isLoading, error } = useRecallTypes(regionId);
  const [open, setOpen] = useState<RecallTypeWire | "new" | null>(null);
  return (
    <Paper withBorder p="md" mt="md" data-testid="recall-types">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={4}>Recall types</Title>
          <Group gap="xs">
            <Select
              aria-label="Recall types of region"
              size="xs"
              w={200}
              allowDeselect={false}
              data={regions.map((r) => ({ value: String(r.id), label: `${r.country_code} · ${r.name}` }))}
              value={String(regionId)}
              onChange={(v) => v && setRegionId(Number(v))}
            />
            {admin && (
              <Button size="xs" onClick={() => setOpen("new")}>
                New recall type
              </Button>
            )}
          </Group>
        </Group>
        {isLoading && <Loader size="sm" />}
        {error && <Text c="red">Could not load the recall types.</Text>}
        {types && types.length === 0 && <Text size="sm">No recall types in this region yet.</Text>}
        {types && types.length > 0 && (
          <Table striped fz="sm" aria-label="Recall types">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Interval</Table.Th>
                <Table.Th>Set by</Table.Th>
                <Table.Th>Ages</Table.Th>
                <Table.Th>Steps</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {types.map((t) => (
                <Table.Tr key={t.id}>
                  <Table.Td>
                    {t.name}{" "}
                    {!t.active && (
                      <Badge size="xs" color="gray">
                        Inactive
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>{t.interval_months} months</Table.Td>
                  <Table.Td>
                    {t.triggers.length
                      ? t.triggers.map((x) => RECALL_TRIGGER_LABELS[x]).join(", ")
                      : "By hand"}
                    {t.use_expiry ? " (expiry date where set)" : ""}
                  </Table.Td>
                  <Table.Td>{ageRange(t.min_age, t.max_age)}</Table.Td>
                  <Table.Td>
                    {t.steps
                      .map((s) => `${RECALL_CHANNEL_LABELS[s.channel]} ${offsetWords(s.offset_days)}`)
                      .join(" → ")}
                  </Table.Td>
                  <Table.Td>
                    <Button size="compact-xs" variant="light" onClick={() => setOpen(t)}>
                      {admin ? "Edit" : "View"}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
      {open && (
        <RecallTypeForm
          type={open === "new" ? undefined : open}
          regionId={regionId}
          readOnly={!admin}
          onClose={() => setOpen(null)}
        />
      )}
    </Paper>
  );
}

function ageRange(min: number | null, max: number | null): string {
  if (min == null && max == null) return "Any";
  if (min == null) return `Under ${max}`;
  if (max == null) return `${min} and over`;
  return `${min} to under ${max}`;
}
