import type { LensOptionWire, OrderDetailWire, OrderItemWire } from "@loupe/contract";
import {
  availableLensOptions,
  currencyForCountry,
  EMPTY_FRAME,
  EXACT_TIME_DISPLAY_FORMAT,
  type FrameData,
  frameFromSelection,
  frameSizeChangeAsksHeights,
  GUEST_LABEL,
  type ItemSelection,
  isContactLensProduct,
  JOB_EDIT_MESSAGES,
  JOB_EDIT_STEP_TITLES,
  type JobEditStep,
  needsPrescriptionReentry,
  nextJobEditStep,
  type PrescriptionPurpose,
  pdPurposeFor,
  pdStepError,
  prescriptionStepError,
  prescriptionTypeOptions,
  SHAPE_LABEL,
  type StepEvent,
  selectionFromFrame,
  selectionSaveErrors,
  shapeChangeOpensHeightDialog,
} from "@loupe/domain";
import { Anchor, Badge, Button, Divider, Drawer, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useMemo, useState } from "react";
import { useAlert } from "../../app/alert-context";
import { appConfig } from "../../lib/config";
import { versionConflictText } from "../../lib/conflict";
import { errorText } from "../../lib/errors";
import { formatDateTime, formatMoney } from "../../lib/format";
import { useAction } from "../../lib/use-action";
import { PdModal } from "../customers/components/pd-modal";
import { PrescriptionModal } from "../customers/components/prescription-modal";
import { jobKeys } from "../jobs/api/job-keys";
import { useUserTimeZone } from "../reference/use-date-format";
import {
  jobEditKeys,
  type PdWire,
  type PrescriptionWire,
  restoreRevision,
  saveSelection,
  useJobPd,
  useJobPds,
  useJobPrescriptions,
  useLensOptions,
  useSelectionRevisions,
} from "./api";
import { FrameStep } from "./frame-step";
import { GuestPdModal, GuestPrescriptionModal } from "./guest-forms";
import { type HeightChange, HeightDialog } from "./height-dialogs";
import { lensLabel } from "./lens-label";
import { LensStep } from "./lens-step";
import { PdStep, pdLine } from "./pd-step";
import { PrescriptionStep, prescriptionLine } from "./prescription-step";

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
  const lensType = product.lenses_type;
  const contactLens = isContactLensProduct(product.parent_type.key);
  const info = (item.additional_info ?? null) as StoredInfo | null;
  const initial = info?.selection;
  const revision = info?.revision ?? 0;
  const customerId = job.customer_id;
  const ctx = { hasCustomer: customerId != null, requiresPrescription: product.requires_prescription };

  // After a customer change the frame is kept and the panel opens on the prescription (issue 24).
  const [step, setStep] = useState<JobEditStep>(
    contactLens || (needsPrescriptionReentry(info as Record<string, unknown> | null) && customerId != null)
      ? 2
      : 1,
  );
  const [frame, setFrame] = useState<FrameData>(
    initial ? frameFromSelection(initial.customize) : EMPTY_FRAME,
  );
  const [rxId, setRxId] = useState<number | null>(initial?.prescription?.id ?? null);
  const [rxType, setRxType] = useState<PrescriptionPurpose | null>(initial?.prescription?.type ?? null);
  const [pdId, setPdId] = useState<number | null>(initial?.pdId ?? null);
  const [lensId, setLensId] = useState<number | null>(initial?.product_lens_addons_id ?? null);
  const [guestRx, setGuestRx] = useState<PrescriptionWire | null>(null);
  const [heightChange, setHeightChange] = useState<HeightChange | null>(null);
  const [modal, setModal] = useState<"guest-rx" | "guest-pd" | "customer-pd" | null>(null);
  // The PD open in the PD modal's edit mode, and the prescription open beside its file.
  const [editPd, setEditPd] = useState<PdWire | null>(null);
  const [fileRx, setFileRx] = useState<PrescriptionWire | null>(null);
  const queryClient = useQueryClient();
  const { showAlert } = useAlert();
  const timeZone = useUserTimeZone();

  const purpose = pdPurposeFor(lensType, rxType);
  const rxList = useJobPrescriptions(customerId);
  const pdList = useJobPds(customerId, lensType, purpose);
  const guestPd = useJobPd(customerId == null ? pdId : null, lensType, purpose);
  // A guest has no list: the prescription and PD made in this panel are the only choices.
  const prescriptions = (customerId == null ? (guestRx ? [guestRx] : []) : (rxList.data ?? [])).filter(
    (p) => p.type_id === (contactLens ? 2 : 1),
  );
  const rx: PrescriptionWire | null = guestRx ?? prescriptions.find((p) => p.id === rxId) ?? null;
  const pd: PdWire | null =
    (customerId == null ? guestPd.data : pdList.data?.find((p) => p.id === pdId)) ?? null;
  const lensQuery = {
    region_product_id: item.region_product_id,
    prescription_id: rxId,
    prescription_type: rxType,
    pd_id: pdId,
    frame_size: frame.frameSize,
  };
  const lenses = useLensOptions(lensQuery, !contactLens && product.requires_prescription && rxId != null);
  const available = availableLensOptions(lenses.data?.data ?? []);
  const option = available.find((o) => o.id === lensId) ?? null;

  const dispatch = (event: StepEvent) => {
    const t = nextJobEditStep(step, event, ctx);
    if (t.clearFrame)
      setFrame((f) => ({ ...EMPTY_FRAME, shape: f.shape, isExistingFrame: f.isExistingFrame }));
    if (t.clearSelection) {
      setRxId(null);
      setRxType(null);
      setPdId(null);
      setLensId(null);
      setGuestRx(null);
    }
    setStep(contactLens && t.step !== 2 ? 5 : t.step);
  };

  const changeFrame = (next: FrameData, cause: "shape" | "frameSize" | "other") => {
    const prev = frame;
    setFrame(next);
    if (!pd) return;
    const from = { size: prev.frameSize ?? pd.frame_size, shape: prev.shape ?? pd.glass_shape_type };
    const to = { size: next.frameSize, shape: next.shape };
    if (cause === "shape" && shapeChangeOpensHeightDialog(prev.shape, next.shape, true))
      setHeightChange({ kind: "shape", pd, from, to });
    else if (cause === "frameSize" && frameSizeChangeAsksHeights(prev.frameSize, next.frameSize, true))
      setHeightChange({ kind: "size", pd, from, to });
  };

  const rxError = prescriptionStepError(lensType, rx, rxType);
  const pdError = pdStepError(pd, lensType, rx?.category);
  const selection: ItemSelection = {
    customize: selectionFromFrame(frame),
    prescription: rxId ? { id: rxId, type: rxType } : null,
    pdId,
    product_lens_addons_id: lensId,
    lens_warning_message: option?.warning_message ?? null,
    revision,
  };
  const saveErrors = selectionSaveErrors(selection, {
    lensType,
    requiresPrescription: product.requires_prescription,
    prescription: rx,
    pd,
    lensChosen: lensId != null,
    lensInvalid: lensId != null && !option && lenses.data ? JOB_EDIT_MESSAGES.noLensAvailable : null,
    contactLens,
  });

  const refresh = async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: jobKeys.all }),
      queryClient.invalidateQueries({ queryKey: jobEditKeys.all }),
    ]);
  };
  const save = useAction(async () => {
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
  const steps: JobEditStep[] = contactLens
    ? [2, 5]
    : product.requires_prescription
      ? [1, 2, 3, 4, 5]
      : [1, 5];

  const links = (s: JobEditStep) => (
    <Group gap="xs">
      <Anchor component="button" size="sm" onClick={() => dispatch({ type: "change", step: s })}>
        Change
      </Anchor>
      <Anchor component="button" size="sm" c="red" onClick={() => dispatch({ type: "reset", step: s })}>
        Reset
      </Anchor>
    </Group>
  );
  const done = (s: JobEditStep) => s < step || step === 5;

  const summary: Record<JobEditStep, ReactNode> = {
    1: (
      <Text size="sm" data-testid="frame-summary">
        {frame.shape ? SHAPE_LABEL(frame.shape, appConfig.brand) : "—"} · frame {frame.frameSize ?? "—"} ·
        arms {frame.leftArmSize ?? "—"}/{frame.rightArmSize ?? "—"}
        {frame.isExistingFrame ? ` · existing ${appConfig.brand} frame` : ""}
      </Text>
    ),
    2: (
      <Stack gap={0}>
        <Text size="sm" data-testid="rx-summary">
          {rx ? `${prescriptionLine(rx, contactLens)}${rxType ? ` · ${rxType}` : ""}` : "No prescription"}
        </Text>
        {rx && rxError && (
          <Text size="xs" c="red">
            {rxError}
          </Text>
        )}
      </Stack>
    ),
    3: (
      <Text size="sm" data-testid="pd-summary">
        {pd ? pdLine(pd) : "No PD"}
      </Text>
    ),
    4: (
      <Text size="sm" data-testid="lens-summary">
        {option ? lensLabel(option) : "No lens"}
      </Text>
    ),
    5: null,
  };

  const body: Record<JobEditStep, ReactNode> = {
    1: (
      <FrameStep
        frame={frame}
        onChange={changeFrame}
        onCancel={() => dispatch({ type: "cancel", step: 1 })}
        onConfirm={() => dispatch({ type: "confirm", step: 1 })}
      />
    ),
    2: (
      <PrescriptionStep
        prescriptions={prescriptions}
        loading={rxList.isLoading}
        hasCustomer={customerId != null}
        contactLens={contactLens}
        lensType={lensType}
        rx={rx}
        rxType={rxType}
        error={rxError}
        onChoose={setRxId}
        onType={setRxType}
        onOpenFile={setFileRx}
        onCancel={() => dispatch({ type: "cancel", step: 2 })}
        onConfirm={() => dispatch({ type: "confirm", step: 2 })}
      />
    ),
    3: (
      <PdStep
        pds={customerId == null ? (guestPd.data ? [guestPd.data] : []) : (pdList.data ?? [])}
        pd={pd}
        error={pdError}
        onChoose={setPdId}
        onCreate={() => setModal("customer-pd")}
        onEdit={setEditPd}
        onCancel={() => dispatch({ type: "cancel", step: 3 })}
        onConfirm={() => dispatch({ type: "confirm", step: 3 })}
      />
    ),
    4: (
      <LensStep
        options={available}
        messages={lenses.data?.messages ?? []}
        loading={lenses.isLoading}
        lensId={lensId}
        currency={currencyForCountry(job.origin_outlet.region.country_code)}
        onChoose={setLensId}
        onCancel={() => dispatch({ type: "cancel", step: 4 })}
        onConfirm={() => dispatch({ type: "confirm", step: 4 })}
      />
    ),
    5: (
      <Stack gap="xs" data-testid="summary-step">
        {customerId == null && product.requires_prescription && (
          <Group gap="xs">
            <Button size="xs" variant="light" onClick={() => dispatch({ type: "change", step: 1 })}>
              Guest Edit
            </Button>
            <Button size="xs" variant="light" onClick={() => setModal("guest-rx")}>
              Add Prescription
            </Button>
            <Button size="xs" variant="light" onClick={() => setModal("guest-pd")} disabled={!rx}>
              Create Pd
            </Button>
            {pd && (
              <Button size="xs" variant="light" onClick={() => setEditPd(pd)}>
                Edit Pd
              </Button>
            )}
          </Group>
        )}
        {Object.values(saveErrors).map((m) => (
          <Text key={m} size="sm" c="red">
            {m}
          </Text>
        ))}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            Close
          </Button>
          <Button
            onClick={() => save.run()}
            loading={save.isPending}
            disabled={Object.keys(saveErrors).length > 0}
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
      </Stack>
    ),
  };

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
            {stored ? ` · ${lensLabel(stored)}` : ""} ·{" "}
            {formatMoney(item.total_amount, currencyForCountry(job.origin_outlet.region.country_code))}
          </Text>
        </Stack>
      }
    >
      <Stack gap="sm" data-testid="job-edit-panel">
        {steps.map((s) => (
          <Paper
            key={s}
            withBorder
            p="sm"
            data-testid={`job-edit-step-${s}`}
            bg={s === step ? "white" : "gray.0"}
          >
            <Group justify="space-between" mb={s === step || done(s) ? 6 : 0}>
              <Group gap="xs">
                <Badge circle color={done(s) && s !== 5 ? "green" : s === step ? "blue" : "gray"}>
                  {s}
                </Badge>
                <Text fw={600}>{JOB_EDIT_STEP_TITLES[s]}</Text>
              </Group>
              {s !== 5 && done(s) && s !== step && links(s)}
            </Group>
            {s === step ? body[s] : done(s) ? summary[s] : null}
          </Paper>
        ))}
      </Stack>
      {heightChange && (
        <HeightDialog
          change={heightChange}
          onClose={() => setHeightChange(null)}
          onDone={async (fresh) => {
            setPdId(fresh.id);
            await queryClient.invalidateQueries({ queryKey: jobEditKeys.all });
          }}
        />
      )}
      {modal === "customer-pd" && customerId != null && (
        <PdModal
          customerId={customerId}
          mode="new"
          onClose={() => setModal(null)}
          onSaved={() => {
            void queryClient.invalidateQueries({ queryKey: jobEditKeys.all });
            dispatch({ type: "pdModalSaved", mode: "create" });
          }}
        />
      )}
      {editPd && (
        <PdModal
          customerId={customerId}
          pd={editPd}
          mode="edit"
          onClose={() => setEditPd(null)}
          onSaved={() => {
            setPdId(editPd.id);
            void queryClient.invalidateQueries({ queryKey: jobEditKeys.all });
            // Editing a PD finishes the step: 5 with a customer, 4 for a guest (spec §4).
            dispatch({ type: "pdModalSaved", mode: "edit" });
          }}
        />
      )}
      {fileRx && customerId != null && (
        <PrescriptionModal
          customerId={customerId}
          prescription={fileRx}
          onClose={() => setFileRx(null)}
          onSaved={() => {
            setRxId(fileRx.id);
            void queryClient.invalidateQueries({ queryKey: jobEditKeys.all });
            // After the file modal the panel moves on: step 3 with a customer, else 4 (spec §4).
            dispatch({ type: "fileModalShown" });
          }}
        />
      )}
      {modal === "guest-rx" && (
        <GuestPrescriptionModal
          onClose={() => setModal(null)}
          onSaved={(fresh) => {
            setGuestRx(fresh);
            setRxId(fresh.id);
            if (lensType === "single-vision") setRxType(prescriptionTypeOptions(fresh).at(-1) ?? null);
          }}
        />
      )}
      {modal === "guest-pd" && (
        <GuestPdModal
          lensType={lensType}
          onClose={() => setModal(null)}
          onSaved={(fresh) => {
            setPdId(fresh.id);
            dispatch({ type: "pdModalSaved", mode: "create" });
          }}
        />
      )}
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
