import { Center, Loader, Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";

/** A centred loader for a panel or a lazy page; `label` names what is loading for screen readers. */
export function Spinner({ label = "Loading", py = "xl" }: { label?: string; py?: string | number }) {
  return (
    <Center py={py}>
      <Loader aria-label={label} role="status" />
    </Center>
  );
}

/** Covers the whole viewport: the shell while its reference lists load, the logout page. */
export function FullPageSpinner({ children, testId }: { children?: ReactNode; testId?: string }) {
  return (
    <Center h="100vh">
      <Stack align="center" gap="sm">
        <Loader data-testid={testId} aria-label="Loading" role="status" />
        {children ? <Text c="dimmed">{children}</Text> : null}
      </Stack>
    </Center>
  );
}
