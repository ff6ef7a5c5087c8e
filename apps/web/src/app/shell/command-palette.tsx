import { customerLabel, isAdmin, isSearchTooShort, JOBS_DEFAULT_SORT } from "@loupe/domain";
import {
  Badge,
  Group,
  Loader,
  Modal,
  ScrollArea,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { type KeyboardEvent, useState } from "react";
import { useNavigate } from "react-router";
import { COUNTER_LABELS, type CounterMode, newCounterPath } from "../../features/counter/counter-paths";
import { useCounterRule } from "../../features/counter/use-counter-rule";
import { useCustomerList } from "../../features/customers/api";
import { useJobs } from "../../features/jobs/api/jobs-queries";
import { useCurrentUser } from "../../features/reference/use-reference-data";
import { NAV_TABS } from "./nav-items";

interface Entry {
  key: string;
  kind: "Customer" | "Job" | "Screen" | "Action";
  label: string;
  detail?: string;
  run: () => void;
}

/**
 * Ctrl/⌘+K (issue 29): one box that finds a customer (name, e-mail, mobile) or a job (invoice,
 * surname) with the lists' own searches, jumps to any screen, and runs "New customer", "New job"
 * and "New quote". ↑/↓ pick, Enter opens. Loaded only when first opened, so the first screen does not carry it.
 */
export default function CommandPalette({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const { data: me } = useCurrentUser();
  const [text, setText] = useState("");
  const [active, setActive] = useState(0);
  const [q] = useDebouncedValue(text.trim(), 200);
  const searching = q.length > 0 && !isSearchTooShort(q);
  const customers = useCustomerList(
    "db",
    { q, dob: "", region_id: "", page: 1, per_page: 5, sort_by: "", sort_direction: "", r: "" },
    opened && searching,
  );
  const jobs = useJobs({ q, per_page: "5", ...JOBS_DEFAULT_SORT }, "db", opened && searching);
  // Issue 44: "New job" and "New quote" at the staff member's outlet, when the outlet rulebook lets them.
  const jobRule = useCounterRule("job");
  const quoteRule = useCounterRule("quote");
  const starts = (
    [
      ["job", jobRule],
      ["quote", quoteRule],
    ] as const
  ).filter(([, v]) => v.allowed || v.refusal === "approval");

  const go = (path: string, state?: unknown) => () => {
    onClose();
    setText("");
    navigate(path, { state });
  };
  // Screens and actions match what is typed now; search results only once they answer this very
  // text (not the previous one kept on screen while it loads), so Enter never opens a stale hit.
  const typed = text.trim().toLowerCase();
  const fresh = searching && q === text.trim();
  const found = <T,>(r: { data?: { rows: T[] }; isPlaceholderData: boolean }) =>
    fresh && !r.isPlaceholderData ? (r.data?.rows ?? []) : [];
  const entries: Entry[] = [
    ...(!typed || "new customer".includes(typed)
      ? [
          {
            key: "new-customer",
            kind: "Action" as const,
            label: "New customer",
            run: go("/customers", { newCustomer: true }),
          },
        ]
      : []),
    ...starts
      .filter(([mode]) => !typed || COUNTER_LABELS[mode].toLowerCase().includes(typed))
      .map(([mode]: readonly [CounterMode, unknown]) => ({
        key: `new-${mode}`,
        kind: "Action" as const,
        label: COUNTER_LABELS[mode],
        detail: "for a customer or a guest",
        run: go(newCounterPath(mode)),
      })),
    ...found(customers).map((c) => ({
      key: `c${c.id}`,
      kind: "Customer" as const,
      label: customerLabel(c),
      detail: [c.email, c.mobile].filter(Boolean).join(" · "),
      run: go(`/customers/${c.id}`),
    })),
    ...found(jobs).map((j) => ({
      key: `j${j.id}`,
      kind: "Job" as const,
      label: j.vend_invoice_number,
      detail: `${j.customer?.first_name ?? ""} ${j.customer?.last_name ?? ""} · ${j.dispense_status.display_name}`,
      run: go(`/jobs/${encodeURIComponent(j.vend_invoice_number)}`),
    })),
    ...NAV_TABS.filter((t) => !t.adminOnly || (me && isAdmin(me)))
      .filter((t) => !typed || t.label.toLowerCase().includes(typed))
      .map((t) => ({ key: `s${t.path}`, kind: "Screen" as const, label: t.label, run: go(t.path) })),
  ];
  const current = Math.min(active, Math.max(0, entries.length - 1));
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === "ArrowDown") {
      e.preventDefault();
      setActive((current + 1) % Math.max(1, entries.length));
    } else if (e.key === "ArrowUp") {
      e.preventDefault();
      setActive((current - 1 + entries.length) % Math.max(1, entries.length));
    } else if (e.key === "Enter") {
      e.preventDefault();
      entries[current]?.run();
    }
  };
  const busy =
    (searching && (customers.isFetching || jobs.isFetching)) ||
    (text.trim() !== q && !isSearchTooShort(text));

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Go to…"
      size="lg"
      yOffset="10vh"
      data-testid="command-palette"
    >
      <TextInput
        data-autofocus
        aria-label="Find a customer, a job or a screen"
        placeholder="Customer name, e-mail or mobile · invoice or surname · screen"
        value={text}
        onChange={(e) => {
          setText(e.currentTarget.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
        rightSection={busy ? <Loader size="xs" /> : null}
      />
      <ScrollArea.Autosize mah="55vh" mt="sm">
        <Stack gap={2} role="listbox" aria-label="Results">
          {entries.map((e, i) => (
            <UnstyledButton
              key={e.key}
              role="option"
              aria-selected={i === current}
              data-testid="palette-entry"
              onClick={e.run}
              onMouseEnter={() => setActive(i)}
              px="sm"
              py={6}
              style={{
                borderRadius: 4,
                background: i === current ? "var(--mantine-color-blue-light)" : undefined,
              }}
            >
              <Group gap="sm" wrap="nowrap">
                <Badge size="xs" variant="light" w={70}>
                  {e.kind}
                </Badge>
                <Text size="sm" fw={600}>
                  {e.label}
                </Text>
                {e.detail && (
                  <Text size="xs" c="dimmed" truncate>
                    {e.detail}
                  </Text>
                )}
              </Group>
            </UnstyledButton>
          ))}
          {q.length > 0 && isSearchTooShort(q) && (
            <Text size="xs" c="dimmed" px="sm">
              Type 3 characters or more to find customers and jobs.
            </Text>
          )}
        </Stack>
      </ScrollArea.Autosize>
    </Modal>
  );
}
