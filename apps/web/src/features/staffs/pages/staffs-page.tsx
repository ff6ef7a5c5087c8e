import { Paper, Text } from "@mantine/core";
import { PageHeader } from "../../../components/page-header";

/** The spec lists /staffs as a placeholder screen. */
export default function StaffsPage() {
  return (
    <>
      <PageHeader title="Staffs" />
      <Paper withBorder p="md">
        <Text c="dimmed">Staff management is not part of this release.</Text>
      </Paper>
    </>
  );
}
