import type { RecallRow } from "@loupe/contract";
import { Button, Group, Text } from "@mantine/core";
import { lazy, Suspense, useState } from "react";
import { useAlert } from "../../../app/alert-context";
import { errorText } from "../../../lib/errors";
import { useUserTimeZone } from "../../reference/use-date-format";
import { type BulkAction, useBulkRecalls } from "../api";

// The snooze form (date picker, the domain's rule) loads on its first use, not with the list.
const SnoozeModal = lazy(() => import("./snooze-modal"));

const DONE_WORDS: Record<BulkAction, string> = {
  send_now: "sent now",
  snooze: "snoozed",
  booked: "marked booked",
  declined: "marked declined",
};

/**
 * The chosen recalls' actions (issue 28): send the next step now, snooze (date + reason), mark
 * booked or declined. The server changes all of them or none; a recall someone changed since the
 * list was read refuses the lot (409), said in words, and the list is read again.
 */
export function RecallBulkBar({
  selected,
  onDone,
  refusal = null,
}: {
  selected: RecallRow[];
  onDone: () => void;
  /** Why this user may not act on recalls (the server's rule: managers and administrators), or null. */
  refusal?: string | null;
}) {
  const bulk = useBulkRecalls();
  const { showAlert } = useAlert();
  const timeZone = useUserTimeZone();
  const [snoozing, setSnoozing] = useState(false);
  const none = selected.length === 0 || !!refusal;
  const title = refusal ?? undefined;

  async function run(action: BulkAction, extra: { until?: string; reason?: string } = {}) {
    try {
      const res = await bulk.mutateAsync({ action, rows: selected, ...extra });
      showAlert({
        variant: "success",
        message: res.message || `${selected.length} recalls ${DONE_WORDS[action]}.`,
      });
      onDone();
      return true;
    } catch (err) {
      // The conflict wording (who changed it, when, on this outlet's clock) loads only on a failure:
      // it parses the answer's details with the contract's schema, kept off the list's first load.
      const { versionConflictText } = await import("../../../lib/conflict");
      const conflictText = versionConflictText(err, timeZone);
      const conflict = conflictText !== null || (err as { status?: number }).status === 409;
      const text = conflictText ?? errorText(err);
      showAlert({
        variant: "danger",
        message: conflict ? `${text} Nothing was changed; the list has been read again.` : text,
      });
      if (conflict) onDone();
      return false;
    }
  }

  return (
    <Group gap="xs" data-testid="recall-bulk">
      <Text size="sm" c="dimmed">
        {refusal ?? (selected.length === 0 ? "Choose recalls to act on them" : `${selected.length} chosen`)}
      </Text>
      <Button
        size="xs"
        variant="light"
        title={title}
        disabled={none}
        loading={bulk.isPending}
        onClick={() => run("send_now")}
      >
        Send now
      </Button>
      <Button
        size="xs"
        variant="light"
        title={title}
        disabled={none || bulk.isPending}
        onClick={() => setSnoozing(true)}
      >
        Snooze…
      </Button>
      <Button
        size="xs"
        variant="light"
        color="green"
        title={title}
        disabled={none}
        loading={bulk.isPending}
        onClick={() => run("booked")}
      >
        Booked
      </Button>
      <Button
        size="xs"
        variant="light"
        color="gray"
        title={title}
        disabled={none}
        loading={bulk.isPending}
        onClick={() => run("declined")}
      >
        Declined
      </Button>
      {snoozing && (
        <Suspense fallback={null}>
          <SnoozeModal
            count={selected.length}
            onClose={() => setSnoozing(false)}
            onSnooze={async (until, reason) => {
              if (await run("snooze", { until, reason })) setSnoozing(false);
            }}
          />
        </Suspense>
      )}
    </Group>
  );
}
