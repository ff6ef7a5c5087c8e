import { Box, Group, Text } from "@mantine/core";
import { Outlet } from "react-router";
import { FullPageSpinner } from "../../components/spinner";
import { useEssentialReferenceData } from "../../features/reference/use-reference-data";
import { errorText } from "../../lib/errors";
import { Breadcrumb } from "./breadcrumb";
import { KeyboardShortcuts } from "./keyboard-shortcuts";
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
  // A plain header and main rather than Mantine's AppShell, whose scroll-lock helper the first
  // screen does not need (issue 16: ≤ 200 KB); the header stays on top while the page scrolls.
  return (
    <>
      <Box
        component="header"
        h={56}
        px="md"
        pos="sticky"
        top={0}
        bg="var(--mantine-color-body)"
        style={{ zIndex: 100, borderBottom: "1px solid var(--mantine-color-gray-3)" }}
      >
        <Group h="100%" justify="space-between" wrap="nowrap">
          <Logo />
          <Group gap="md" wrap="nowrap">
            <LocationSelector />
            <ProfileMenu />
          </Group>
        </Group>
      </Box>
      <Box component="main" p="md">
        <NavTabs />
        <Box py="xs">
          <Breadcrumb />
        </Box>
        <Outlet />
        <KeyboardShortcuts />
      </Box>
    </>
  );
}
