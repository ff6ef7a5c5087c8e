import { exportCustomersAddress } from "@loupe/contract";
import { exportRefusal } from "@loupe/domain";
import { ExportCsvButton } from "../../../components/export-csv-button";
import { buildUrl } from "../../../lib/api-client";
import { useCurrentUser } from "../../reference/use-reference-data";

/**
 * The customers list's Export CSV (issue 29), with the list's search, filters and sort. Loaded
 * after the list (the customers screen is the first screen, on a 200 KB JavaScript budget).
 */
export default function CustomersExportButton({
  query,
}: {
  query: { q: string; dob: string; region_id: string; sort_by: string; sort_direction: string };
}) {
  const { data: me } = useCurrentUser();
  return (
    <ExportCsvButton
      url={buildUrl(exportCustomersAddress, undefined, query)}
      fileName="customers.csv"
      refusal={exportRefusal(me?.role_id, "customers")}
    />
  );
}
