import { createdAgeLabel } from "@loupe/domain";
import { Stack, Text } from "@mantine/core";
import { useFormatDateTime } from "../../reference/use-date-format";

/**
 * How old a job is, then its date "Do MMM YYYY, ha", both on the clock of the job's own outlet
 * (ADR 0035): a Perth job made at 3pm reads 3pm in Sydney too, and "Today" is Perth's today.
 */
export function CreatedCell({ createdAt, timeZone }: { createdAt: string; timeZone: string }) {
  const formatDateTime = useFormatDateTime(undefined, timeZone);
  return (
    <Stack gap={0}>
      <Text size="sm" fw={600}>
        {createdAgeLabel(createdAt, new Date(), timeZone)}
      </Text>
      <Text size="xs" c="dimmed">
        {formatDateTime(createdAt)}
      </Text>
    </Stack>
  );
}
