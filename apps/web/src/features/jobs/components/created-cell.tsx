import { createdAgeLabel } from "@loupe/domain";
import { Stack, Text } from "@mantine/core";
import { useFormatDateTime, useUserTimeZone } from "../../reference/use-date-format";

/**
 * How old a job is, then its date "Do MMM YYYY, ha", both in the zone of the signed-in user's
 * outlet: one zone for the whole list keeps the Created order readable.
 */
export function CreatedCell({ createdAt }: { createdAt: string }) {
  const formatDateTime = useFormatDateTime();
  const timeZone = useUserTimeZone();
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
