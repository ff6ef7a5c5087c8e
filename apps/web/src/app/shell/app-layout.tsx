import { AppShell, Box, Center, Group, Loader, Stack, Text } from "@mantine/core";
import { Outlet } from "react-router";
import { useEssentialReferenceData } from "../../features/reference/use-reference-data";
import { errorText } from "../../lib/errors";
import { Breadcrumb } from "./breadcrumb";
import { LocationSelector } from "./location-selector";
import { Logo } from "./logo";
import { NavTabs } from "./nav-tabs";
import { ProfileMenu } from "./profile-menu";

/** The protected area's frame: top bar, tabs, breadcrumb; a spinner until the reference lists are in. */
export function AppLayout() {
  const { ready, error } = useEssentialReferenceData();
  if (!ready) {
    return (
      <Center h="100vh">
        <Stack align="center" gap="sm">
          <Loader data-testid="app-loading" />
          {error ? <Text c="red">{errorText(error)}</Text> : <Text c="dimmed">Loading Loupe…</Text>}
        </Stack>
      </Center>
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
