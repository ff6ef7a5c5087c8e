import { ADMIN_ROLE_ID } from "@loupe/domain";
import { Alert, Stack } from "@mantine/core";
import { lazy, Suspense } from "react";
import { useSearchParams } from "react-router";
import { LazySelect as Select } from "../../../components/lazy-select";
import { PageHeader } from "../../../components/page-header";
import { useCurrentUser, useStaffs } from "../../reference/use-reference-data";

// The report (date pickers, table, CSV) loads once a staff member is chosen (issue 31).
const AccessHistory = lazy(() =>
  import("../components/access-history").then((m) => ({ default: m.AccessHistory })),
);

/** The privacy officer's report (administrators): what one staff member accessed, between two days. */
export default function AccessLogPage() {
  const { data: user } = useCurrentUser();
  const { data: staffs } = useStaffs();
  const [search, setSearch] = useSearchParams();
  const staffId = Number(search.get("staff_id")) || null;
  if (user && user.role_id !== ADMIN_ROLE_ID)
    return <Alert color="red">Only an administrator can read the access log.</Alert>;
  return (
    <>
      <PageHeader title="Access Log" />
      <Stack gap="sm">
        <Select
          label="Staff member"
          placeholder="Choose a staff member"
          searchable
          w={320}
          data={(staffs ?? []).map((s) => ({
            value: String(s.id),
            label: `${s.first_name} ${s.last_name}`.trim() || s.email,
          }))}
          value={staffId ? String(staffId) : null}
          onChange={(v) => setSearch(v ? { staff_id: v } : {})}
        />
        {staffId && (
          <Suspense fallback={null}>
            <AccessHistory key={staffId} by="staff" id={staffId} />
          </Suspense>
        )}
      </Stack>
    </>
  );
}
