import type { IntakeSaleWire } from "@loupe/contract";
import { Alert, CloseButton, Group, Stack, Tabs, Text } from "@mantine/core";
import { lazy, Suspense, useState } from "react";
import { useSearchParams } from "react-router";
import { useAlert } from "../../../app/alert-context";
import { ErrorState } from "../../../components/error-state";
import { PageHeader } from "../../../components/page-header";
import { PaginationBar } from "../../../components/pagination-bar";
import { Spinner } from "../../../components/spinner";
import { errorText } from "../../../lib/errors";
import { formatDate } from "../../../lib/format";
import { tabPageParams } from "../../../lib/tab-page-params";
import { useIntakeFailures, useIntakeSales, useIntakeSummary, useResolveSale } from "../api";
import type { Resolved } from "../components/customer-pick-modal";
import { FailuresList } from "../components/failures-list";
import { IntakeStores } from "../components/intake-stores";
import { JobLink } from "../components/job-link";
import { type SaleAction, SalesList } from "../components/sales-list";
import { INTAKE_TITLE, W } from "../intake-words";
import { useIntakeRule } from "../use-intake-rule";

// The dialogs load when one is opened: the screen opens on its lists (issue 31's 200 KB).
const RawPayloadModal = lazy(() => import("../components/raw-payload-modal"));
const CustomerPickModal = lazy(() =>
  import("../components/customer-pick-modal").then((m) => ({ default: m.CustomerPickModal })),
);
const OutletPickModal = lazy(() =>
  import("../components/outlet-pick-modal").then((m) => ({ default: m.OutletPickModal })),
);

const TABS = ["waiting", "done", "failed"] as const;
type Tab = (typeof TABS)[number];

/**
 * Intake (issue 45): sales from the point of sale (Lightspeed) and the web shop (Shopify). What
 * arrived today per store and outlet, each store's last sync with "Sync now", the sales that wait for
 * a person (unknown SKU, a customer to pick, an outlet to name) with one action each, the sales made
 * into jobs, and the deliveries that could not be read. The tab and page are in the address.
 */
export default function IntakePage() {
  const [params, setParams] = useSearchParams();
  const tab: Tab = TABS.find((t) => t === params.get("tab")) ?? "waiting";
  const page = Math.max(1, Number(params.get("page")) || 1);
  const decide = useIntakeRule();
  const { showAlert } = useAlert();
  const summary = useIntakeSummary();
  const sales = useIntakeSales(tab === "done" ? "done" : "waiting", tab === "failed" ? 1 : page);
  const failures = useIntakeFailures(tab === "failed" ? page : 1, tab === "failed");
  const { retry } = useResolveSale();
  const [dialog, setDialog] = useState<{ sale: IntakeSaleWire; action: "customer" | "outlet" } | null>(null);
  const [rawId, setRawId] = useState<number | null>(null);
  const [resolved, setResolved] = useState<Resolved[]>([]);

  const stores = summary.data?.stores ?? [];
  const regionOf = (key: string) => stores.find((s) => s.key === key)?.region_id ?? null;

  const go = (next: { tab?: Tab; page?: number }) =>
    setParams(tabPageParams("tab", next.tab ?? tab, "waiting", next.page), { replace: true });

  const done = (r: Resolved) => {
    setDialog(null);
    setResolved((list) => [r, ...list.filter((x) => x.sale.id !== r.sale.id)].slice(0, 5));
  };

  async function onAction(sale: IntakeSaleWire, action: SaleAction) {
    if (action !== "retry") {
      setDialog({ sale, action });
      return;
    }
    if (retry.isPending) return;
    try {
      done((await retry.mutateAsync(sale.id)).data);
    } catch (err) {
      // 409 when it still waits: the server names the reason.
      showAlert({ variant: "danger", message: errorText(err) });
    }
  }

  const counts = summary.data?.counts;
  const listed = tab === "failed" ? failures : sales;
  const pagination = listed.data?.meta.pagination;
  return (
    <Stack gap="md" data-testid="intake-page">
      <PageHeader title={INTAKE_TITLE} />
      {summary.data && (
        <Text size="sm" c="dimmed" data-testid="intake-counts">
          {W.counts(formatDate(summary.data.day), summary.data.counts)}
        </Text>
      )}
      {resolved.length > 0 && (
        <Alert color="green" variant="light" title={W.resolvedTitle} data-testid="intake-resolved">
          <Stack gap={4}>
            {resolved.map((r) => (
              <Group key={r.sale.id} gap="xs" justify="space-between" wrap="nowrap">
                <Text size="sm">
                  {r.order_id
                    ? W.resolved(r.sale.invoice_number)
                    : W.stillWaits(r.sale.invoice_number, r.sale.reason)}{" "}
                  {r.order_id !== null && <JobLink orderId={r.order_id} invoice={r.sale.invoice_number} />}
                </Text>
                <CloseButton
                  size="sm"
                  aria-label={W.dismiss(r.sale.invoice_number)}
                  onClick={() => setResolved((list) => list.filter((x) => x.sale.id !== r.sale.id))}
                />
              </Group>
            ))}
          </Stack>
        </Alert>
      )}

      <Tabs value={tab} onChange={(t) => go({ tab: (t as Tab) ?? "waiting" })} keepMounted={false}>
        <Tabs.List mb="sm">
          <Tabs.Tab value="waiting">{W.tabWaiting(counts?.waiting)}</Tabs.Tab>
          <Tabs.Tab value="done">{W.tabDone}</Tabs.Tab>
          <Tabs.Tab value="failed">{W.tabFailed(counts?.failed)}</Tabs.Tab>
        </Tabs.List>
        {(["waiting", "done"] as const).map((t) => (
          <Tabs.Panel key={t} value={t}>
            <SalesList
              rows={sales.data?.data ?? []}
              loading={sales.isLoading || sales.isPlaceholderData}
              error={sales.error}
              onRetryLoad={() => sales.refetch()}
              emptyText={t === "waiting" ? W.noneWaiting : W.noneDone}
              label={t === "waiting" ? W.waitingList : W.doneList}
              regionOf={regionOf}
              decide={decide}
              busy={retry.isPending ? (retry.variables ?? null) : null}
              onAction={onAction}
            />
          </Tabs.Panel>
        ))}
        <Tabs.Panel value="failed">
          <FailuresList
            rows={failures.data?.data ?? []}
            loading={failures.isLoading}
            error={failures.error}
            onRetryLoad={() => failures.refetch()}
            decide={decide}
            onOpen={setRawId}
          />
        </Tabs.Panel>
      </Tabs>
      {pagination && pagination.total > pagination.per_page && (
        <PaginationBar
          page={page}
          perPage={pagination.per_page}
          total={pagination.total}
          totalKind={pagination.total_kind}
          onChange={(n) => go({ page: n })}
        />
      )}

      {summary.error ? (
        <ErrorState error={summary.error} onRetry={() => summary.refetch()} what={W.summaryWhat} />
      ) : summary.data ? (
        <IntakeStores summary={summary.data} decide={decide} />
      ) : (
        <Spinner />
      )}

      <Suspense fallback={null}>
        {dialog?.action === "customer" && (
          <CustomerPickModal sale={dialog.sale} onClose={() => setDialog(null)} onResolved={done} />
        )}
        {dialog?.action === "outlet" && (
          <OutletPickModal sale={dialog.sale} onClose={() => setDialog(null)} onResolved={done} />
        )}
        {rawId !== null && <RawPayloadModal id={rawId} onClose={() => setRawId(null)} />}
      </Suspense>
    </Stack>
  );
}
