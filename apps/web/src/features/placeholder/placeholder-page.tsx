import { Paper, Text } from "@mantine/core";
import { PageHeader } from "../../components/page-header";

/** Stands in for a screen whose issue has not landed yet. */
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <>
      <PageHeader title={title} />
      <Paper withBorder p="md">
        <Text c="dimmed">This screen arrives with its own issue.</Text>
      </Paper>
    </>
  );
}
