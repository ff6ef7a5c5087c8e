import { Group, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { useDocumentTitle } from "../lib/use-document-title";

/**
 * A screen's title with its actions on the right.
 * @example <PageHeader title="Customers" actions={<Button>New Customer</Button>} />
 */
export function PageHeader({ title, actions }: { title: ReactNode; actions?: ReactNode }) {
  // Every screen names its browser tab ("Jobs · Loupe"); an open record adds its own name first.
  useDocumentTitle([typeof title === "string" ? title : null]);
  return (
    <Group justify="space-between" mb="md" wrap="nowrap">
      <Title order={2}>{title}</Title>
      {actions ? <Group gap="xs">{actions}</Group> : null}
    </Group>
  );
}
