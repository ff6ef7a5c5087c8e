import { MantineProvider } from "@mantine/core";
import { DatesProvider } from "@mantine/dates";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactElement } from "react";
import { vi } from "vitest";
import { AlertProvider } from "../app/alert-context";
import { ConfirmHost } from "../components/confirm-dialog";

/** A screen part as the signed-in shell shows it: Mantine, en-AU date pickers, a fresh query cache, confirms. */
export function renderInShell(ui: ReactElement) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const user = userEvent.setup();
  const view = render(
    <MantineProvider env="test">
      <QueryClientProvider client={queryClient}>
        <DatesProvider settings={{ locale: "en-au", firstDayOfWeek: 1 }}>
          <AlertProvider>{ui}</AlertProvider>
          <ConfirmHost />
        </DatesProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { user, ...view };
}

/** The signed-in user and empty reference lists: what a screen reads before the call under test. */
export const referenceAnswer = (url: string) =>
  url.endsWith("/me")
    ? { data: { id: 1, name: "Test Staff", outlet_id: 1, outlet: { id: 1, name: "Newtown", region_id: 1 } } }
    : { data: [] };

/**
 * Replaces fetch with one that records what was sent: reads (GET) get `referenceAnswer`, writes
 * get `answer`.
 */
export function stubFetch(
  answer: (url: string, init: RequestInit) => unknown = () => ({ data: {} }),
  read: (url: string) => unknown = referenceAnswer,
) {
  const calls: { url: string; method: string; body: unknown }[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    calls.push({
      url,
      method: init.method ?? "GET",
      body: init.body ? JSON.parse(String(init.body)) : undefined,
    });
    const reply = (init.method ?? "GET") === "GET" ? read(url) : answer(url, init);
    return new Response(JSON.stringify(reply), {
      status: 200,
      headers: { "content-type": "application/json" },
    });
  });
  vi.stubGlobal("fetch", fetchStub);
  return calls;
}
