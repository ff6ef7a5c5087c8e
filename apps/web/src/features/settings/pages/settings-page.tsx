import { isAdmin } from "@loupe/domain";
import { Anchor, Button, Paper, Stack, Text, Title } from "@mantine/core";
import { lazy, Suspense } from "react";
import { Link } from "react-router";
import { PageHeader } from "../../../components/page-header";
import { clearCache } from "../../../lib/cache";
import { useCurrentUser } from "../../reference/use-reference-data";
import { TemplatesManager } from "../components/templates-manager";

// The administrators' sections (roles, suppliers, time zones, ready messages, workshop) load only
// for an administrator: everyone else opens Settings for the templates and the cache (issue 31).
const RolesManager = lazy(() =>
  import("../components/roles-manager").then((m) => ({ default: m.RolesManager })),
);
const SuppliersManager = lazy(() =>
  import("../components/suppliers-manager").then((m) => ({ default: m.SuppliersManager })),
);
const OutletTimeZonesManager = lazy(() =>
  import("../components/outlet-time-zones-manager").then((m) => ({ default: m.OutletTimeZonesManager })),
);
const ReadySettingsForm = lazy(() =>
  import("../../ready-messages/components/ready-settings-form").then((m) => ({
    default: m.ReadySettingsForm,
  })),
);
const WorkshopSettingsManager = lazy(() =>
  import("../components/workshop-settings-manager").then((m) => ({ default: m.WorkshopSettingsManager })),
);

const ImportsLink = lazy(() => import("../../imports/components/imports-link"));

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
      {/* The catalogue has its own page (issue 44): a link here, its code loads only there. */}
      {me && isAdmin(me) && (
        <Paper withBorder p="md" mt="md" maw={520} data-testid="catalogue-settings">
          <Title order={4} mb={4}>
            Catalogue
          </Title>
          <Text size="sm" c="dimmed" mb="xs">
            Frames, lenses, contact lenses, services and add-ons with their price in each region.
          </Text>
          <Anchor component={Link} to="/settings/catalogue">
            Open the catalogue
          </Anchor>
        </Paper>
      )}
      {/* Imports (issue 46): whoever the customer rulebook lets import; loaded after the page. */}
      <Suspense fallback={null}>
        <ImportsLink />
      </Suspense>
      {/* Suppliers and their contacts are the administrators' (the server refuses anyone else). */}
      {me && isAdmin(me) && (
        // One boundary for all five, so they appear together and in this order.
        <Suspense fallback={null}>
          <RolesManager />
          <SuppliersManager />
          <OutletTimeZonesManager />
          <ReadySettingsForm />
          <WorkshopSettingsManager />
        </Suspense>
      )}
      {/* Everyone reads the recall types; administrators change them. */}
      <Suspense fallback={null}>
        <RecallTypesManager />
      </Suspense>
    </>
  );
}
