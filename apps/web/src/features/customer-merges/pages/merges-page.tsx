import type { CustomerMergeWire } from "@loupe/contract";
import { CUSTOMER_RULE_MESSAGES } from "@loupe/domain";
import { Button, Group, Paper, Skeleton, Stack, Text } from "@mantine/core";
import { Link, useSearchParams } from "react-router";
import { useAlert } from "../../../app/alert-context";
import { confirmAction } from "../../../components/confirm-dialog";
import { ErrorState } from "../../../components/error-state";
import { PageHeader } from "../../../components/page-header";
import { PaginationBar } from "../../../components/pagination-bar";
import { useFormatExact } from "../../reference/use-date-format";
import { useFailureText } from "../../reference/use-version-conflict";
import { useCustomerMerges, useUndoMerge } from "../api";
import { DUPLICATES_PATH, W } from "../merge-words";
import { type DecideCustomer, useCustomerRule } from "../use-customer-rule";

const movedText = (moved: Record<string, number>) =>
  Object.entries(moved)
    .filter(([, n]) => n > 0)
    .map(([label, n]) => `${label}: ${n}`)
    .join(" · ") || W.movedNothing;

/**
 * Merge history (issue 46): every merge newest first, who was kept and who merged away, what moved,
 * who merged and when; an administrator may undo one within 30 days of it.
 */
export default function MergesPage() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get("page")) || 1);
  // One customer's merges, from its History panel; every merge otherwise.
  const customerId = Number(params.get("customer_id")) || undefined;
  const merges = useCustomerMerges(page, customerId);
  const decide = useCustomerRule();
  const pagination = merges.data?.meta.pagination;
  const rows = merges.data?.data ?? [];
  return (
    <Stack gap="md" data-testid="merges-page">
      <PageHeader
        title={W.mergesTitle}
        actions={
          <Button size="xs" variant="default" component={Link} to={DUPLICATES_PATH}>
            {W.showDuplicates}
          </Button>
        }
      />
      {merges.error ? (
        <ErrorState error={merges.error} onRetry={() => merges.refetch()} />
      ) : merges.isLoading ? (
        <Skeleton h={80} />
      ) : rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {W.noMerges}
        </Text>
      ) : (
        <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: "none" }} aria-label={W.mergesList}>
          {rows.map((m) => (
            <MergeRow key={m.id} merge={m} decide={decide} />
          ))}
        </Stack>
      )}
      {pagination && pagination.total > pagination.per_page && (
        <PaginationBar
          page={page}
          perPage={pagination.per_page}
          total={pagination.total}
          totalKind={pagination.total_kind}
          onChange={(n) => {
            const next = new URLSearchParams(params);
            if (n > 1) next.set("page", String(n));
            else next.delete("page");
            setParams(next, { replace: true });
          }}
        />
      )}
    </Stack>
  );
}

export function MergeRow({ merge, decide }: { merge: CustomerMergeWire; decide: DecideCustomer }) {
  const formatWhen = useFormatExact();
  const undo = useUndoMerge();
  const failure = useFailureText();
  const { showAlert } = useAlert();
  const kept = merge.kept.full_name || `#${merge.kept.id}`;
  const lost = merge.lost.full_name || `#${merge.lost.id}`;
  const verdict = decide("undo_merge", { mergedAt: new Date(merge.merged_at) });
  // Past its window (or undone) the button goes: the rulebook's sentence says why.
  const open =
    merge.undone_at === null && merge.undo_until !== null && Date.parse(merge.undo_until) > Date.now();
  const canUndo = open && verdict.allowed;
  const refusal =
    merge.undone_at !== null
      ? null
      : !verdict.allowed
        ? verdict.hide
          ? null
          : verdict.reason
        : open
          ? null
          : CUSTOMER_RULE_MESSAGES.undoTooLate;

  const onUndo = () =>
    confirmAction({
      title: W.undoTitle,
      message: W.undoMessage(lost, kept),
      confirmLabel: W.undoConfirm,
      onConfirm: async () => {
        try {
          const answer = await undo.mutateAsync({ id: merge.id, version: merge.version });
          showAlert({ variant: "success", message: answer.message });
        } catch (err) {
          showAlert({ variant: "danger", message: failure(err).text });
        }
      },
    });

  return (
    <Paper withBorder p="sm" component="li" data-testid="merge-row">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={2} style={{ minWidth: 0, flex: "1 1 260px" }}>
          <Text size="sm">
            <Text span fw={600}>
              <Link to={`/customers/${merge.kept.id}`}>{kept}</Link>
            </Text>{" "}
            (#{merge.kept.id}) ← {lost} (#{merge.lost.id})
          </Text>
          <Text size="xs">
            {W.moved}: {movedText(merge.moved)}
          </Text>
          <Text size="xs" c="dimmed">
            {formatWhen(merge.merged_at)}
            {merge.merged_by ? ` · ${W.by} ${merge.merged_by}` : ""}
          </Text>
          {merge.undone_at ? (
            <Text size="xs" c="orange" data-testid="merge-undone">
              {W.undone(formatWhen(merge.undone_at), merge.undone_by)}
            </Text>
          ) : canUndo && merge.undo_until ? (
            <Text size="xs" c="dimmed">
              {W.undoUntil(formatWhen(merge.undo_until))}
            </Text>
          ) : null}
        </Stack>
        {canUndo ? (
          <Button
            size="xs"
            variant="light"
            color="red"
            loading={undo.isPending}
            aria-label={W.undoFor(lost, kept)}
            onClick={onUndo}
          >
            {W.undo}
          </Button>
        ) : (
          refusal && (
            <Text size="xs" c="dimmed" data-testid="undo-refused">
              {refusal}
            </Text>
          )
        )}
      </Group>
    </Paper>
  );
}
