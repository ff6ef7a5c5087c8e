import { Group, Title } from "@mantine/core";
import type { ReactNode } from "react";

/**
 * A screen's title with its actions on the right.
 * @example <PageHeader title="Customers" actions={<Button>New Customer</Button>} />
 */
export function PageHeader({ title, actions }: { title: ReactNode; actions?: ReactNode }) {
  return (
    <Group justify="space-between" mb="md" wrap="nowrap">
      <Title order={2}>{title}</Title>
      {actions ? <Group gap="xs">{actions}</Group> : null}
    </Group>
  );
}
