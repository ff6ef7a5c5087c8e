import type { CustomerRecallWire } from "@loupe/contract";
import { formatCalendarDay, formatWhen, RECALL_CHANNEL_LABELS, RECALL_OUTCOME_LABELS } from "@loupe/domain";
import {
  Badge,
  Button,
  Group,
  Loader,
  Paper,
  Popover,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useState } from "react";
import { useAlert } from "../../../app/alert-context";
import { useOutletTimeZone } from "../../reference/use-date-format";
import { useFailureText } from "../../reference/use-version-conflict";
import { useCustomerRecalls, useCustomerRecallWrites } from "../api";
import { addMonths, OUTCOME_COLOUR, offsetWords, STEP_STATUS_LABELS, todayIn } from "../recall-words";
import { AddRecallModal, SetDueModal } from "./customer-recall-forms";

export const SNOOZE_DEFAULT_REASON = "Customer asked to be reminded later";

/**
 * A customer's recalls on their profile (issue 28): each recall's type, due date and what set it,
 * its outcome and next step, every step so far (channel, result, why, when), a one-click snooze
 * of a month, a due date set by hand, and a recall added by hand. Each change names its reason.
 */
export default function CustomerRecallCard({
  customerId,
  regionId = null,
}: {
  customerId: number;
  /** The customer's region: a recall added by hand is of one of its types. */
  regionId?: number | null;
}) {
  const { data, isLoading, error } = useCustomerRecalls(customerId);
  const [adding, setAdding] = useState(false);
  return (
    <Paper withBorder p="sm" mt="sm" data-testid="customer-recalls">
      <Group justify="space-between" mb={4}>
        <Title order={5}>Recall</Title>
        <Button size="compact-xs" variant="light" onClick={() => setAdding(true)}>
          Add recall
        </Button>
      </Group>
      {isLoading && <Loader size="xs" />}
      {error && (
        <Text size="sm" c="red">
          Could not load the recalls.
        </Text>
      )}
      {data && data.length === 0 && (
        <Text size="sm" c="dimmed">
          No recall yet: one is set by a qualifying prescription or job, or by hand.
        </Text>
      )}
      <Stack gap="xs">
        {data?.map((r) => (
          <RecallItem key={r.id} customerId={customerId} recall={r} />
        ))}
      </Stack>
      {adding && (
        <AddRecallModal customerId={customerId} regionId={regionId} onClose={() => setAdding(false)} />
      )}
    </Paper>
  );
}

function RecallItem({ customerId, recall: r }: { customerId: number; recall: CustomerRecallWire }) {
  const zone = useOutletTimeZone(r.outlet?.id);
  const [settingDue, setSettingDue] = useState(false);
  return (
    <Paper withBorder p="xs" data-testid={`recall-${r.id}`}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <div>
          <Group gap={6}>
            <Text size="sm" fw={600}>
              {r.recall_type.name}
            </Text>
            <Badge size="xs" variant="light" color={OUTCOME_COLOUR[r.outcome]}>
              {RECALL_OUTCOME_LABELS[r.outcome]}
            </Badge>
          </Group>
          <Text size="sm">
            Due {formatCalendarDay(r.due_date)}
            {r.manual ? " (set by hand)" : ""} · {r.basis}
          </Text>
          <Text size="xs" c="dimmed">
            Next step:{" "}
            {r.next_step
              ? `${RECALL_CHANNEL_LABELS[r.next_step.channel]} on ${formatCalendarDay(r.next_step.on)}`
              : "none"}
          </Text>
        </div>
        <Group gap={4} wrap="nowrap">
          <SnoozeMonthButton customerId={customerId} recall={r} zone={zone} />
          <Button size="compact-xs" variant="default" onClick={() => setSettingDue(true)}>
            Set due date
          </Button>
        </Group>
      </Group>
      {r.steps.length > 0 && (
        <Table fz="xs" mt={4} aria-label={`${r.recall_type.name} steps`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Step</Table.Th>
              <Table.Th>Channel</Table.Th>
              <Table.Th>Result</Table.Th>
              <Table.Th>Why</Table.Th>
              <Table.Th>When</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {r.steps.map((s) => (
              <Table.Tr key={s.id}>
                <Table.Td>
                  {s.step_index + 1} ({offsetWords(s.offset_days)})
                </Table.Td>
                <Table.Td>
                  {s.channel ? RECALL_CHANNEL_LABELS[s.channel] : "—"}
                  {s.channel && s.channel !== s.planned_channel
                    ? ` (for ${RECALL_CHANNEL_LABELS[s.planned_channel]})`
                    : ""}
                </Table.Td>
                <Table.Td>{STEP_STATUS_LABELS[s.status]}</Table.Td>
                <Table.Td>{s.reason ?? ""}</Table.Td>
                <Table.Td>{formatWhen(s.at, zone, "exact")}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {settingDue && <SetDueModal customerId={customerId} recall={r} onClose={() => setSettingDue(false)} />}
    </Paper>
  );
}

/**
 * "Snooze 1 month": a month after the due date, or after today when it is already past (a snooze
 * must land in the future), asking only the reason, which starts as the usual one.
 */
function SnoozeMonthButton({
  customerId,
  recall,
  zone,
}: {
  customerId: number;
  recall: CustomerRecallWire;
  zone: string;
}) {
  const { snooze } = useCustomerRecallWrites(customerId);
  const { showAlert } = useAlert();
  const failureText = useFailureText();
  const [opened, setOpened] = useState(false);
  const [reason, setReason] = useState(SNOOZE_DEFAULT_REASON);
  const today = todayIn(zone);
  const until = addMonths(recall.due_date.localeCompare(today) > 0 ? recall.due_date : today, 1);
  async function go() {
    try {
      await snooze.mutateAsync({
        recallId: recall.id,
        until,
        reason: reason.trim(),
        version: recall.version,
      });
      showAlert({ variant: "success", message: `Recall snoozed to ${formatCalendarDay(until)}.` });
      setOpened(false);
    } catch (err) {
      showAlert({ variant: "danger", message: failureText(err).text });
    }
  }
  return (
    <Popover opened={opened} onChange={setOpened} width={300} position="bottom-end" withArrow trapFocus>
      <Popover.Target>
        <Button size="compact-xs" variant="light" onClick={() => setOpened((o) => !o)}>
          Snooze 1 month
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap={6}>
          <Text size="xs">Snooze to {formatCalendarDay(until)}</Text>
          <TextInput
            size="xs"
            label="Reason"
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            error={reason.trim() ? undefined : "Say why the recall is snoozed."}
          />
          <Button size="xs" onClick={go} loading={snooze.isPending} disabled={!reason.trim()}>
            Snooze
          </Button>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
