import { Alert, Button, Group, Modal, Radio, Stack, Table, Text, TextInput } from "@mantine/core";
import type { UseQueryResult } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { PaginationBar } from "../../../../components/pagination-bar";
import { errorText } from "../../../../lib/errors";
import { useShownError } from "../../../../lib/shown-errors";

interface Page<Row> {
  data: Row[];
  meta: { pagination: { total: number } };
}

export interface PickColumn<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
}

interface Props<Row extends { id: number }> {
  title: string;
  intro?: ReactNode;
  searchLabel: string;
  placeholder: string;
  /** Below this many characters the search is not sent and the field says why. */
  minChars?: number;
  emptyText: string;
  tableLabel: string;
  columns: PickColumn<Row>[];
  rowName: (row: Row) => string;
  perPage: number;
  useSearch: (q: string, page: number) => UseQueryResult<Page<Row>>;
  submitLabel: string;
  pending: boolean;
  /** Resolves when done; a thrown error is shown in the modal, which stays open. */
  onSubmit: (chosenId: number) => Promise<void>;
  onClose: () => void;
}

/**
 * A modal that searches, lists one page of results with a radio per row, and acts on the one row
 * chosen: Change Customer and Link Order are this shape (spec §2), so it is written once.
 */
export function SearchPickModal<Row extends { id: number }>(props: Props<Row>) {
  const { minChars = 1 } = props;
  const [text, setText] = useState("");
  const [q, setQ] = useState("");
  const [page, setPage] = useState(1);
  const [chosen, setChosen] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const search = props.useSearch(q, page);
  // The modal says a failed search itself: not again above the screen.
  useShownError(search.error);
  const rows = search.data?.data ?? [];
  const total = search.data?.meta.pagination.total ?? 0;
  const submit = async () => {
    if (!chosen) return;
    setFailure(null);
    try {
      await props.onSubmit(chosen);
    } catch (err) {
      setFailure(errorText(err));
    }
  };
  return (
    <Modal opened onClose={props.onClose} title={props.title} size="lg">
      <Stack gap="sm">
        {props.intro}
        {failure && (
          <Alert color="red" variant="light" data-testid="pick-error">
            {failure}
          </Alert>
        )}
        <form
          onSubmit={(e) => {
            e.preventDefault();
            setPage(1);
            setChosen(null);
            setQ(text.trim());
          }}
        >
          <Group align="flex-end">
            <TextInput
              label={props.searchLabel}
              placeholder={props.placeholder}
              value={text}
              onChange={(e) => setText(e.currentTarget.value)}
              style={{ flex: 1 }}
              error={
                q && q.length < minChars
                  ? `Please enter at least ${minChars} characters to search.`
                  : undefined
              }
              data-autofocus
            />
            <Button type="submit" variant="light">
              Search
            </Button>
          </Group>
        </form>
        {search.error && <Text c="red">{errorText(search.error)}</Text>}
        {q.length >= minChars && rows.length === 0 && !search.isFetching && (
          <Text size="sm" c="dimmed">
            {props.emptyText}
          </Text>
        )}
        {rows.length > 0 && (
          <Radio.Group value={chosen ? String(chosen) : null} onChange={(v) => setChosen(Number(v))}>
            <Table striped highlightOnHover aria-label={props.tableLabel}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th />
                  {props.columns.map((c) => (
                    <Table.Th key={c.header}>{c.header}</Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <Table.Tr key={row.id} onClick={() => setChosen(row.id)} style={{ cursor: "pointer" }}>
                    <Table.Td>
                      <Radio value={String(row.id)} aria-label={`Choose ${props.rowName(row)}`} />
                    </Table.Td>
                    {props.columns.map((c) => (
                      <Table.Td key={c.header}>{c.cell(row)}</Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Radio.Group>
        )}
        {total > props.perPage && (
          <PaginationBar page={page} perPage={props.perPage} total={total} onChange={setPage} />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            Cancel
          </Button>
          <Button disabled={!chosen} loading={props.pending} onClick={submit}>
            {props.submitLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
