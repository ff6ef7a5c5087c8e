import { DatesProvider } from "@mantine/dates";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { ConfirmHost } from "../../components/confirm-dialog";
import { ApiError } from "../../lib/api-client";

const newQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: {
        // Client errors will not fix themselves on a retry; network blips might.
        retry: (count, err) =>
          !(err instanceof ApiError && err.status >= 400 && err.status < 500) && count < 2,
        refetchOnWindowFocus: false,
      },
    },
  });

/**
 * What only the signed-in screens use: the query cache, date pickers, confirm dialogs. (No screen
 * shows a Mantine notification, so their container is not mounted: 6 KB less.) Set up here, in the lazily loaded shell, so the sign-in page does not load them
 * (issue 16: ≤ 120 KB). The cache lives as long as the shell: signing out or an expired session
 * leaves it for /login, so the next user starts with an empty one.
 */
export function ShellProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(newQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      {/* en-au: day-month-year and Monday first in every date picker (spec §9). */}
      <DatesProvider settings={{ locale: "en-au", firstDayOfWeek: 1 }}>
        {children}
        <ConfirmHost />
      </DatesProvider>
    </QueryClientProvider>
  );
}
