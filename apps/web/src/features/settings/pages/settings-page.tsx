import { isAdmin } from "@loupe/domain";
import { Button, Paper, Stack, Text } from "@mantine/core";
import { lazy, Suspense } from "react";
import { PageHeader } from "../../../components/page-header";
import { clearCache } from "../../../lib/cache";
import { ReadySettingsForm } from "../../ready-messages/components/ready-settings-form";
import { useCurrentUser } from "../../reference/use-reference-data";
import { OutletTimeZonesManager } from "../components/outlet-time-zones-manager";
import { RolesManager } from "../components/roles-manager";
import { SuppliersManager } from "../components/suppliers-manager";
import { TemplatesManager } from "../components/templates-manager";
import { WorkshopSettingsManager } from "../components/workshop-settings-manager";

// Recall types (issue 28) bring the form library and their own schemas: loaded after the page.
const RecallTypesManager = lazy(() => import("../../recalls/components/recall-types-manager"));

export default function SettingsPage() {
  const { data: me } = useCurrentUser();
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
      {/* Suppliers and their contacts are the administrators' (the server refuses anyone else). */}
      {me && isAdmin(me) && <RolesManager />}
      {me && isAdmin(me) && <SuppliersManager />}
      {me && isAdmin(me) && <OutletTimeZonesManager />}
      {me && isAdmin(me) && <ReadySettingsForm />}
      {me && isAdmin(me) && <WorkshopSettingsManager />}
      {/* Everyone reads the recall types; administrators change them. */}
      <Suspense fallback={null}>
        <RecallTypesManager />
      </Suspense>
    </>
  );
}
