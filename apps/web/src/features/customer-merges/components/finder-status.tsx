import { Button, Group, Paper, Text } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useAlert } from "../../../app/alert-context";
import { errorText } from "../../../lib/errors";
import { useFormatExact } from "../../reference/use-date-format";
import { mergeKeys, useDuplicateFinder, useRunFinder } from "../api";
import { W } from "../merge-words";

/** When the finder last ran (or that it runs now), and "Find duplicates now". */
export function FinderStatus({ canRun }: { canRun: boolean }) {
  const finder = useDuplicateFinder();
  const run = useRunFinder();
  const { showAlert } = useAlert();
  const formatWhen = useFormatExact();
  const f = finder.data;
  const running = f?.running || run.isPending;
  // When a run ends, the list reads again: the pairs it found appear without a reload.
  const queryClient = useQueryClient();
  const wasRunning = useRef(false);
  useEffect(() => {
    if (wasRunning.current && f && !f.running)
      void queryClient.invalidateQueries({ queryKey: [...mergeKeys.all, "pairs"] });
    wasRunning.current = f?.running ?? false;
  }, [f, queryClient]);
  async function findNow() {
    if (run.isPending) return;
    try {
      await run.mutateAsync();
      showAlert({ variant: "success", message: W.findAsked });
    } catch (err) {
      showAlert({ variant: "danger", message: errorText(err) });
    }
  }
  return (
    <Paper withBorder p="sm" data-testid="duplicate-finder">
      <Group justify="space-between" gap="xs">
        <Text size="sm" aria-live="polite">
          <Text span fw={600}>
            {W.finder}:{" "}
          </Text>
          {!f
            ? "…"
            : f.running
              ? W.finderRunning
              : f.last_run_at
                ? W.finderLast(formatWhen(f.last_run_at), f.last_run_customers, f.last_run_ms)
                : W.finderNever}
          {f ? ` ${W.openPairs(f.open_pairs)}.` : ""}
        </Text>
        {canRun && (
          <Button size="xs" onClick={findNow} loading={running} disabled={!f}>
            {W.findNow}
          </Button>
        )}
      </Group>
    </Paper>
  );
}
