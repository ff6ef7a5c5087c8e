import type { CustomerWire, OrderWire } from "@loupe/contract";
import {
  CUSTOMER_CHANGED,
  CUSTOMER_CHANGED_NOTICE,
  CUSTOMER_SEARCH_PAGE_SIZE,
  jobCustomerName,
} from "@loupe/domain";
import { Text } from "@mantine/core";
import { useAlert } from "../../../../app/alert-context";
import { useCustomerSearch, useJobActions } from "../../api/job-actions";
import { SearchPickModal } from "./search-pick-modal";

/** Change customer: search customers (15 a page), pick one, Change Customer (spec §2, §7). */
export function ChangeCustomerModal({ job, onClose }: { job: OrderWire; onClose: () => void }) {
  const { changeCustomer } = useJobActions();
  const { showAlert } = useAlert();
  return (
    <SearchPickModal<CustomerWire>
      title="Change Order Customer"
      intro={
        <Text size="sm">
          Job {job.vend_invoice_number}, now for <strong>{jobCustomerName(job)}</strong>.
        </Text>
      }
      searchLabel="Search customers"
      placeholder="Name, e-mail or phone"
      emptyText="No customers found."
      tableLabel="Customers found"
      columns={[
        { header: "Name", cell: (c) => c.full_name },
        { header: "E-mail", cell: (c) => c.email },
        { header: "Mobile", cell: (c) => c.mobile },
      ]}
      rowName={(c) => c.full_name}
      perPage={CUSTOMER_SEARCH_PAGE_SIZE}
      useSearch={useCustomerSearch}
      submitLabel="Change Customer"
      pending={changeCustomer.isPending}
      onSubmit={async (customerId) => {
        await changeCustomer.mutateAsync({ orderId: job.id, customerId });
        // The notice stays with the success: prescriptions must be re-entered for the new customer.
        showAlert({ variant: "success", message: `${CUSTOMER_CHANGED}\n${CUSTOMER_CHANGED_NOTICE}` });
        onClose();
      }}
      onClose={onClose}
    />
  );
}
