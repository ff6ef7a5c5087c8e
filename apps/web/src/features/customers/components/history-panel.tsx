import type { CustomerEventWire } from "@loupe/contract";
import { Anchor, Badge, Group, Paper, Skeleton, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { Link } from "react-router";
import { ErrorState } from "../../../components/error-state";
import { PaginationBar } from "../../../components/pagination-bar";
import { useFormatExact, useOutletTimeZone } from "../../reference/use-date-format";
import { useCustomerHistory } from "../api";

const KIND_LABELS: Record<CustomerEventWire["kind"], string> = {
  imported: "Imported",
  merged_in: "Merged in",
  merged_into: "Merged into another",
  merge_undone: "Merge undone",
};

/**
 * The record's History (issue 46): brought in by an import, another record merged into it, a merge
 * undone; each with when (in the customer's outlet's zone) and by whom.
 */
export function HistoryPanel({ customerId, outletId }: { customerId: number; outletId: number | null }) {
  const [page, setPage] = useState(1);
  const history = useCustomerHistory(customerId, page);
  const formatWhen = useFormatExact(useOutletTimeZone(outletId));
  if (history.error)
    return <ErrorState error={history.error} onRetry={() => history.refetch()} what="the history" />;
  if (history.isLoading) return <Skeleton h={60} />;
  const rows = history.data?.data ?? [];
  const pagination = history.data?.meta.pagination;
  if (!rows.length)
    return (
      <Text size="sm" c="dimmed">
        Nothing has happened to this record as a whole yet.
      </Text>
    );
  return (
    <Stack gap="xs">
      <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: "none" }} aria-label="History">
        {rows.map((e) => (
          <Paper key={e.id} withBorder p="xs" component="li" data-testid="customer-event">
            <Group gap="xs" wrap="wrap" align="baseline">
              <Badge variant="light" size="sm">
                {KIND_LABELS[e.kind]}
              </Badge>
              <Text size="sm" style={{ flex: "1 1 240px" }}>
                {e.detail}
                {e.ref?.merge_id !== undefined && (
                  <>
                    {" "}
                    <Anchor component={Link} to={`/customers/merges?customer_id=${customerId}`} size="sm">
                      Merge history
                    </Anchor>
                  </>
                )}
              </Text>
              <Text size="xs" c="dimmed">
                {formatWhen(e.occurred_at)}
                {e.by ? ` · ${e.by}` : ""}
              </Text>
            </Group>
          </Paper>
        ))}
      </Stack>
      {pagination && pagination.total > pagination.per_page && (
        <PaginationBar
          page={page}
          perPage={pagination.per_page}
          total={pagination.total}
          totalKind={pagination.total_kind}
          onChange={setPage}
        />
      )}
    </Stack>
  );
}
