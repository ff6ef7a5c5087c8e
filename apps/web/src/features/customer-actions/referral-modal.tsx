import {
  type CustomerWire,
  checkReferral,
  defineReferral,
  listCustomers,
  undefineReferral,
} from "@loupe/contract";
import { customerLabel, PAGE_SIZE } from "@loupe/domain";
import { Alert, Badge, Button, Group, Modal, Stack, Table, Text, TextInput } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useAlert } from "../../app/alert-context";
import { ApiError, callEndpoint } from "../../lib/api-client";
import { errorText } from "../../lib/errors";
import { useAction } from "../../lib/use-action";

const STATUS_LABEL = { USEABLE: "Redeemable", USED: "Redeemed" } as const;

/** Invite a friend: the customer's referral status, a customer search, and Invite per result. */
export function ReferralModal({ customer, onClose }: { customer: CustomerWire; onClose: () => void }) {
  const { showAlert } = useAlert();
  const queryClient = useQueryClient();
  const [q, setQ] = useState("");
  const [results, setResults] = useState<CustomerWire[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const status = useQuery({
    queryKey: ["referral", customer.id],
    queryFn: async () => (await callEndpoint(checkReferral, { params: { id: customer.id } })).data,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ["referral"] });

  const search = async () => {
    setFailure(null);
    if (!q.trim()) {
      setFailure("Search is null");
      return;
    }
    try {
      const res = await callEndpoint(listCustomers, { query: { q, page: 1, per_page: PAGE_SIZE.referrals } });
      setResults(res.data.filter((c) => c.id !== customer.id));
    } catch (err) {
      setFailure(errorText(err));
    }
  };
  const invite = useAction(async (friend: CustomerWire) => {
    try {
      const res = await callEndpoint(defineReferral, { params: { a: customer.id, b: friend.id } });
      showAlert({ variant: "success", message: res.message });
      refresh();
    } catch (err) {
      const already = err instanceof ApiError && err.body.message === "Referral already defined";
      showAlert({
        variant: "danger",
        message: already ? "This customer is already invited" : errorText(err, "err"),
      });
    }
  });
  const undefine = useAction(async () => {
    try {
      const res = await callEndpoint(undefineReferral, { params: { id: customer.id } });
      showAlert({ variant: "success", message: res.message });
      refresh();
    } catch (err) {
      showAlert({ variant: "danger", message: errorText(err) });
    }
  });

  const s = status.data;
  return (
    <Modal opened onClose={onClose} title={`Invite a friend of ${customerLabel(customer)}`} size="lg">
      <Stack gap="sm">
        {status.error && <Alert color="red">{errorText(status.error, "err")}</Alert>}
        {s && (
          <Group>
            <Badge size="lg" variant="light">
              Invites left: {s.useable_invites}
            </Badge>
            {s.self_referral_status && (
              <Badge size="lg" color={s.self_referral_status === "USED" ? "gray" : "green"}>
                {STATUS_LABEL[s.self_referral_status]}
              </Badge>
            )}
            {s.invited_by && (
              <Group gap="xs">
                <Text size="sm">Invited by {s.invited_by.full_name}</Text>
                <Button
                  size="compact-xs"
                  variant="subtle"
                  color="red"
                  onClick={undefine.run}
                  loading={undefine.isPending}
                >
                  Undefine
                </Button>
              </Group>
            )}
          </Group>
        )}
        <Group>
          <TextInput
            aria-label="Search customers to invite"
            placeholder="Search customers"
            w={320}
            value={q}
            onChange={(e) => setQ(e.currentTarget.value)}
            onKeyDown={(e) => e.key === "Enter" && search()}
          />
          <Button onClick={search}>Search</Button>
        </Group>
        {failure && (
          <Alert color="red" variant="light">
            {failure}
          </Alert>
        )}
        {results && (
          <Table>
            <Table.Tbody>
              {results.map((c) => (
                <Table.Tr key={c.id}>
                  <Table.Td>{customerLabel(c)}</Table.Td>
                  <Table.Td>{c.email}</Table.Td>
                  <Table.Td>
                    <Button
                      size="compact-xs"
                      onClick={() => invite.run(c)}
                      loading={invite.isPending && invite.variables?.[0].id === c.id}
                      disabled={invite.isPending}
                    >
                      Invite
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Modal>
  );
}
