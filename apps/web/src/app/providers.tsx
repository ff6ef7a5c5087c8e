import "@mantine/core/styles.css";
import "@mantine/dates/styles.css";
import "@mantine/notifications/styles.css";
import { type CSSVariablesResolver, createTheme, MantineProvider } from "@mantine/core";
import { DatesProvider } from "@mantine/dates";
import { ModalsProvider } from "@mantine/modals";
import { Notifications } from "@mantine/notifications";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { ApiError } from "../lib/api-client";
import { AlertProvider } from "./alert-context";

// Shade 8 of the primary colour: white on blue.6 (Mantine's default) is 3.5:1, below WCAG AA's
// 4.5:1; blue.8 is 4.9:1. Dimmed text likewise moves from gray.6 (3.3:1 on white) to gray.7.
const theme = createTheme({ primaryColor: "blue", primaryShade: 8, defaultRadius: "sm" });
const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { "--mantine-color-dimmed": "var(--mantine-color-gray-7)" },
  dark: {},
});

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
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      {/* en-au: day-month-year and Monday first in every date picker (spec §9). */}
      <DatesProvider settings={{ locale: "en-au", firstDayOfWeek: 1 }}>
        <QueryClientProvider client={queryClient}>
          <AlertProvider>
            <ModalsProvider>
              <Notifications />
              {children}
            </ModalsProvider>
          </AlertProvider>
        </QueryClientProvider>
      </DatesProvider>
    </MantineProvider>
  );
}
