import type { CustomerWire } from "@loupe/contract";
import { customerLabel } from "@loupe/domain";
import { Alert, Button, Group, Loader, Modal, Radio, Stack, Text, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useState } from "react";
import { useNavigate } from "react-router";
import { errorText } from "../../../lib/errors";
import { formatDate } from "../../../lib/format";
import { useCustomerList } from "../../customers/api";
import { mergePath, W } from "../merge-words";

/**
 * "Merge with…" from a customer's profile: find the other record by name, email or mobile, then
 * compare the two on the merge screen (this customer kept; the screen can swap).
 */
export default function MergeWithModal({
  customer,
  onClose,
}: {
  customer: CustomerWire;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  const [text, setText] = useState("");
  const [q] = useDebouncedValue(text.trim(), 250);
  const [chosen, setChosen] = useState<string | null>(null);
  const [hint, setHint] = useState<string | null>(null);
  const list = useCustomerList("db", { q, page: 1, per_page: 10 }, q.length >= 2);
  const others = (list.data?.rows ?? []).filter((c) => c.id !== customer.id);
  const name = customerLabel(customer);
  return (
    <Modal opened onClose={onClose} title={W.mergeWithTitle(name)} size="lg">
      <Stack gap="sm">
        <TextInput
          label={W.searchLabel}
          description={W.searchHint}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          rightSection={list.isFetching ? <Loader size="xs" /> : null}
          data-autofocus
        />
        {list.error ? (
          <Alert color="red" variant="light" role="alert">
            {errorText(list.error)}
          </Alert>
        ) : q.length >= 2 && list.data && !others.length ? (
          <Text size="sm" c="dimmed">
            {W.noMatches}
          </Text>
        ) : others.length > 0 ? (
          <Radio.Group label={W.pickOther} value={chosen} onChange={setChosen}>
            <Stack gap="xs" mt="xs">
              {others.map((c) => (
                <Radio
                  key={c.id}
                  value={String(c.id)}
                  data-testid="merge-with-candidate"
                  label={`${customerLabel(c)} (#${c.id})`}
                  description={[c.email, c.mobile, c.dob ? formatDate(c.dob) : null]
                    .filter(Boolean)
                    .join(" · ")}
                />
              ))}
            </Stack>
          </Radio.Group>
        ) : null}
        {hint && (
          <Text size="sm" c="red" role="alert">
            {hint}
          </Text>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="subtle" onClick={onClose}>
            {W.cancel}
          </Button>
          <Button
            // Enabled before a choice, so the keyboard reaches it and hears why nothing happened.
            onClick={() =>
              chosen ? navigate(mergePath(customer.id, Number(chosen))) : setHint(W.chooseOtherFirst)
            }
          >
            {W.next}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
