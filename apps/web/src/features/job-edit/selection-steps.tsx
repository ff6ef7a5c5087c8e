import type { LensOptionWire } from "@loupe/contract";
import {
  availableLensOptions,
  EMPTY_FRAME,
  type FrameData,
  frameFromSelection,
  frameSizeChangeAsksHeights,
  type ItemSelection,
  isContactLensProduct,
  JOB_EDIT_MESSAGES,
  JOB_EDIT_STEP_TITLES,
  type JobEditStep,
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
import { Anchor, Badge, Button, Group, Paper, Stack, Text } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { appConfig } from "../../lib/config";
import { PdModal } from "../customers/components/pd-modal";
import { PrescriptionModal } from "../customers/components/prescription-modal";
import {
  jobEditKeys,
  type PdWire,
  type PrescriptionWire,
  useJobPd,
  useJobPds,
  useJobPrescriptions,
  useLensOptions,
} from "./api";
import { FrameStep } from "./frame-step";
import { GuestPdModal, GuestPrescriptionModal } from "./guest-forms";
import { type HeightChange, HeightDialog } from "./height-dialogs";
import { lensLabel } from "./lens-label";
import { LensStep } from "./lens-step";
import { PdStep, pdLine } from "./pd-step";
import { PrescriptionStep, prescriptionLine } from "./prescription-step";

/** The product a selection is made for: a job's item, or a catalogue product on a quote line. */
export interface SelectionProduct {
  regionProductId: number;
  lensesType: string | null;
  requiresPrescription: boolean;
  parentTypeKey: string;
}

/** What the summary step's footer gets: the selection as chosen and what still stops it being saved. */
export interface SelectionState {
  selection: ItemSelection;
  errors: Record<string, string>;
  /** The chosen lens option (its name and price), once one is. */
  lens: LensOptionWire | null;
}

/** The newest of a customer's spectacle prescriptions: the one a new quote line starts from. */
export const latestPrescription = <T extends { type_id: number; created_at: string }>(
  list: T[],
  typeId = 1,
) =>
  list
    .filter((p) => p.type_id === typeId)
    .reduce<T | null>((best, p) => (!best || p.created_at > best.created_at ? p : best), null);

/**
 * The job edit's steps (jobs-area §4): frame, prescription, PD and lenses, then the summary, with
 * the same transitions (`nextJobEditStep`), step rules and modals. The job edit panel saves the
 * result on a job's item; the counter's quote editor puts it on a quote line. The summary's footer
 * (Save, Add to quote…) is the caller's.
 */
export function SelectionSteps(props: {
  product: SelectionProduct;
  customerId: number | null;
  currency: string;
  initial?: ItemSelection | null;
  /** The step the panel opens on; else the frame (the prescription for a contact lens). */
  initialStep?: JobEditStep;
  revision?: number;
  /** A new line: the customer's newest prescription is chosen until the dispenser picks another. */
  preselectLatestRx?: boolean;
  footer: (state: SelectionState) => ReactNode;
}) {
  const { product, customerId, initial } = props;
  const lensType = product.lensesType;
  const contactLens = isContactLensProduct(product.parentTypeKey);
  const ctx = { hasCustomer: customerId != null, requiresPrescription: product.requiresPrescription };

  const [step, setStep] = useState<JobEditStep>(props.initialStep ?? (contactLens ? 2 : 1));
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

  // A new quote line starts on the customer's newest prescription (and, for single vision, the
  // purpose a guest's new one gets: distance), once; the dispenser may still choose another.
  const preselected = useRef(false);
  useEffect(() => {
    if (!props.preselectLatestRx || preselected.current || rxId != null || !rxList.data) return;
    preselected.current = true;
    const latest = latestPrescription(rxList.data, contactLens ? 2 : 1);
    if (!latest) return;
    setRxId(latest.id);
    if (lensType === "single-vision") setRxType(prescriptionTypeOptions(latest).at(-1) ?? null);
  }, [props.preselectLatestRx, rxList.data, rxId, contactLens, lensType]);

  const lensQuery = {
    region_product_id: product.regionProductId,
    prescription_id: rxId,
    prescription_type: rxType,
    pd_id: pdId,
    frame_size: frame.frameSize,
  };
  const lenses = useLensOptions(lensQuery, !contactLens && product.requiresPrescription && rxId != null);
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
    revision: props.revision ?? 0,
  };
  const errors = selectionSaveErrors(selection, {
    lensType,
    requiresPrescription: product.requiresPrescription,
    prescription: rx,
    pd,
    lensChosen: lensId != null,
    lensInvalid: lensId != null && !option && lenses.data ? JOB_EDIT_MESSAGES.noLensAvailable : null,
    contactLens,
  });

  const steps: JobEditStep[] = contactLens ? [2, 5] : product.requiresPrescription ? [1, 2, 3, 4, 5] : [1, 5];

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
        currency={props.currency}
        onChoose={setLensId}
        onCancel={() => dispatch({ type: "cancel", step: 4 })}
        onConfirm={() => dispatch({ type: "confirm", step: 4 })}
      />
    ),
    5: (
      <Stack gap="xs" data-testid="summary-step">
        {customerId == null && product.requiresPrescription && (
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
        {Object.values(errors).map((m) => (
          <Text key={m} size="sm" c="red">
            {m}
          </Text>
        ))}
        {props.footer({ selection, errors, lens: option })}
      </Stack>
    ),
  };

  return (
    <>
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
    </>
  );
}
