import { Anchor, Paper, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import { useImportRule } from "../use-import-rule";

/**
 * The Settings page's way into the imports (the tab strip has no room): shown to whoever the
 * customer rulebook lets import, drawn by nobody else. Loaded after the page (the rulebook it asks
 * is not part of the Settings page's first paint).
 */
export default function ImportsLink() {
  const rule = useImportRule();
  if (!rule.allowed) return null;
  return (
    <Paper withBorder p="md" mt="md" maw={520} data-testid="imports-settings">
      <Title order={4} mb={4}>
        Imports
      </Title>
      <Text size="sm" c="dimmed" mb="xs">
        Bring customers, prescriptions, PDs, notes, recalls and job history across from another system.
      </Text>
      <Anchor component={Link} to="/imports">
        Open imports
      </Anchor>
    </Paper>
  );
}
