import { updateRoleSettings } from "@loupe/contract";
import {
  ADMIN_ROLE_ID,
  approvalLimitMinor,
  MANAGER_ROLE_ID,
  ROLE_GUARDED_ACTION_LABELS,
  ROLE_GUARDED_ACTIONS,
  ROLE_LABELS,
  ROLE_MESSAGES,
  type RoleGuardedAction,
  type RoleSettings,
  STAFF_ROLE_ID,
} from "@loupe/domain";
import {
  Button,
  Checkbox,
  Group,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useAlert } from "../../../app/alert-context";
import { ConflictAlert } from "../../../components/conflict-alert";
import { ApiError, callEndpoint } from "../../../lib/api-client";
import { errorList } from "../../../lib/errors";
import { formatMoney } from "../../../lib/format";
import { useAction } from "../../../lib/use-action";
import { useRegions } from "../../reference/use-reference-data";
import { ROLE_SETTINGS_KEY, useRoleSettings } from "../../reference/use-role-settings";

/** The grid's columns: administrators first (always allowed, shown ticked and disabled). */
const ROLE_COLUMNS = [ADMIN_ROLE_ID, MANAGER_ROLE_ID, STAFF_ROLE_ID];

/** A copy the form can change without touching the query cache's object. */
const copy = (s: RoleSettings): RoleSettings => ({
  roles: Object.fromEntries(ROLE_GUARDED_ACTIONS.map((a) => [a, [...s.roles[a]]])) as RoleSettings["roles"],
  approvalAboveMinor: { ...s.approvalAboveMinor },
});

/**
 * Settings for administrators (ADR 0022): which roles may take each guarded job action, and per
 * region the amount above which a refund or void needs a manager. Saved with the version read.
 */
export function RolesManager() {
  const query = useRoleSettings();
  const { data: regions = [] } = useRegions();
  const { showAlert } = useAlert();
  const queryClient = useQueryClient();
  const [form, setForm] = useState<RoleSettings | null>(null);
  const [version, setVersion] = useState<number | null>(null);
  const [conflict, setConflict] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);

  // Filled once when the record arrives (and on Reload), never by a background refetch: the
  // version sent is always the one the form came from (ADR 0007).
  useEffect(() => {
    if (query.data && version === null) {
      setForm(copy(query.data.settings as RoleSettings));
      setVersion(query.data.version);
    }
  }, [query.data, version]);

  const save = useAction(async () => {
    if (!form || version === null) return;
    setErrors([]);
    setConflict(false);
    try {
      const res = await callEndpoint(updateRoleSettings, { body: { settings: form, version } });
      queryClient.setQueryData(ROLE_SETTINGS_KEY, res.data);
      setForm(copy(res.data.settings as RoleSettings));
      setVersion(res.data.version);
      showAlert({ variant: "success", message: res.message });
    } catch (err) {
      if (err instanceof ApiError && err.status === 409) setConflict(true);
      else setErrors(errorList(err));
    }
  });

  const reload = async () => {
    const fresh = await query.refetch();
    if (fresh.data) {
      setForm(copy(fresh.data.settings as RoleSettings));
      setVersion(fresh.data.version);
    }
    setConflict(false);
  };

  if (!form) return null;
  const toggle = (action: RoleGuardedAction, role: number, on: boolean) =>
    setForm(
      (f) =>
        f && {
          ...f,
          roles: {
            ...f.roles,
            [action]: on
              ? [...new Set([...f.roles[action], role])]
              : f.roles[action].filter((r) => r !== role),
          },
        },
    );
  const setLimit = (regionId: number, minor: number | null) =>
    setForm((f) => f && { ...f, approvalAboveMinor: { ...f.approvalAboveMinor, [String(regionId)]: minor } });

  return (
    <Paper withBorder p="md" mt="md" data-testid="roles-settings">
      <Stack gap="sm">
        <Title order={4}>Roles</Title>
        {conflict && (
          <ConflictAlert message={ROLE_MESSAGES.settingsConflict} onReload={() => void reload()} />
        )}
        {errors.map((e) => (
          <Text key={e} c="red" size="sm">
            {e}
          </Text>
        ))}
        <Table fz="sm" withTableBorder maw={640} aria-label="Who may take each action">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Action</Table.Th>
              {ROLE_COLUMNS.map((r) => (
                <Table.Th key={r} ta="center">
                  {ROLE_LABELS[r]}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {ROLE_GUARDED_ACTIONS.map((action) => (
              <Table.Tr key={action}>
                <Table.Td>{ROLE_GUARDED_ACTION_LABELS[action]}</Table.Td>
                {ROLE_COLUMNS.map((role) => (
                  <Table.Td key={role}>
                    <Group justify="center">
                      <Checkbox
                        aria-label={`${ROLE_GUARDED_ACTION_LABELS[action]}: ${ROLE_LABELS[role]}`}
                        // An administrator may always; the box says so and cannot be cleared.
                        checked={role === ADMIN_ROLE_ID || form.roles[action].includes(role)}
                        disabled={role === ADMIN_ROLE_ID}
                        onChange={(e) => toggle(action, role, e.currentTarget.checked)}
                      />
                    </Group>
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Text size="sm" fw={500}>
          Refunds and voids above these amounts need a manager's approval
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 3 }} maw={760}>
          {regions.map((region) => {
            const limit = approvalLimitMinor(form, region.id);
            return (
              <Stack key={region.id} gap={4}>
                <NumberInput
                  label={`${region.name} (${region.default_currency})`}
                  min={0}
                  decimalScale={2}
                  fixedDecimalScale
                  thousandSeparator=","
                  disabled={limit === null}
                  value={limit === null ? "" : limit / 100}
                  onChange={(v) => setLimit(region.id, typeof v === "number" ? Math.round(v * 100) : 0)}
                  description={
                    limit === null
                      ? "No approval needed"
                      : `Above ${formatMoney(limit / 100, region.default_currency)}`
                  }
                />
                <Checkbox
                  size="xs"
                  label="No limit"
                  checked={limit === null}
                  onChange={(e) => setLimit(region.id, e.currentTarget.checked ? null : 50_000)}
                />
              </Stack>
            );
          })}
        </SimpleGrid>
        <Group>
          <Button onClick={() => save.run()} loading={save.isPending}>
            Save roles
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
