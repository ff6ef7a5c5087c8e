import {
  createMessageTemplate,
  deleteMessageTemplate,
  listMessageTemplates,
  type TemplateWire,
  updateMessageTemplate,
} from "@loupe/contract";
import { navRegionId } from "@loupe/domain";
import {
  Button,
  Group,
  Paper,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useAlert } from "../../../app/alert-context";
import { confirmAction } from "../../../components/confirm-dialog";
import { ConflictAlert } from "../../../components/conflict-alert";
import { callEndpoint } from "../../../lib/api-client";
import { errorText } from "../../../lib/errors";
import { useAction } from "../../../lib/use-action";
import { useCurrentUser } from "../../reference/use-reference-data";
import { useFailureText, useVersionConflict } from "../../reference/use-version-conflict";

const blank = { template_name: "", type: "sms" as "sms" | "email", subject: "", content_template: "" };

/** Staff manage their region's message templates; placeholders look like {{customer.first_name | there}}. */
export function TemplatesManager() {
  const { data: me } = useCurrentUser();
  const regionId = navRegionId(me?.region_id);
  const { showAlert } = useAlert();
  const queryClient = useQueryClient();
  const key = ["templates", regionId];
  const { data = [] } = useQuery({
    queryKey: key,
    queryFn: async () => (await callEndpoint(listMessageTemplates, { params: { regionId } })).data,
  });
  const [form, setForm] = useState(blank);
  const [editingId, setEditingId] = useState<number | null>(null);
  // The version the edited template was read at; saving sends it back (ADR 0007).
  const [editingVersion, setEditingVersion] = useState<number | undefined>();
  const conflict = useVersionConflict();
  const failureText = useFailureText();
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });
  const save = useAction(async () => {
    conflict.clear();
    try {
      const body = { ...form, subject: form.type === "email" ? form.subject : null };
      if (editingId)
        await callEndpoint(updateMessageTemplate, {
          params: { id: editingId },
          body: { ...body, version: editingVersion },
        });
      else await callEndpoint(createMessageTemplate, { params: { regionId }, body });
      showAlert({ variant: "success", message: editingId ? "Template updated." : "Template added." });
      setForm(blank);
      setEditingId(null);
      refresh();
    } catch (err) {
      if (!conflict.take(err)) showAlert({ variant: "danger", message: errorText(err) });
    }
  });
  /** Someone saved the template first: load their version into the form (replacing what was typed). */
  const reload = () =>
    conflict.reload(async () => {
      const list = (await callEndpoint(listMessageTemplates, { params: { regionId } })).data;
      queryClient.setQueryData(key, list);
      const fresh = list.find((t) => t.id === editingId);
      if (fresh) edit(fresh);
      else {
        setEditingId(null);
        setForm(blank);
      }
    });
  const edit = (t: TemplateWire) => {
    conflict.clear();
    setEditingId(t.id);
    setEditingVersion(t.version);
    setForm({
      template_name: t.template_name,
      type: t.type.slug,
      subject: t.subject ?? "",
      content_template: t.content_template,
    });
  };
  return (
    <Paper withBorder p="md" mt="md">
      <Title order={4} mb="sm">
        Message templates
      </Title>
      <Table mb="md">
        <Table.Tbody>
          {data.map((t) => (
            <Table.Tr key={t.id}>
              <Table.Td>{t.name}</Table.Td>
              <Table.Td>{t.type.slug.toUpperCase()}</Table.Td>
              <Table.Td>
                <Text size="xs" lineClamp={1}>
                  {t.content_template}
                </Text>
              </Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  <Button size="compact-xs" variant="subtle" onClick={() => edit(t)}>
                    Edit
                  </Button>
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    color="red"
                    onClick={() =>
                      confirmAction({
                        title: `Are you sure to remove ${t.name}?`,
                        onConfirm: async () => {
                          try {
                            await callEndpoint(deleteMessageTemplate, {
                              params: { id: t.id },
                              query: { version: t.version },
                            });
                          } catch (err) {
                            showAlert({ variant: "danger", message: failureText(err).text });
                          }
                          refresh();
                        },
                      })
                    }
                  >
                    Remove
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Stack gap="xs" maw={640}>
        {conflict.message && (
          <ConflictAlert message={conflict.message} reloading={conflict.reloading} onReload={reload} />
        )}
        <Group>
          <TextInput
            label="Template name"
            value={form.template_name}
            onChange={(e) => setForm({ ...form, template_name: e.currentTarget.value })}
          />
          <SegmentedControl
            value={form.type}
            onChange={(v) => setForm({ ...form, type: v as "sms" | "email" })}
            data={[
              { value: "sms", label: "SMS" },
              { value: "email", label: "Email" },
            ]}
          />
        </Group>
        {form.type === "email" && (
          <TextInput
            label="Subject"
            value={form.subject}
            onChange={(e) => setForm({ ...form, subject: e.currentTarget.value })}
          />
        )}
        <Textarea
          label="Content"
          description="Placeholders: {{customer.first_name | fallback}}, {{outlet.name}}, {{staff.first_name}}"
          autosize
          minRows={3}
          value={form.content_template}
          onChange={(e) => setForm({ ...form, content_template: e.currentTarget.value })}
        />
        <Group>
          <Button onClick={save.run} loading={save.isPending}>
            {editingId ? "Save template" : "Add template"}
          </Button>
          {editingId && (
            <Button
              variant="default"
              onClick={() => {
                setEditingId(null);
                setForm(blank);
                conflict.clear();
              }}
            >
              Cancel
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
