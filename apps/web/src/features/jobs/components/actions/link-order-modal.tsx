import type { OrderWire } from "@loupe/contract";
import {
  currencyForCountry,
  jobCustomerName,
  ORDER_LINK_SEARCH_PAGE_SIZE,
  ORDER_LINKED,
} from "@loupe/domain";
import { useAlert } from "../../../../app/alert-context";
import { formatDateTime, formatMoney } from "../../../../lib/format";
import { useJobActions, useOrderLinkSearch } from "../../api/job-actions";
import { SearchPickModal } from "./search-pick-modal";

/** Link Order: find a job by invoice number or uid (10 a page) and link it; links go both ways. */
export function LinkOrderModal({ job, onClose }: { job: OrderWire; onClose: () => void }) {
  const { link } = useJobActions();
  const { showAlert } = useAlert();
  const currency = currencyForCountry(job.origin_outlet.region.country_code);
  return (
    <SearchPickModal<OrderWire>
      title={`Link Order to ${job.vend_invoice_number}`}
      searchLabel="Invoice number or job uid"
      placeholder="e.g. NTN-100123 or J0000123"
      minChars={3}
      emptyText="No jobs found."
      tableLabel="Jobs found"
      columns={[
        {
          header: "Invoice Number",
          cell: (o) => `${o.vend_invoice_number}${o.id === job.id ? " (this job)" : ""}`,
        },
        { header: "Customer", cell: (o) => jobCustomerName(o) },
        { header: "Total", cell: (o) => formatMoney(o.total_amount, currency) },
        { header: "Created", cell: (o) => formatDateTime(o.created_at, o.origin_outlet.time_zone) },
      ]}
      rowName={(o) => o.vend_invoice_number}
      perPage={ORDER_LINK_SEARCH_PAGE_SIZE}
      useSearch={useOrderLinkSearch}
      submitLabel="Link Order"
      pending={link.isPending}
      onSubmit={async (relatedId) => {
        await link.mutateAsync({ id: job.id, relatedId });
        showAlert({ variant: "success", message: ORDER_LINKED });
        onClose();
      }}
      onClose={onClose}
    />
  );
}
