import { Button, Group, PasswordInput, Stack, Text, TextInput, Title } from "@mantine/core";

/**
 * A manager signs in inside the staff member's dialog to approve what their role may not do alone
 * (a refund over the limit, a discount over the limit). The dialog keeps the fields' state and
 * sends the approval; this is how the request looks wherever it is asked.
 */
export function ManagerApprovalBox(props: {
  /** Why an approval is needed, in the server's or the rule's words. */
  reason: string;
  error: string | null | undefined;
  email: string;
  password: string;
  onEmail: (value: string) => void;
  onPassword: (value: string) => void;
  onApprove: () => void;
  pending: boolean;
  /** Besides empty fields: the request itself is not ready (e.g. an invalid discount). */
  blocked?: boolean;
}) {
  return (
    <Stack gap="xs" p="sm" bg="yellow.0" style={{ borderRadius: 4 }} data-testid="manager-approval">
      <Title order={5}>Manager approval</Title>
      <Text size="sm">{props.reason} A manager of this region signs in here to approve it.</Text>
      {props.error && (
        <Text size="sm" c="red">
          {props.error}
        </Text>
      )}
      <TextInput
        label="Manager's e-mail"
        type="email"
        autoComplete="off"
        value={props.email}
        onChange={(e) => props.onEmail(e.currentTarget.value)}
      />
      <PasswordInput
        label="Manager's password"
        autoComplete="new-password"
        value={props.password}
        onChange={(e) => props.onPassword(e.currentTarget.value)}
      />
      <Group justify="flex-end">
        <Button
          color="yellow.8"
          disabled={!props.email || !props.password || props.blocked}
          loading={props.pending}
          onClick={props.onApprove}
        >
          Approve
        </Button>
      </Group>
    </Stack>
  );
}
