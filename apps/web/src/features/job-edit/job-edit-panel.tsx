import type { LensOptionWire, OrderDetailWire, OrderItemWire } from "@loupe/contract";
import {
  currencyForCountry,
  EXACT_TIME_DISPLAY_FORMAT,
  GUEST_LABEL,
  type ItemSelection,
  isContactLensProduct,
  JOB_EDIT_MESSAGES,
  needsPrescriptionReentry,
} from "@loupe/domain";
import { Button, Divider, Drawer, Group, Stack, Text, Title } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import { useAlert } from "../../app/alert-context";
import { versionConflictText } from "../../lib/conflict";
import { errorText } from "../../lib/errors";
import { formatDateTime, formatMoney } from "../../lib/format";
import { useAction } from "../../lib/use-action";
import { jobKeys } from "../jobs/api/job-keys";
import { useUserTimeZone } from "../reference/use-date-format";
import { jobEditKeys, restoreRevision, saveSelection, useSelectionRevisions } from "./api";
import { lensLabel } from "./lens-label";
import { SelectionSteps } from "./selection-steps";

interface StoredInfo {
  revision?: number;
  selection?: ItemSelection;
  data?: { lens_addon_combination?: LensOptionWire | null };
}

/** The job edit panel (jobs-area §2): frame, prescription, PD and lenses in five steps, then Save. */
export function JobEditPanel(props: {
  job: OrderDetailWire;
  item: OrderItemWire;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { job, item } = props;
  const product = item.region_product;
  const contactLens = isContactLensProduct(product.parent_type.key);
  const info = (item.additional_info ?? null) as StoredInfo | null;
  const revision = info?.revision ?? 0;
  const customerId = job.customer_id;
  const currency = currencyForCountry(job.origin_outlet.region.country_code);
  const queryClient = useQueryClient();
  const { showAlert } = useAlert();
  const timeZone = useUserTimeZone();

  const refresh = async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: jobKeys.all }),
      queryClient.invalidateQueries({ queryKey: jobEditKeys.all }),
    ]);
  };
  const save = useAction(async (selection: ItemSelection) => {
    try {
      await saveSelection(item.id, selection, !info);
      showAlert({ variant: "success", message: JOB_EDIT_MESSAGES.saved });
    } catch (err) {
      // A stale save names who saved first; any other failure shows the server's text, else "Error".
      showAlert({ variant: "danger", message: versionConflictText(err, timeZone) ?? errorText(err) });
    }
    // The modal closes whatever the answer (spec §8).
    await refresh();
    props.onSaved();
    props.onClose();
  });

  const customerName = job.customer
    ? `${job.customer.first_name} ${job.customer.last_name}`.trim()
    : `${job.order_billing.customer_first_name} ${job.order_billing.customer_last_name} (${GUEST_LABEL})`;
  const stored = info?.data?.lens_addon_combination;

  return (
    <Drawer
      opened
      onClose={props.onClose}
      position="right"
      size="xl"
      title={
        <Stack gap={0} data-testid="job-edit-header">
          <Title order={4}>
            {job.vend_invoice_number} · {customerName}
          </Title>
          <Text size="sm">
            {product.product.name}
            {stored ? ` · ${lensLabel(stored)}` : ""} · {formatMoney(item.total_amount, currency)}
          </Text>
        </Stack>
      }
    >
      <SelectionSteps
        product={{
          regionProductId: item.region_product_id,
          lensesType: product.lenses_type,
          requiresPrescription: product.requires_prescription,
          parentTypeKey: product.parent_type.key,
        }}
        customerId={customerId}
        currency={currency}
        initial={info?.selection}
        revision={revision}
        // After a customer change the frame is kept and the panel opens on the prescription (issue 24).
        initialStep={
          contactLens ||
          (needsPrescriptionReentry(info as Record<string, unknown> | null) && customerId != null)
            ? 2
            : 1
        }
        footer={({ selection, errors }) => (
          <>
            <Group justify="flex-end">
              <Button variant="default" onClick={props.onClose}>
                Close
              </Button>
              <Button
                onClick={() => save.run(selection)}
                loading={save.isPending}
                disabled={Object.keys(errors).length > 0}
              >
                Save
              </Button>
            </Group>
            <Revisions
              itemId={item.id}
              current={revision}
              onRestored={async () => {
                await refresh();
                props.onSaved();
                props.onClose();
              }}
            />
          </>
        )}
      />
    </Drawer>
  );
}

/** The item's earlier selections; one can be saved again as the newest revision. */
function Revisions(props: { itemId: number; current: number; onRestored: () => void }) {
  const { data = [] } = useSelectionRevisions(props.itemId);
  const { showAlert } = useAlert();
  const timeZone = useUserTimeZone();
  const restore = useAction(async (revision: number) => {
    try {
      await restoreRevision(props.itemId, revision, props.current);
      showAlert({ variant: "success", message: JOB_EDIT_MESSAGES.saved });
    } catch (err) {
      showAlert({ variant: "danger", message: versionConflictText(err, timeZone) ?? errorText(err) });
    }
    props.onRestored();
  });
  const rows = useMemo(() => data, [data]);
  if (!rows.length) return null;
  return (
    <Stack gap={4} data-testid="selection-revisions">
      <Divider label="Saved selections" labelPosition="left" />
      {rows.map((r) => {
        const lens = (
          r.additional_info.data as { lens_addon_combination?: LensOptionWire | null } | undefined
        )?.lens_addon_combination;
        return (
          <Group key={r.revision} justify="space-between" wrap="nowrap">
            <Text size="xs">
              #{r.revision} · {formatDateTime(r.created_at, timeZone, EXACT_TIME_DISPLAY_FORMAT)} ·{" "}
              {r.staff?.full_name ?? "System"}
              {lens ? ` · ${lens.lenses.name}` : ""}
              {r.restored_from ? ` · restored from #${r.restored_from}` : ""}
            </Text>
            {r.revision !== props.current && (
              <Button size="compact-xs" variant="subtle" onClick={() => restore.run(r.revision)}>
                Restore
              </Button>
            )}
          </Group>
        );
      })}
    </Stack>
  );
}
