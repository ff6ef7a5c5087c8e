import "@mantine/core/styles.css";
import "@mantine/dates/styles.css";
import "@mantine/notifications/styles.css";
import { createTheme, MantineProvider } from "@mantine/core";
import { ModalsProvider } from "@mantine/modals";
import { Notifications } from "@mantine/notifications";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { ApiError } from "../lib/api-client";
import { AlertProvider } from "./alert-context";

const theme = createTheme({ primaryColor: "blue", defaultRadius: "sm" });

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // Client errors will not fix themselves on a retry; network blips might.
      retry: (count, err) => !(err instanceof ApiError && err.status >= 400 && err.status < 500) && count < 2,
      refetchOnWindowFocus: false,
    },
  },
});

export function Providers({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <AlertProvider>
          <ModalsProvider>
            <Notifications />
            {children}
          </ModalsProvider>
        </AlertProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
