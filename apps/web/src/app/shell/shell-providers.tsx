import { DatesProvider } from "@mantine/dates";
import { ModalsProvider } from "@mantine/modals";
import { Notifications } from "@mantine/notifications";
import type { ReactNode } from "react";

/**
 * What only the signed-in screens use: date pickers, confirm modals, notifications. Set up here,
 * in the lazily loaded shell, so the sign-in page does not load them (issue 16: ≤ 120 KB).
 */
export function ShellProviders({ children }: { children: ReactNode }) {
  return (
    // en-au: day-month-year and Monday first in every date picker (spec §9).
    <DatesProvider settings={{ locale: "en-au", firstDayOfWeek: 1 }}>
      <ModalsProvider>
        <Notifications />
        {children}
      </ModalsProvider>
    </DatesProvider>
  );
}
