import { Badge } from "@mantine/core";
import { LazyTooltip as Tooltip } from "../../../components/lazy-tooltip";
import type { PromisedJob } from "./promised-date-form";

// Apart from the promised date's form (issue 31): the jobs list shows the marks on every row,
// the form only opens in an expanded job.

/** Late and at-risk marks beside a promised date: red when past it, orange when a lens ETA is later. */
export function PromiseMarks({ job }: { job: Pick<PromisedJob, "is_late" | "at_risk_reason"> }) {
  return (
    <>
      {job.is_late && (
        <Badge color="red" size="sm" variant="filled">
          Late
        </Badge>
      )}
      {job.at_risk_reason && (
        <Tooltip label={job.at_risk_reason} multiline w={260}>
          <Badge color="orange" size="sm" variant="light">
            At risk
          </Badge>
        </Tooltip>
      )}
    </>
  );
}
