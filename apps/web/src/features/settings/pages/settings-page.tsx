import { Button, Paper, Stack, Text } from "@mantine/core";
import { PageHeader } from "../../../components/page-header";
import { clearCache } from "../../../lib/cache";
import { TemplatesManager } from "../components/templates-manager";

export default function SettingsPage() {
  return (
    <>
      <PageHeader title="Settings" />
      <Paper withBorder p="md" maw={520}>
        <Stack gap="sm" align="flex-start">
          <Text size="sm" c="dimmed">
            Outlets, statuses, sources and other lists are kept in this browser for up to a week. Clear them
            to load fresh copies.
          </Text>
          <Button
            onClick={() => {
              clearCache();
              window.location.reload();
            }}
          >
            Clear Cache
          </Button>
        </Stack>
      </Paper>
      <TemplatesManager />
    </>
  );
}
