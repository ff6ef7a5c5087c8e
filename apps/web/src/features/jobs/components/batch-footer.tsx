import type { OrderWire } from "@loupe/contract";
import { isBatchSelectable, type JobAction, STATUS_CHANGED_MESSAGE, type Verdict } from "@loupe/domain";
import { Affix, Button, Group, Modal, Paper, Select, Text } from "@mantine/core";
import { useState } from "react";
import { useAlert } from "../../../app/alert-context";
import { errorText } from "../../../lib/errors";
import { useAction } from "../../../lib/use-action";
import { useOutlets, useStatuses } from "../../reference/use-reference-data";
import { useBatchItemMutations } from "../api/jobs-mutations";
import { useJobRules } from "../use-job-rules";
import { RuleGate } from "./rule-gate";

type Dialog = "status" | "location" | null;

/**
 * Shown while order items are selected (spec §2): "N Item(s) selected", Cancel, Refund
 * (disabled), Update Status and Assign Jobs to a Location. Each change is all or nothing, so a
 * button the rulebook refuses for any selected item's job is disabled with that job's reason.
 */
export function BatchFooter({
  itemIds,
  jobs,
  onDone,
}: {
  itemIds: number[];
  /** The jobs of the selected items that the page shows. */
  jobs: OrderWire[];
  onDone: () => void;
}) {
  const decide = useJobRules();
  const forAll = (action: JobAction): Verdict => {
    for (const job of jobs) {
      const v = decide(action, job);
      if (!v.allowed) return { ...v, reason: `${job.vend_invoice_number}: ${v.reason}`, hide: false };
    }
    return { allowed: true };
  };
  const { showAlert } = useAlert();
  const { data: statuses } = useStatuses();
  const { data: outlets = [] } = useOutlets();
  const { setItemsStatus, setItemsOutlet } = useBatchItemMutations();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [choice, setChoice] = useState<string | null>(null);
  // One batch change at a time, however fast the Confirm button is clicked.
  const { run } = useAction(async (action: () => Promise<unknown>) => {
    try {
      await action();
      showAlert({ variant: "success", message: STATUS_CHANGED_MESSAGE });
      setDialog(null);
      onDone();
    } catch (err) {
      showAlert({ variant: "danger", message: errorText(err) });
    }
  });
  if (itemIds.length === 0) return null;
  const open = (d: Dialog) => {
    setChoice(null);
    setDialog(d);
  };
  const statusOptions = (statuses?.item ?? [])
    .filter(isBatchSelectable)
    .map((s) => ({ value: String(s.id), label: s.display_name }));
  const outletOptions = outlets
    .filter((o) => o.is_active)
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((o) => ({ value: String(o.id), label: `${o.abbreviation} - ${o.name}` }));
  return (
    <>
      <Affix position={{ bottom: 0, left: 0, right: 0 }} zIndex={150}>
        <Paper shadow="md" p="sm" withBorder radius={0} data-testid="batch-footer">
          <Group justify="space-between">
            <Text fw={600} data-testid="batch-count">
              {itemIds.length} Item(s) selected
            </Text>
            <Group gap="xs">
              <Button variant="default" onClick={onDone}>
                Cancel
              </Button>
              <Button variant="default" disabled>
                Refund
              </Button>
              <RuleGate verdict={forAll("item_status")}>
                {(disabled) => (
                  <Button disabled={disabled} onClick={() => open("status")}>
                    Update Status
                  </Button>
                )}
              </RuleGate>
              <RuleGate verdict={forAll("item_outlet")}>
                {(disabled) => (
                  <Button variant="light" disabled={disabled} onClick={() => open("location")}>
                    Assign Jobs to a Location
                  </Button>
                )}
              </RuleGate>
            </Group>
          </Group>
        </Paper>
      </Affix>
      <ChoiceModal
        opened={dialog === "status"}
        title="Assign New Status"
        label="Status"
        data={statusOptions}
        value={choice}
        onChange={setChoice}
        onCancel={() => setDialog(null)}
        action="Update"
        pending={setItemsStatus.isPending}
        onConfirm={() => run(() => setItemsStatus.mutateAsync({ itemIds, statusId: Number(choice) }))}
      />
      <ChoiceModal
        opened={dialog === "location"}
        title="Assign New Location"
        label="Location"
        data={outletOptions}
        value={choice}
        onChange={setChoice}
        onCancel={() => setDialog(null)}
        action="Assign"
        pending={setItemsOutlet.isPending}
        onConfirm={() => run(() => setItemsOutlet.mutateAsync({ itemIds, outletId: Number(choice) }))}
      />
    </>
  );
}

/** One choice for the selected items (a status, a location), then Cancel or the action. */
function ChoiceModal(props: {
  opened: boolean;
  title: string;
  label: string;
  data: { value: string; label: string }[];
  value: string | null;
  onChange: (value: string | null) => void;
  onCancel: () => void;
  action: string;
  pending: boolean;
  onConfirm: () => void;
}) {
  return (
    <Modal opened={props.opened} onClose={props.onCancel} title={props.title}>
      <Select
        label={props.label}
        searchable
        data={props.data}
        value={props.value}
        onChange={props.onChange}
      />
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={props.onCancel}>
          Cancel
        </Button>
        <Button disabled={!props.value} loading={props.pending} onClick={props.onConfirm}>
          {props.action}
        </Button>
      </Group>
    </Modal>
  );
}
