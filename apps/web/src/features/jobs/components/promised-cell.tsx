import type { OrderWire } from "@loupe/contract";
import { formatCalendarDay } from "@loupe/domain";
import { Group, Stack, Text } from "@mantine/core";
import { PromiseMarks } from "./promise-marks";

/** The Promised column (issue 27): the day on the outlet's clock, Late or At risk beside it. */
export function PromisedCell({ job }: { job: OrderWire }) {
  return (
    <Stack gap={2}>
      <Text size="sm" fw={job.is_late ? 700 : undefined} c={job.is_late ? "red.8" : undefined}>
        {job.due_date ? formatCalendarDay(job.due_date) : "—"}
      </Text>
      {(job.is_late || job.at_risk_reason) && (
        <Group gap={4}>
          <PromiseMarks job={job} />
        </Group>
      )}
    </Stack>
  );
}
