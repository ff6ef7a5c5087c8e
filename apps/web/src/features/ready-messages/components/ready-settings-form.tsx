import {
  getReadyMessageSettings,
  type ReadyMessageSettingsWire,
  saveOutletOpeningHours,
  saveReadyMessageSettings,
} from "@loupe/contract";
import { readyMessageSettingsSchema } from "@loupe/domain";
import {
  Button,
  Group,
  Loader,
  MultiSelect,
  NumberInput,
  Paper,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useAlert } from "../../../app/alert-context";
import { callEndpoint } from "../../../lib/api-client";
import { errorText } from "../../../lib/errors";
import { useRegions, useStatuses } from "../../reference/use-reference-data";

type Form = Omit<ReadyMessageSettingsWire, "region_id" | "reminder_days"> & { reminder_days: string };

const toForm = (s: ReadyMessageSettingsWire): Form => ({ ...s, reminder_days: s.reminder_days.join(", ") });

/** "7, 21" → [7, 21]; anything not a whole number stays in so the rule names it. */
const parseDays = (text: string) =>
  text
    .split(/[,\s]+/)
    .filter(Boolean)
    .map((d) => (/^\d+$/.test(d) ? Number(d) : Number.NaN));

/**
 * Ready-to-collect messages per region (issue 27, administrators): which job statuses mean ready,
 * the SMS and e-mail texts, the cancel window, the quiet hours (on each outlet's own clock) and the
 * uncollected reminder days. The domain's rule checks the form before it is sent.
 */
export function ReadySettingsForm() {
  const { data: regions = [] } = useRegions();
  const { data: statuses } = useStatuses();
  const [regionId, setRegionId] = useState(1);
  const { showAlert } = useAlert();
  const queryClient = useQueryClient();
  const key = ["ready-message-settings", regionId];
  const { data, isLoading } = useQuery({
    queryKey: key,
    queryFn: () => callEndpoint(getReadyMessageSettings, { params: { id: regionId } }).then((r) => r.data),
  });
  const [form, setForm] = useState<Form | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (data) setForm(toForm(data));
    setErrors({});
  }, [data]);
  const set = <K extends keyof Form>(k: K, v: Form[K]) => setForm((f) => (f ? { ...f, [k]: v } : f));

  async function save() {
    if (!form) return;
    const body = { ...form, reminder_days: parseDays(form.reminder_days) };
    const checked = readyMessageSettingsSchema.safeParse(body);
    if (!checked.success) {
      setErrors(Object.fromEntries(checked.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      const res = await callEndpoint(saveReadyMessageSettings, {
        params: { id: regionId },
        body: { ...checked.data, version: form.version },
      });
      queryClient.setQueryData(key, res.data);
      showAlert({ variant: "success", message: "Ready-to-collect message settings saved." });
    } catch (err) {
      showAlert({ variant: "danger", message: errorText(err) });
    } finally {
      setSaving(false);
    }
  }

  return (
    <Paper withBorder p="md" mt="md" data-testid="ready-settings">
      <Stack gap="sm" maw={640}>
        <Title order={4}>Ready-to-collect messages</Title>
        <Select
          label="Region"
          size="xs"
          w={200}
          allowDeselect={false}
          data={regions.map((r) => ({ value: String(r.id), label: `${r.country_code} · ${r.name}` }))}
          value={String(regionId)}
          onChange={(v) => v && setRegionId(Number(v))}
        />
        {(isLoading || !form) && <Loader size="sm" />}
        {form && (
          <>
            <MultiSelect
              label="Job statuses that mean ready to collect"
              data={(statuses?.dispense ?? []).map((s) => ({ value: s.slug, label: s.display_name }))}
              value={form.ready_status_slugs}
              onChange={(v) => set("ready_status_slugs", v)}
              error={errors.ready_status_slugs}
            />
            <Group grow>
              <NumberInput
                label="Cancel window (minutes)"
                value={form.cancel_window_minutes}
                onChange={(v) => set("cancel_window_minutes", Number(v))}
                error={errors.cancel_window_minutes}
              />
              <TextInput
                label="Quiet from"
                value={form.quiet_start}
                onChange={(e) => set("quiet_start", e.currentTarget.value)}
                error={errors.quiet_start}
              />
              <TextInput
                label="Quiet until"
                value={form.quiet_end}
                onChange={(e) => set("quiet_end", e.currentTarget.value)}
                error={errors.quiet_end}
              />
              <TextInput
                label="Remind after (days)"
                value={form.reminder_days}
                onChange={(e) => set("reminder_days", e.currentTarget.value)}
                error={errors.reminder_days}
              />
            </Group>
            <Text size="xs" c="dimmed">
              Quiet hours are on each outlet's own clock. Texts may use {"{{customer.first_name | there}}"},{" "}
              {"{{outlet.name}}"}, {"{{job.invoice}}"} and {"{{link}}"} (the customer's status link).
            </Text>
            <Textarea
              label="SMS text"
              autosize
              value={form.sms_template}
              onChange={(e) => set("sms_template", e.currentTarget.value)}
              error={errors.sms_template}
            />
            <TextInput
              label="E-mail subject"
              value={form.email_subject}
              onChange={(e) => set("email_subject", e.currentTarget.value)}
              error={errors.email_subject}
            />
            <Textarea
              label="E-mail text"
              autosize
              minRows={3}
              value={form.email_template}
              onChange={(e) => set("email_template", e.currentTarget.value)}
              error={errors.email_template}
            />
            <Group>
              <Button onClick={save} loading={saving}>
                Save
              </Button>
            </Group>
          </>
        )}
        {data && (
          <OpeningHours
            outlets={data.outlet_opening_hours}
            onSaved={() => queryClient.invalidateQueries({ queryKey: key })}
          />
        )}
      </Stack>
    </Paper>
  );
}

/**
 * Each outlet's opening hours, as its customers read them on the status link ("Mon–Fri
 * 9am–5:30pm, Sat 9am–1pm"). Empty leaves them off the page.
 */
function OpeningHours(props: {
  outlets: ReadyMessageSettingsWire["outlet_opening_hours"];
  onSaved: () => void;
}) {
  const { showAlert } = useAlert();
  const [typed, setTyped] = useState<Record<number, string>>({});
  const value = (o: (typeof props.outlets)[number]) => typed[o.outlet_id] ?? o.opening_hours ?? "";
  async function save(o: (typeof props.outlets)[number]) {
    try {
      const res = await callEndpoint(saveOutletOpeningHours, {
        params: { id: o.outlet_id },
        body: { opening_hours: value(o) },
      });
      showAlert({ variant: "success", message: `${o.name}: ${res.message}` });
      props.onSaved();
    } catch (err) {
      showAlert({ variant: "danger", message: errorText(err) });
    }
  }
  return (
    <Stack gap={6} mt="sm">
      <Text size="sm" fw={600}>
        Opening hours on the customer's status link
      </Text>
      {props.outlets.map((o) => (
        <Group key={o.outlet_id} gap="xs" wrap="nowrap">
          <Text size="sm" w={140}>
            {o.name}
          </Text>
          <TextInput
            aria-label={`Opening hours of ${o.name}`}
            size="xs"
            flex={1}
            placeholder="Mon–Fri 9am–5:30pm, Sat 9am–1pm"
            value={value(o)}
            onChange={(e) => {
              const v = e.currentTarget.value;
              setTyped((t) => ({ ...t, [o.outlet_id]: v }));
            }}
          />
          <Button size="xs" variant="light" onClick={() => save(o)}>
            Save hours
          </Button>
        </Group>
      ))}
    </Stack>
  );
}
