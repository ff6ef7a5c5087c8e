import { zodResolver } from "@hookform/resolvers/zod";
import { createRecallType, listRecallTypes, type RecallTypeWire, updateRecallType } from "@loupe/contract";
import {
  RECALL_CHANNEL_LABELS,
  RECALL_CHANNELS,
  RECALL_TRIGGER_LABELS,
  RECALL_TRIGGERS,
  type RecallTypeInput,
  recallTypeSchema,
} from "@loupe/domain";
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Controller, useFieldArray, useForm } from "react-hook-form";
import { useAlert } from "../../../app/alert-context";
import { ConflictAlert } from "../../../components/conflict-alert";
import { ApiError, callEndpoint } from "../../../lib/api-client";
import { applyFieldErrors, errorText } from "../../../lib/errors";
import { useRegions } from "../../reference/use-reference-data";
import { useVersionConflict } from "../../reference/use-version-conflict";
import { recallKeys } from "../api";
import { offsetWords, RECALL_PLACEHOLDERS } from "../recall-words";
import { StepOffsetField } from "./step-offset-field";

const blankStep = (offset: number, channel: RecallTypeInput["steps"][number]["channel"]) => ({
  offset_days: offset,
  channel,
  substitute: true,
  subject: channel === "email" ? "Time for your eye test" : "",
  template: "",
});

const fromType = (t: RecallTypeWire): RecallTypeInput => ({
  name: t.name,
  region_id: t.region_id,
  interval_months: t.interval_months,
  triggers: t.triggers,
  use_expiry: t.use_expiry,
  min_age: t.min_age,
  max_age: t.max_age,
  steps: t.steps,
  active: t.active,
});

const blankType = (regionId: number): RecallTypeInput => ({
  name: "",
  region_id: regionId,
  interval_months: 24,
  triggers: ["spectacle_prescription"],
  use_expiry: false,
  min_age: null,
  max_age: null,
  steps: [blankStep(-14, "email")],
  active: true,
});

/** An optional whole number from a NumberInput ("" when cleared → null: any age). */
const ageValue = (v: string | number): number | null => (v === "" ? null : Number(v));

/**
 * A recall type (issue 28): its interval, what sets it, its age range and its steps. The domain's
 * `recallTypeSchema` checks it before it is sent (the server checks it again); an edit sends the
 * version it read, and a newer one from someone else shows who and when instead of being overwritten.
 * Anyone may open a type to read it; only administrators can save (`readOnly` otherwise).
 */
