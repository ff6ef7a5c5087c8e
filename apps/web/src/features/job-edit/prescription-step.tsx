import { endpointUrl, getContactLensPrescriptionFile } from "@loupe/contract";
import {
  contactLensChoice,
  contactLensLine,
  JOB_EDIT_MESSAGES,
  type PrescriptionPurpose,
  prescriptionTypeOptions,
} from "@loupe/domain";
import { Anchor, Group, Loader, Radio, Select, Stack, Text } from "@mantine/core";
import { useAlert } from "../../app/alert-context";
import { errorText } from "../../lib/errors";
import { downloadFileBlob } from "../../lib/file-blob";
import { useAction } from "../../lib/use-action";
import { useFormatDateTime } from "../reference/use-date-format";
import type { PrescriptionWire } from "./api";
import { ChoiceRow, StepButtons } from "./step-parts";

/** One prescription as the panel shows it: powers and add, or a contact lens's brand, base curve and diameter. */
export function prescriptionLine(p: PrescriptionWire, contactLens: boolean): string {
  if (contactLens) return contactLensLine(contactLensChoice(p));
  const d = p.standardised_prescription_display_array;
  return `R ${d.right} · L ${d.left}${d.add ? ` · Add ${d.add}` : ""}`;
}

/** Step 2, Prescription: choose one of the customer's (spectacle, or contact-lens for a contact-lens item). */
export function PrescriptionStep(props: {
  prescriptions: PrescriptionWire[];
  loading: boolean;
  hasCustomer: boolean;
  contactLens: boolean;
  lensType: string | null;
  rx: PrescriptionWire | null;
  rxType: PrescriptionPurpose | null;
  error: string | null;
  onChoose: (id: number) => void;
  onType: (type: PrescriptionPurpose | null) => void;
  /** Opens the prescription with its file beside it, to type in what a file-only prescription says. */
  onOpenFile: (p: PrescriptionWire) => void;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { rx, contactLens } = props;
  const formatDateTime = useFormatDateTime();
  const { showAlert } = useAlert();
  const download = useAction(async (p: PrescriptionWire) => {
    try {
      await downloadFileBlob(
        endpointUrl(getContactLensPrescriptionFile, { id: p.id }),
        p.files[0]?.file_name ?? `contact-lens-prescription-${p.id}`,
      );
    } catch (err) {
      showAlert({ variant: "danger", message: errorText(err) });
    }
  });
  return (
    <Stack gap="xs" data-testid="rx-step">
      {props.loading && <Loader size="sm" />}
      {props.hasCustomer && props.prescriptions.length === 0 && !props.loading && (
        <Text size="sm" c="dimmed">
          This customer has no {contactLens ? "contact-lens " : ""}prescriptions.
        </Text>
      )}
      <Radio.Group
        value={rx ? String(rx.id) : null}
        onChange={(v) => props.onChoose(Number(v))}
        name="prescription"
      >
        <Stack gap={6}>
          {props.prescriptions.map((p) => (
            <ChoiceRow
              key={p.id}
              value={p.id}
              line={prescriptionLine(p, contactLens)}
              details={
                <>
                  <Text size="xs" c="dimmed">
                    {p.category_display ? `Class ${p.category_display} · ` : ""}
                    {p.source.data.name} · {formatDateTime(p.created_at)}
                  </Text>
                  {p.is_file_only && (
                    <Text size="xs" c="orange.9">
                      {JOB_EDIT_MESSAGES.pleaseEditPrescription}
                    </Text>
                  )}
                </>
              }
              actions={
                <>
                  {p.is_file_only && (
                    <Anchor component="button" size="sm" onClick={() => props.onOpenFile(p)}>
                      Open file
                    </Anchor>
                  )}
                  {contactLens && p.files.length > 0 && (
                    <Anchor component="button" size="sm" onClick={() => download.run(p)}>
                      Prescription file
                    </Anchor>
                  )}
                </>
              }
            />
          ))}
        </Stack>
      </Radio.Group>
      {props.lensType === "single-vision" && (
        <Select
          label="Type"
          w={220}
          data={prescriptionTypeOptions(rx).map((t) => ({
            value: t,
            label: t[0].toUpperCase() + t.slice(1),
          }))}
          value={props.rxType}
          onChange={(v) => props.onType(v as PrescriptionPurpose | null)}
          disabled={!rx}
        />
      )}
      {rx && props.error && (
        <Text size="sm" c="red" data-testid="rx-error">
          {props.error}
        </Text>
      )}
      <Group justify="flex-end">
        <StepButtons onCancel={props.onCancel} onConfirm={props.onConfirm} disabled={props.error != null} />
      </Group>
    </Stack>
  );
}
