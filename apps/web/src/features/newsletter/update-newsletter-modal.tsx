import { type SubscriberWire, updateSubscriber } from "@loupe/contract";
import {
  channelsForOptIn,
  isOptInConsistent,
  OPT_IN_LABELS,
  OPT_IN_VALUES,
  type OptIn,
  optInForChannels,
} from "@loupe/domain";
import { Alert, Button, Checkbox, Group, List, Modal, Radio, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { callEndpoint } from "../../lib/api-client";
import { errorList } from "../../lib/errors";
import { useAction } from "../../lib/use-action";

/** Update Newsletter: opt-in and channels, kept consistent the spec's way; failures listed in the modal. */
export function UpdateNewsletterModal(props: {
  subscriber: SubscriberWire;
  onClose: () => void;
  onSaved: () => void;
}) {
  const s = props.subscriber;
  const [type, setType] = useState<OptIn>(s.send_type);
  const [ch, setCh] = useState(() => {
    const saved = { channel_email: s.send_email, channel_phone: s.send_phone, channel_sms: s.send_sms };
    // A record saved before the rule held opens consistent: its choice decides the channels.
    return isOptInConsistent(s.send_type, saved) ? saved : channelsForOptIn(s.send_type);
  });
  const [errors, setErrors] = useState<string[]>([]);
  const setChannel = (k: keyof typeof ch, on: boolean) => {
    const next = { ...ch, [k]: on };
    setCh(next);
    setType(optInForChannels(type, next));
  };
  const save = useAction(async () => {
    try {
      await callEndpoint(updateSubscriber, {
        body: {
          email: s.user_email,
          send_type: type,
          send_email: ch.channel_email,
          send_phone: ch.channel_phone,
          send_sms: ch.channel_sms,
          region: s.source_country,
        },
      });
      props.onSaved();
      props.onClose();
    } catch (err) {
      setErrors(errorList(err));
    }
  });
  return (
    <Modal opened onClose={props.onClose} title="Update Newsletter">
      <Stack>
        <Text size="sm">{s.user_email}</Text>
        {errors.length > 0 && (
          <Alert color="red" variant="light">
            <List size="sm">
              {errors.map((e) => (
                <List.Item key={e}>{e}</List.Item>
              ))}
            </List>
          </Alert>
        )}
        <Radio.Group
          value={type}
          onChange={(v) => {
            setType(v as OptIn);
            setCh(channelsForOptIn(v as OptIn));
          }}
        >
          <Stack gap={6}>
            {OPT_IN_VALUES.map((v) => (
              <Radio key={v} value={v} label={OPT_IN_LABELS[v]} />
            ))}
          </Stack>
        </Radio.Group>
        <Group>
          <Checkbox
            label="Email"
            checked={ch.channel_email}
            onChange={(e) => setChannel("channel_email", e.currentTarget.checked)}
          />
          <Checkbox
            label="Phone"
            checked={ch.channel_phone}
            onChange={(e) => setChannel("channel_phone", e.currentTarget.checked)}
          />
          <Checkbox
            label="Sms"
            checked={ch.channel_sms}
            onChange={(e) => setChannel("channel_sms", e.currentTarget.checked)}
          />
        </Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            Cancel
          </Button>
          <Button onClick={save.run} loading={save.isPending}>
            Update
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
