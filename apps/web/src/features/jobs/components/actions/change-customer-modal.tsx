import type { OrderWire } from "@loupe/contract";
import {
  CUSTOMER_CHANGED,
  CUSTOMER_CHANGED_NOTICE,
  CUSTOMER_SEARCH_PAGE_SIZE,
  jobCustomerName,
} from "@loupe/domain";
import { Alert, Button, Group, Modal, Radio, Stack, Table, Text, TextInput } from "@mantine/core";
import { useState } from "react";
import { useAlert } from "../../../../app/alert-context";
import { PaginationBar } from "../../../../components/pagination-bar";
import { errorText } from "../../../../lib/errors";
import { useCustomerSearch, useJobActions } from "../../api/job-actions";

/** Change customer: search customers (15 a page), pick one, Change Customer (spec §2, §7). */
export function ChangeCustomerModal({ job, onClose }: { job: OrderWire; onClose: () => void }) {
  const [text, setText] = useState("");
  const [q, setQ] = useState("");
  const [page, setPage] = useState(1);
  const [chosen, setChosen] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const search = useCustomerSearch(q, page);
  const { changeCustomer } = useJobActions();
  const { showAlert } = useAlert();
  const rows = search.data?.data ?? [];
  const submit = async () => {
    if (!chosen) return;
    setFailure(null);
    try {
      await changeCustomer.mutateAsync({ orderId: job.id, customerId: chosen });
      // The notice stays with the success: prescriptions must be re-entered for the new customer.
      showAlert({ variant: "success", message: `${CUSTOMER_CHANGED}\n${CUSTOMER_CHANGED_NOTICE}` });
      onClose();
    } catch (err) {
      setFailure(errorText(err));
    }
  };
  return (
    <Modal opened onClose={onClose} title="Change Order Customer" size="lg">
      <Stack gap="sm">
        <Text size="sm">
          Job {job.vend_invoice_number}, now for <strong>{jobCustomerName(job)}</strong>.
        </Text>
        {failure && (
          <Alert color="red" variant="light">
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
              label="Search customers"
              placeholder="Name, e-mail or phone"
              value={text}
              onChange={(e) => setText(e.currentTarget.value)}
              style={{ flex: 1 }}
              data-autofocus
            />
            <Button type="submit" variant="light">
              Search
            </Button>
          </Group>
        </form>
        {q && rows.length === 0 && !search.isFetching && (
          <Text size="sm" c="dimmed">
            No customers found.
          </Text>
        )}
        {rows.length > 0 && (
          <Radio.Group value={chosen ? String(chosen) : null} onChange={(v) => setChosen(Number(v))}>
            <Table striped highlightOnHover aria-label="Customers found">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th />
                  <Table.Th>Name</Table.Th>
                  <Table.Th>E-mail</Table.Th>
                  <Table.Th>Mobile</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((c) => (
                  <Table.Tr key={c.id} onClick={() => setChosen(c.id)} style={{ cursor: "pointer" }}>
                    <Table.Td>
                      <Radio value={String(c.id)} aria-label={`Choose ${c.full_name}`} />
                    </Table.Td>
                    <Table.Td>{c.full_name}</Table.Td>
                    <Table.Td>{c.email}</Table.Td>
                    <Table.Td>{c.mobile}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Radio.Group>
        )}
        {search.data && search.data.meta.pagination.total > CUSTOMER_SEARCH_PAGE_SIZE && (
          <PaginationBar
            page={page}
            perPage={CUSTOMER_SEARCH_PAGE_SIZE}
            total={search.data.meta.pagination.total}
            onChange={setPage}
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button disabled={!chosen} loading={changeCustomer.isPending} onClick={submit}>
            Change Customer
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
