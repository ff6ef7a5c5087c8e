import { AppShell, Box, Group, Text } from "@mantine/core";
import { Outlet } from "react-router";
import { FullPageSpinner } from "../../components/spinner";
import { useEssentialReferenceData } from "../../features/reference/use-reference-data";
import { errorText } from "../../lib/errors";
import { Breadcrumb } from "./breadcrumb";
import { LocationSelector } from "./location-selector";
import { Logo } from "./logo";
import { NavTabs } from "./nav-tabs";
import { ProfileMenu } from "./profile-menu";
import { ShellProviders } from "./shell-providers";

/** The protected area's frame: top bar, tabs, breadcrumb; a spinner until the reference lists are in. */
export function AppLayout() {
  return (
    <ShellProviders>
      <AppFrame />
    </ShellProviders>
  );
}

function AppFrame() {
  const { ready, error } = useEssentialReferenceData();
  if (!ready) {
    return (
      <FullPageSpinner testId="app-loading">
        {error ? (
          <Text span c="red">
            {errorText(error)}
          </Text>
        ) : (
          "Loading Loupe…"
        )}
      </FullPageSpinner>
    );
  }
  return (
    <AppShell header={{ height: 56 }} padding="md">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Logo />
          <Group gap="md" wrap="nowrap">
            <LocationSelector />
            <ProfileMenu />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Main>
        <NavTabs />
        <Box py="xs">
          <Breadcrumb />
        </Box>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
