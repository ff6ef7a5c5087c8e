import type { OrderWire } from "@loupe/contract";
import { formatCalendarDay } from "@loupe/domain";
import { plainGroup, plainStack, plainText } from "../../../components/plain-mantine";
import { PromiseMarks } from "./promise-marks";

/**
 * The Promised column (issue 27): the day on the outlet's clock, Late or At risk beside it. Drawn
 * as Mantine's Stack, Text and Group without their components: a cell of every jobs row (issue 31).
 */
export function PromisedCell({ job }: { job: OrderWire }) {
  return plainStack(
    2,
    <>
      {plainText(
        "sm",
        job.due_date ? formatCalendarDay(job.due_date) : "—",
        job.is_late ? { color: "var(--mantine-color-red-8)", fontWeight: 700 } : undefined,
      )}
      {(job.is_late || job.at_risk_reason) && plainGroup(4, <PromiseMarks job={job} />)}
    </>,
  );
}
