import { Skeleton, Table, Text, UnstyledButton } from "@mantine/core";
import { memo, type ReactNode } from "react";
import { ErrorState } from "./error-state";

export interface Column<T> {
  key: string;
  title: ReactNode;
  render: (row: T) => ReactNode;
  /** When set, the header is a sort button for this field. */
  sortField?: string;
  width?: number | string;
}

export interface DataTableProps<T> {
  rows: T[];
  columns: Column<T>[];
  rowKey: (row: T) => string | number;
  loading?: boolean;
  /**
   * The rows are the previous query's, kept on screen while another page or filter loads: they are
   * dimmed and cannot be acted on, so a click never lands on a job the new filter does not list.
   */
  stale?: boolean;
  /** What an empty list says; name the filter that is on ("No jobs match “Smith” in Ready to collect"). */
  emptyText?: string;
  /**
   * The list's failed call: shown with its request id and a Retry instead of "No data available."
   * Required (pass `undefined` for a list that cannot fail): a screen that forgets it tells a
   * refused manager the list is empty (issue 52).
   */
  error: unknown;
  onRetry?: () => void;
  sortBy?: string;
  sortDirection?: "asc" | "desc";
  onSort?: (field: string, direction: "asc" | "desc") => void;
  /** Rows whose key is here show `renderExpanded` under them. */
  expanded?: Set<string | number>;
  renderExpanded?: (row: T) => ReactNode;
  /** Names the table for screen readers and tests. */
  ariaLabel?: string;
  /**
   * Set it to redraw only the rows that changed (a big table's filter change, issue 16): a row is
   * drawn again when its object or this string changes, not when the table re-renders. The
   * columns and `renderExpanded` may then read only the row, what this string names (selection,
   * expansion) and callbacks that stay correct when kept from an earlier render (state setters,
   * functional updates); anything else they show must come from hooks inside the cells.
   */
  rowVersion?: (row: T) => string;
}

/**
 * A plain table with sortable headers and expandable rows. Screens own the data, the paging
 * (pair it with <PaginationBar>) and the sort state, which belongs in the URL (DESIGN.md rule 7).
 *
 * @example
 *   <DataTable<CustomerWire>
 *     rows={data.data}
 *     rowKey={(c) => c.id}
 *     loading={isFetching}
 *     sortBy={sort_by} sortDirection={sort_direction}
 *     onSort={(field, dir) => setSearch({ ...search, sort_by: field, sort_direction: dir, page: "1" })}
 *     expanded={open} renderExpanded={(c) => <CustomerDetail customer={c} />}
 *     columns={[
 *       { key: "name", title: "Customer", sortField: "first_name", render: (c) => c.full_name },
 *       { key: "region", title: "Region(s)", render: (c) => c.regions.data.map((r) => r.country_code).join(", ") },
 *     ]}
 *   />
 */
const SKELETON_ROWS = [1, 2, 3, 4, 5];

export function DataTable<T>(props: DataTableProps<T>) {
  const {
    rows,
    columns,
    rowKey,
    loading,
    emptyText = "No data available.",
    sortBy,
    sortDirection,
    onSort,
  } = props;
  const sortHeader = (c: Column<T>) => {
    if (!c.sortField || !onSort) return c.title;
    const active = sortBy === c.sortField;
    const next = active && sortDirection === "desc" ? "asc" : "desc";
    return (
      <UnstyledButton
        fw={700}
        fz="sm"
        onClick={() => onSort(c.sortField!, next)}
        aria-label={`Sort by ${typeof c.title === "string" ? c.title : c.key}`}
      >
        {c.title} {active ? (sortDirection === "asc" ? "▲" : "▼") : "↕"}
      </UnstyledButton>
    );
  };
  return (
    <Table
      striped
      highlightOnHover
      withTableBorder
      verticalSpacing="xs"
      aria-label={props.ariaLabel}
      aria-busy={props.stale || loading || undefined}
    >
      <Table.Thead>
        <Table.Tr>
          {columns.map((c) => (
            <Table.Th key={c.key} w={c.width}>
              {sortHeader(c)}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody inert={props.stale} opacity={props.stale ? 0.5 : undefined}>
        {loading ? (
          // Rows' shapes while the first answer loads: the page keeps its height, and no count or
          // "No data" is shown for a list that is not known yet.
          SKELETON_ROWS.map((n) => (
            <Table.Tr key={n} data-testid="table-skeleton" aria-hidden>
              {columns.map((c) => (
                <Table.Td key={c.key}>
                  <Skeleton height={12} radius="sm" />
                </Table.Td>
              ))}
            </Table.Tr>
          ))
        ) : props.error && rows.length === 0 ? (
          <Table.Tr>
            <Table.Td colSpan={columns.length}>
              <ErrorState error={props.error} onRetry={props.onRetry} />
            </Table.Td>
          </Table.Tr>
        ) : rows.length === 0 ? (
          <Table.Tr>
            <Table.Td colSpan={columns.length}>
              <Text ta="center" c="dimmed" py="md" data-testid="empty-state">
                {emptyText}
              </Text>
            </Table.Td>
          </Table.Tr>
        ) : (
          rows.map((row) => {
            const key = rowKey(row);
            const expanded = !!props.expanded?.has(key);
            return (
              <DataRow<T>
                key={key}
                row={row}
                columns={columns}
                expanded={expanded}
                renderExpanded={props.renderExpanded}
                version={props.rowVersion ? `${expanded}|${props.rowVersion(row)}` : undefined}
              />
            );
          })
        )}
      </Table.Tbody>
    </Table>
  );
}

interface DataRowProps<T> {
  row: T;
  columns: Column<T>[];
  expanded: boolean;
  renderExpanded?: (row: T) => ReactNode;
  /** Undefined: drawn on every render of the table. */
  version?: string;
}

// A record's row and cells as Table.Tr and Table.Td draw them in this striped, hover-lit table with
// row borders: plain elements, as a big table's redraw of fifteen rows by eleven cells spent more
// on resolving each cell's Mantine props than on the cells themselves (issue 31).
// data-table.test.tsx compares them with Mantine's.
const ROW_CLASS = "m_4e7aa4fd mantine-Table-tr";
const CELL_CLASS = "m_4e7aa4ef mantine-Table-td";

function DataRowImpl<T>({ row, columns, expanded, renderExpanded }: DataRowProps<T>) {
  return (
    <>
      {/* data-row: the record's own row, which j/k move between (app/shell/keyboard-shortcuts.tsx). */}
      <tr className={ROW_CLASS} data-with-row-border data-striped="odd" data-hover data-row>
        {columns.map((c) => (
          <td key={c.key} className={CELL_CLASS}>
            {c.render(row)}
          </td>
        ))}
      </tr>
      {expanded && renderExpanded ? (
        <Table.Tr>
          <Table.Td colSpan={columns.length} bg="gray.0">
            {renderExpanded(row)}
          </Table.Td>
        </Table.Tr>
      ) : null}
    </>
  );
}

/** A row, skipped on a table re-render when its object and version are the same (see `rowVersion`). */
const DataRow = memo(
  DataRowImpl,
  (a, b) =>
    a.version !== undefined &&
    a.version === b.version &&
    a.row === b.row &&
    a.columns.length === b.columns.length,
) as <T>(props: DataRowProps<T>) => ReactNode;
