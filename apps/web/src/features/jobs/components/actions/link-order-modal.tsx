import type { OrderWire } from "@loupe/contract";
import {
  currencyForCountry,
  jobCustomerName,
  ORDER_LINK_SEARCH_PAGE_SIZE,
  ORDER_LINKED,
} from "@loupe/domain";
import { Alert, Button, Group, Modal, Radio, Stack, Table, Text, TextInput } from "@mantine/core";
import { useState } from "react";
import { useAlert } from "../../../../app/alert-context";
import { PaginationBar } from "../../../../components/pagination-bar";
import { errorText } from "../../../../lib/errors";
import { formatDateTime, formatMoney } from "../../../../lib/format";
import { useJobActions, useOrderLinkSearch } from "../../api/job-actions";

/** Link Order: find a job by invoice number or uid (10 a page) and link it; links go both ways. */
export function LinkOrderModal({ job, onClose }: { job: OrderWire; onClose: () => void }) {
  const [text, setText] = useState("");
  const [q, setQ] = useState("");
  const [page, setPage] = useState(1);
  const [chosen, setChosen] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const search = useOrderLinkSearch(q, page);
  const { link } = useJobActions();
  const { showAlert } = useAlert();
  const rows = search.data?.data ?? [];
  const submit = async () => {
    if (!chosen) return;
    setFailure(null);
    try {
      await link.mutateAsync({ id: job.id, relatedId: chosen });
      showAlert({ variant: "success", message: ORDER_LINKED });
      onClose();
    } catch (err) {
      setFailure(errorText(err));
    }
  };
  return (
    <Modal opened onClose={onClose} title={`Link Order to ${job.vend_invoice_number}`} size="lg">
      <Stack gap="sm">
        {failure && (
          <Alert color="red" variant="light" data-testid="link-error">
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
              label="Invoice number or job uid"
              placeholder="e.g. NTN-100123 or J0000123"
              value={text}
              onChange={(e) => setText(e.currentTarget.value)}
              style={{ flex: 1 }}
              error={q && q.length < 3 ? "Please enter at least 3 characters to search." : undefined}
              data-autofocus
            />
            <Button type="submit" variant="light">
              Search
            </Button>
          </Group>
        </form>
        {search.error && <Text c="red">{errorText(search.error)}</Text>}
        {q.length >= 3 && rows.length === 0 && !search.isFetching && (
          <Text size="sm" c="dimmed">
            No jobs found.
          </Text>
        )}
        {rows.length > 0 && (
          <Radio.Group value={chosen ? String(chosen) : null} onChange={(v) => setChosen(Number(v))}>
            <Table striped highlightOnHover aria-label="Jobs found">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th />
                  <Table.Th>Invoice Number</Table.Th>
                  <Table.Th>Customer</Table.Th>
                  <Table.Th>Total ($)</Table.Th>
                  <Table.Th>Created</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((o) => (
                  <Table.Tr key={o.id} onClick={() => setChosen(o.id)} style={{ cursor: "pointer" }}>
                    <Table.Td>
                      <Radio value={String(o.id)} aria-label={`Choose ${o.vend_invoice_number}`} />
                    </Table.Td>
                    <Table.Td>
                      {o.vend_invoice_number}
                      {o.id === job.id ? " (this job)" : ""}
                    </Table.Td>
                    <Table.Td>{jobCustomerName(o)}</Table.Td>
                    <Table.Td>
                      {formatMoney(o.total_amount, currencyForCountry(job.origin_outlet.region.country_code))}
                    </Table.Td>
                    <Table.Td>{formatDateTime(o.created_at, o.origin_outlet.region_id)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Radio.Group>
        )}
        {search.data && search.data.meta.pagination.total > ORDER_LINK_SEARCH_PAGE_SIZE && (
          <PaginationBar
            page={page}
            perPage={ORDER_LINK_SEARCH_PAGE_SIZE}
            total={search.data.meta.pagination.total}
            onChange={setPage}
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button disabled={!chosen} loading={link.isPending} onClick={submit}>
            Link Order
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
