import { createdAgeLabel } from "@loupe/domain";
import { plainStack, plainText } from "../../../components/plain-mantine";
import { useFormatDateTime } from "../../reference/use-date-format";

/**
 * How old a job is, then its date "Do MMM YYYY, ha", both on the clock of the job's own outlet
 * (ADR 0035): a Perth job made at 3pm reads 3pm in Sydney too, and "Today" is Perth's today.
 * Drawn as Mantine's Stack and Text without their components: a cell of every jobs row (issue 31).
 */
export function CreatedCell({ createdAt, timeZone }: { createdAt: string; timeZone: string }) {
  const formatDateTime = useFormatDateTime(undefined, timeZone);
  return plainStack(
    0,
    <>
      {plainText("sm", createdAgeLabel(createdAt, new Date(), timeZone), { fontWeight: 600 })}
      {plainText("xs", formatDateTime(createdAt), { color: "var(--mantine-color-dimmed)" })}
    </>,
  );
}
