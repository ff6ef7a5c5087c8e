import { Center, Paper, Stack, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { Logo } from "../../../app/shell/logo";

export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Center mih="100vh" bg="gray.0">
      <Paper withBorder shadow="sm" p="xl" radius="md" w={400}>
        <Stack gap="md">
          <Center>
            <Logo />
          </Center>
          <Title order={2} ta="center">
            {title}
          </Title>
          {children}
        </Stack>
      </Paper>
    </Center>
  );
}
