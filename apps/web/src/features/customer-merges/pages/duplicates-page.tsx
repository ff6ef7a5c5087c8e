import type { DuplicatePairWire } from "@loupe/contract";
import { Button, Skeleton, Stack, Tabs, Text } from "@mantine/core";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { useAlert } from "../../../app/alert-context";
import { confirmAction } from "../../../components/confirm-dialog";
import { ErrorState } from "../../../components/error-state";
import { PageHeader } from "../../../components/page-header";
import { PaginationBar } from "../../../components/pagination-bar";
import { errorText } from "../../../lib/errors";
import { tabPageParams } from "../../../lib/tab-page-params";
import { type PairState, useDismissPair, useDuplicatePairs } from "../api";
import { FinderStatus } from "../components/finder-status";
import { PairCard } from "../components/pair-card";
import { MERGES_PATH, PAIR_STATE_LABELS, W } from "../merge-words";
import { useCustomerRule } from "../use-customer-rule";

const STATES = ["open", "dismissed", "merged"] as const;

/**
 * Possible duplicates (issue 46): the pairs the finder found, strongest evidence first, each with its
 * evidence, both records, "Compare and merge" and "Not duplicates". The tab and page are in the
 * address, so a reload or a shared link opens the same list.
 */
export default function DuplicatesPage() {
  const [params, setParams] = useSearchParams();
  const state: PairState = STATES.find((s) => s === params.get("state")) ?? "open";
  const page = Math.max(1, Number(params.get("page")) || 1);
  const decide = useCustomerRule();
  const { showAlert } = useAlert();
  const see = decide("find_duplicates");
  // Names, contacts and dates of birth side by side: read only by those the rulebook lets see them.
  const pairs = useDuplicatePairs(state, page, see.allowed);
  const dismiss = useDismissPair();
  const [dismissing, setDismissing] = useState<number | null>(null);
  // The list has no regions: the rulebook's role check here, the region check on the merge screen.
  const mergeVerdict = decide("merge_customers");

  const go = (next: { state?: PairState; page?: number }) =>
    setParams(tabPageParams("state", next.state ?? state, "open", next.page), { replace: true });

  const onDismiss = (pair: DuplicatePairWire) => {
    const a = pair.a.full_name || `#${pair.a.id}`;
    const b = pair.b.full_name || `#${pair.b.id}`;
    confirmAction({
      title: W.dismissTitle,
      message: W.dismissMessage(a, b),
      confirmLabel: W.dismissConfirm,
      danger: false,
      onConfirm: async () => {
        setDismissing(pair.id);
        try {
          const answer = await dismiss.mutateAsync(pair.id);
          showAlert({ variant: "success", message: answer.message });
        } catch (err) {
          showAlert({ variant: "danger", message: errorText(err) });
        } finally {
          setDismissing(null);
        }
      },
    });
  };

  const rows = pairs.data?.data ?? [];
  const pagination = pairs.data?.meta.pagination;
  return (
    <Stack gap="md" data-testid="duplicates-page">
      <PageHeader
        title={W.duplicatesTitle}
        actions={
          <Button size="xs" variant="default" component={Link} to={MERGES_PATH}>
            {W.history}
          </Button>
        }
      />
      {!see.allowed ? (
        see.reason && (
          <Text size="sm" role="alert">
            {see.reason}
          </Text>
        )
      ) : (
        <>
          <FinderStatus canRun={mergeVerdict.allowed} />
          <Tabs value={state} onChange={(s) => go({ state: (s as PairState) ?? "open" })}>
            <Tabs.List>
              {STATES.map((s) => (
                <Tabs.Tab key={s} value={s}>
                  {PAIR_STATE_LABELS[s]}
                </Tabs.Tab>
              ))}
            </Tabs.List>
          </Tabs>
          {pairs.error ? (
            <ErrorState error={pairs.error} onRetry={() => pairs.refetch()} />
          ) : pairs.isLoading ? (
            <Stack gap="xs">
              <Skeleton h={120} />
              <Skeleton h={120} />
            </Stack>
          ) : rows.length === 0 ? (
            <Text size="sm" c="dimmed" py="md">
              {W.noPairs[state]}
            </Text>
          ) : (
            <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: "none" }} aria-label={W.pairsList}>
              {rows.map((pair) => (
                <PairCard
                  key={pair.id}
                  pair={pair}
                  verdict={mergeVerdict}
                  dismissing={dismissing === pair.id}
                  onDismiss={onDismiss}
                />
              ))}
            </Stack>
          )}
          {pagination && pagination.total > pagination.per_page && (
            <PaginationBar
              page={page}
              perPage={pagination.per_page}
              total={pagination.total}
              totalKind={pagination.total_kind}
              onChange={(n) => go({ page: n })}
            />
          )}
        </>
      )}
    </Stack>
  );
}
