import {
  type CustomerWire,
  listMessageTemplates,
  type OrderWire,
  sendCustomerMessage,
  sendOrderMessage,
} from "@loupe/contract";
import {
  customerLabel,
  hasUnresolvedVariables,
  isSmsCountry,
  MESSAGE_SENT,
  messageSchemaFor,
  navRegionId,
  renderTemplate,
} from "@loupe/domain";
import {
  Alert,
  Button,
  Group,
  Modal,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useAlert } from "../../app/alert-context";
import { callEndpoint } from "../../lib/api-client";
import { errorText } from "../../lib/errors";
import { useShownError } from "../../lib/shown-errors";
import { useAction } from "../../lib/use-action";
import { useCurrentOutlet, useCurrentUser, useRegions } from "../reference/use-reference-data";

/** Send a Message: SMS or e-mail, optionally from a region template whose placeholders are filled here. */
export function MessageModal({
  customer,
  order,
  onClose,
}: {
  customer: Pick<CustomerWire, "first_name" | "last_name" | "mobile" | "email" | "full_name"> & {
    id?: number;
  };
  /** When set, the message is about this job and is noted on it. */
  order?: OrderWire;
  onClose: () => void;
}) {
  const { data: me } = useCurrentUser();
  const outlet = useCurrentOutlet();
  const { showAlert } = useAlert();
  const queryClient = useQueryClient();
  const regionId = navRegionId(me?.region_id);
  const regions = useRegions().data;
  // A mobile is read in the job's country, or the outlet's (the server applies the same rule).
  const countryCode = order
    ? order.origin_outlet.region.country_code
    : regions?.find((r) => r.id === regionId)?.country_code;
  const smsCountry = isSmsCountry(countryCode) ? countryCode : "AU";
  const templates = useQuery({
    queryKey: ["templates", regionId],
    queryFn: async () => (await callEndpoint(listMessageTemplates, { params: { regionId } })).data,
  });
  // The modal says it: not again above the screen.
  useShownError(templates.error);
  const [type, setType] = useState<"sms" | "email">("sms");
  const [phone, setPhone] = useState(customer.mobile ?? "");
  const [email, setEmail] = useState(customer.email ?? "");
  const [subject, setSubject] = useState("");
  const [message, setMessage] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);

  const applyTemplate = (id: string | null) => {
    const t = templates.data?.find((x) => String(x.id) === id);
    if (!t) return;
    const context = { customer, outlet: outlet ?? {}, staff: me ?? {} };
    setType(t.type.slug);
    setMessage(renderTemplate(t.content_template, context));
    if (t.subject) setSubject(renderTemplate(t.subject, context));
  };

  const send = useAction(async () => {
    const body = type === "sms" ? { type, phone, message } : { type, email, subject, message };
    const parsed = messageSchemaFor(smsCountry).safeParse(body);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [i.path.join("."), i.message])));
      return;
    }
    setErrors({});
    try {
      if (order) await callEndpoint(sendOrderMessage, { params: { id: order.id }, body: body as never });
      else await callEndpoint(sendCustomerMessage, { params: { id: customer.id! }, body: body as never });
      showAlert({ variant: "success", message: MESSAGE_SENT });
      queryClient.invalidateQueries({ queryKey: ["customers"] });
      queryClient.invalidateQueries({ queryKey: ["notes"] });
      queryClient.invalidateQueries({ queryKey: ["jobs"] });
      onClose();
    } catch (err) {
      setFailure(errorText(err));
    }
  });

  return (
    <Modal opened onClose={onClose} title={`TO ${customerLabel(customer)}`} size="lg">
      <Stack gap="sm">
        {(failure || templates.error) && (
          <Alert color="red" variant="light">
            {failure ?? errorText(templates.error)}
          </Alert>
        )}
        <Group>
          <SegmentedControl
            value={type}
            onChange={(v) => setType(v as "sms" | "email")}
            data={[
              { value: "sms", label: "SMS" },
              { value: "email", label: "Email" },
            ]}
          />
          <Select
            placeholder="Use a template"
            aria-label="Template"
            w={260}
            data={(templates.data ?? []).map((t) => ({
              value: String(t.id),
              label: `${t.name} (${t.type.slug.toUpperCase()})`,
            }))}
            onChange={applyTemplate}
            clearable
          />
        </Group>
        {type === "sms" ? (
          <TextInput
            label="Mobile"
            value={phone}
            onChange={(e) => setPhone(e.currentTarget.value)}
            error={errors.phone}
          />
        ) : (
          <>
            <TextInput
              label="E-mail"
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
              error={errors.email}
            />
            <TextInput
              label="Subject"
              value={subject}
              onChange={(e) => setSubject(e.currentTarget.value)}
              error={errors.subject}
            />
          </>
        )}
        <Textarea
          label="Message"
          autosize
          minRows={4}
          value={message}
          onChange={(e) => setMessage(e.currentTarget.value)}
          error={errors.message}
        />
        {hasUnresolvedVariables(message) && (
          <Text size="xs" c="red">
            Replace every {"{{ }}"} placeholder before sending.
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={send.run} loading={send.isPending}>
            {type === "sms" ? "Send SMS" : "Send Email"}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
