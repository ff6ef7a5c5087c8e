import { LazyTooltip as Tooltip } from "../../../components/lazy-tooltip";
import { PlainBadge } from "../../../components/plain-mantine";
import type { PromisedJob } from "./promised-date-form";

// Apart from the promised date's form (issue 31): the jobs list shows the marks on every row,
// the form only opens in an expanded job. Mantine's Badge markup without its component, for the
// same reason (a Late Orders page is fifteen of them).

/** Late and at-risk marks beside a promised date: red when past it, orange when a lens ETA is later. */
export function PromiseMarks({ job }: { job: Pick<PromisedJob, "is_late" | "at_risk_reason"> }) {
  return (
    <>
      {job.is_late && (
        <PlainBadge color="red" size="sm" variant="filled">
          Late
        </PlainBadge>
      )}
      {job.at_risk_reason && (
        <Tooltip label={job.at_risk_reason} multiline w={260}>
          <PlainBadge color="orange" size="sm" variant="light">
            At risk
          </PlainBadge>
        </Tooltip>
      )}
    </>
  );
}
