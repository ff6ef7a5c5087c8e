import { PAGINATION_BUTTONS, paginationInfo, type TotalKind } from "@loupe/domain";
import { Group, Pagination, Skeleton, Text } from "@mantine/core";
import { useEffect } from "react";

const CONTROL_NAMES = {
  first: "First page",
  previous: "Previous page",
  next: "Next page",
  last: "Last page",
} as const;

export interface PaginationBarProps {
  page: number;
  perPage: number;
  total: number;
  /** How far the total can be trusted (ADR 0016): "about 1.2M" for an estimate, "1,000+" past a cap. */
  totalKind?: TotalKind;
  onChange: (page: number) => void;
  /** The list has no answer yet (or its call failed): no "Showing 0 to 0 of 0 entries", which would be untrue. */
  unknown?: boolean;
}

/**
 * Up to 7 page buttons plus "Showing 1 to 15 of 300 entries" (spec §9). Hidden buttons show as
 * dots, as in the retailer's existing screens.
 * @example <PaginationBar page={page} perPage={15} total={meta.pagination.total} onChange={goToPage} />
 */
export function PaginationBar({
  page,
  perPage,
  total,
  totalKind = "exact",
  onChange,
  unknown = false,
}: PaginationBarProps) {
  const totalPages = Math.max(1, Math.ceil(total / perPage));
  // Past the last page (an old link, a list that shrank): show the last page and go there.
  const current = totalKind === "exact" ? Math.min(Math.max(1, page), totalPages) : Math.max(1, page);
  // An estimate or a capped count may be short of the real total: only an exact one clamps.
  const past = !unknown && totalKind === "exact" && total > 0 && page > totalPages;
  useEffect(() => {
    if (past) onChange(totalPages);
  }, [past, totalPages, onChange]);
  const from = total === 0 ? 0 : (current - 1) * perPage + 1;
  const to = totalKind === "exact" ? Math.min(total, current * perPage) : current * perPage;

  // Mantine shows siblings on each side of the active page, plus first and last: 7 buttons in all.
  const siblings = Math.max(0, Math.floor((PAGINATION_BUTTONS - 5) / 2));
  if (unknown)
    return (
      <Group justify="space-between" mt="md" data-testid="pagination-loading">
        <Skeleton height={12} width={180} radius="sm" />
      </Group>
    );
  return (
    <Group justify="space-between" mt="md">
      <Text size="sm" c="dimmed" data-testid="pagination-info">
        {paginationInfo(from, to, total, totalKind)}
      </Text>
      <Pagination
        total={totalPages}
        value={current}
        onChange={onChange}
        siblings={siblings}
        boundaries={1}
        size="sm"
        aria-label="Pages"
        getControlProps={(control) => ({ "aria-label": CONTROL_NAMES[control] })}
        getItemProps={(p) => ({ "aria-current": p === page ? "page" : undefined })}
      />
    </Group>
  );
}
