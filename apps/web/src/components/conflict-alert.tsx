import { Alert, Button, Group, Text } from "@mantine/core";

/**
 * Someone else saved first: says who and when, keeps the form as typed, and offers to load their
 * version (which replaces the form) instead of overwriting it.
 */
export function ConflictAlert({
  message,
  onReload,
  reloading,
}: {
  message: string;
  onReload: () => void;
  reloading?: boolean;
}) {
  return (
    <Alert color="orange" variant="light" data-testid="version-conflict" title="Changed by someone else">
      <Group justify="space-between" wrap="nowrap" align="center">
        <Text size="sm">{message}</Text>
        <Button
          size="xs"
          variant="filled"
          color="orange"
          onClick={onReload}
          loading={reloading}
          style={{ flexShrink: 0 }}
        >
          Reload
        </Button>
      </Group>
    </Alert>
  );
}