export function RecallTypeForm({
  type,
  regionId,
  readOnly,
  onClose,
}: {
  type?: RecallTypeWire;
  regionId: number;
  readOnly: boolean;
  onClose: () => void;
}) {
  const { data: regions = [] } = useRegions();
  const { showAlert } = useAlert();
  const queryClient = useQueryClient();
  const conflict = useVersionConflict();
  const [version, setVersion] = useState(type?.version);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<RecallTypeInput>({
    resolver: zodResolver(recallTypeSchema) as never,
    defaultValues: type ? fromType(type) : blankType(regionId),
  });
  const { register, control, handleSubmit, formState, watch, reset, setError } = form;
  const { errors, isSubmitting, isDirty } = formState;
  const steps = useFieldArray({ control, name: "steps" });

  const reload = () =>
    conflict.reload(async () => {
      if (!type) return;
      const list = (await callEndpoint(listRecallTypes, { query: { region_id: String(type.region_id) } }))
        .data;
      queryClient.setQueryData(recallKeys.types(type.region_id), list);
      const fresh = list.find((t) => t.id === type.id);
      if (!fresh) throw new Error("The recall type is no longer there.");
      reset(fromType(fresh));
      setVersion(fresh.version);
    });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    conflict.clear();
    try {
      const saved = type
        ? await callEndpoint(updateRecallType, {
            params: { id: type.id },
            body: { ...values, version: version ?? 1 },
          })
        : await callEndpoint(createRecallType, { body: values });
      await queryClient.invalidateQueries({ queryKey: ["recall-types"] });
      showAlert({ variant: "success", message: `Recall type “${saved.data.name}” saved.` });
      onClose();
    } catch (err) {
      if (conflict.take(err)) return;
      // Field messages go under their fields; a 409 without a version's details (another rule) in words.
      if (applyFieldErrors(err, setError as never)) return;
      setFailure(
        err instanceof ApiError && err.status === 409
          ? errorText(err, "Someone else changed this recall type. Reload it and try again.")
          : errorText(err),
      );
    }
  });

  const stepsError =
    (errors.steps as { message?: string; root?: { message?: string } } | undefined)?.message ??
    errors.steps?.root?.message;
  const saveRefusal = readOnly ? "Only administrators change recall types." : null;

  return (
    <Modal opened onClose={onClose} title={type ? `Recall type: ${type.name}` : "New recall type"} size="xl">
      <form onSubmit={onSubmit} noValidate aria-label="Recall type">
        <fieldset disabled={readOnly} style={{ border: 0, padding: 0, margin: 0 }}>
          <Stack gap="sm">
            {conflict.message && (
              <ConflictAlert message={conflict.message} reloading={conflict.reloading} onReload={reload} />
            )}
            {failure && (
              <Alert color="red" variant="light" data-testid="recall-type-failure">
                {failure}
              </Alert>
            )}
            <SimpleGrid cols={3}>
              <TextInput label="Name" withAsterisk {...register("name")} error={errors.name?.message} />
              <Controller
                control={control}
                name="region_id"
                render={({ field }) => (
                  <Select
                    label="Region"
                    allowDeselect={false}
                    data={regions.map((r) => ({
                      value: String(r.id),
                      label: `${r.country_code} · ${r.name}`,
                    }))}
                    value={String(field.value)}
                    onChange={(v) => field.onChange(Number(v))}
                    error={errors.region_id?.message}
                  />
                )}
              />
              <Controller
                control={control}
                name="interval_months"
                render={({ field }) => (
                  <NumberInput
                    label="Interval (months)"
                    withAsterisk
                    allowDecimal={false}
                    value={field.value as number | string}
                    onChange={(v) => field.onChange(v === "" ? "" : Number(v))}
                    error={errors.interval_months?.message}
                  />
                )}
              />
            </SimpleGrid>
            <Controller
              control={control}
              name="triggers"
              render={({ field }) => (
                <Checkbox.Group
                  label="What sets it"
                  description="None: staff add it to a customer by hand (e.g. diabetic)."
                  value={field.value}
                  onChange={(v) => field.onChange(v)}
                  error={errors.triggers?.message}
                >
                  <SimpleGrid cols={3} mt={4} spacing={4}>
                    {RECALL_TRIGGERS.map((t) => (
                      <Checkbox key={t} size="xs" value={t} label={RECALL_TRIGGER_LABELS[t]} />
                    ))}
                  </SimpleGrid>
                </Checkbox.Group>
              )}
            />
            <Group align="flex-start" gap="md">
              <Controller
                control={control}
                name="min_age"
                render={({ field }) => (
                  <NumberInput
                    label="From age"
                    description="Empty: any age"
                    w={120}
                    allowDecimal={false}
                    value={field.value ?? ""}
                    onChange={(v) => field.onChange(ageValue(v))}
                    error={errors.min_age?.message}
                  />
                )}
              />
              <Controller
                control={control}
                name="max_age"
                render={({ field }) => (
                  <NumberInput
                    label="Under age"
                    description="Children under 16: 16"
                    w={160}
                    allowDecimal={false}
                    value={field.value ?? ""}
                    onChange={(v) => field.onChange(ageValue(v))}
                    error={errors.max_age?.message}
                  />
                )}
              />
              <Stack gap={6} mt={22}>
                <Controller
                  control={control}
                  name="use_expiry"
                  render={({ field }) => (
                    <Switch
                      label="Due on the prescription's expiry date where it has one"
                      checked={field.value}
                      onChange={(e) => field.onChange(e.currentTarget.checked)}
                    />
                  )}
                />
                <Controller
                  control={control}
                  name="active"
                  render={({ field }) => (
                    <Switch
                      label="Active (inactive types stop running)"
                      checked={field.value}
                      onChange={(e) => field.onChange(e.currentTarget.checked)}
                    />
                  )}
                />
              </Stack>
            </Group>
            <Text fw={600} size="sm">
              Steps
            </Text>
            <Text size="xs" c="dimmed">
              Days from the due date. Texts may use {RECALL_PLACEHOLDERS.join(", ")}.
            </Text>
            {stepsError && (
              <Text c="red" size="xs" data-testid="steps-error">
                {stepsError}
              </Text>
            )}
            {steps.fields.map((f, i) => {
              const e = errors.steps?.[i];
              const channel = watch(`steps.${i}.channel`);
              const offset = watch(`steps.${i}.offset_days`);
              return (
                <Paper key={f.id} withBorder p="xs" data-testid={`recall-step-${i}`}>
                  <Group justify="space-between" mb={4}>
                    <Text size="sm" fw={600}>
                      Step {i + 1} · {Number.isInteger(offset) ? offsetWords(offset) : "…"}
                    </Text>
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      color="red"
                      onClick={() => steps.remove(i)}
                      disabled={steps.fields.length === 1}
                    >
                      Remove step {i + 1}
                    </Button>
                  </Group>
                  <Group align="flex-end" gap="sm">
                    <Controller
                      control={control}
                      name={`steps.${i}.offset_days`}
                      render={({ field }) => (
                        <StepOffsetField
                          label={`Step ${i + 1}`}
                          value={field.value}
                          onChange={field.onChange}
                          error={e?.offset_days?.message}
                        />
                      )}
                    />
                    <Controller
                      control={control}
                      name={`steps.${i}.channel`}
                      render={({ field }) => (
                        <Select
                          label="Channel"
                          aria-label={`Step ${i + 1} channel`}
                          w={140}
                          allowDeselect={false}
                          data={RECALL_CHANNELS.map((c) => ({ value: c, label: RECALL_CHANNEL_LABELS[c] }))}
                          value={field.value}
                          onChange={(v) => field.onChange(v)}
                          error={e?.channel?.message}
                        />
                      )}
                    />
                    <Controller
                      control={control}
                      name={`steps.${i}.substitute`}
                      render={({ field }) => (
                        <Switch
                          mb={8}
                          label="Use the next channel when this one cannot reach them"
                          aria-label={`Step ${i + 1} substitute`}
                          checked={field.value}
                          onChange={(e) => field.onChange(e.currentTarget.checked)}
                        />
                      )}
                    />
                  </Group>
                  {channel === "email" && (
                    <TextInput
                      mt={4}
                      label="E-mail subject"
                      aria-label={`Step ${i + 1} e-mail subject`}
                      {...register(`steps.${i}.subject`)}
                      error={e?.subject?.message}
                    />
                  )}
                  <Textarea
                    mt={4}
                    label={channel === "phone" ? "Caller's script" : channel === "letter" ? "Letter" : "Text"}
                    aria-label={`Step ${i + 1} text`}
                    autosize
                    minRows={2}
                    {...register(`steps.${i}.template`)}
                    error={e?.template?.message}
                  />
                </Paper>
              );
            })}
            <Group>
              <Button
                size="xs"
                variant="light"
                disabled={steps.fields.length >= 8}
                onClick={() => {
                  const last = steps.fields.length
                    ? Number(form.getValues(`steps.${steps.fields.length - 1}.offset_days`)) || 0
                    : -14;
                  // The usual cadence: reminders before, then on the day, then after it.
                  steps.append(blankStep(last < 0 ? 0 : last + 30, "sms"));
                }}
              >
                Add step
              </Button>
            </Group>
          </Stack>
        </fieldset>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={onClose}>
            {readOnly ? "Close" : "Cancel"}
          </Button>
          <Button
            type="submit"
            loading={isSubmitting}
            disabled={!!saveRefusal || (!!type && !isDirty)}
            title={saveRefusal ?? undefined}
          >
            Save
          </Button>
        </Group>
      </form>
    </Modal>
  );
}
