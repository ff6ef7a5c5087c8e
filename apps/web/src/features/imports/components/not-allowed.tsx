import type { Verdict } from "@loupe/domain";
import { Alert } from "@mantine/core";

/** What an address typed by someone the rulebook refuses shows (the area has no link for them). */
export function NotAllowed({ verdict }: { verdict: Verdict }) {
  return (
    <Alert color="gray" data-testid="imports-refused">
      {verdict.allowed ? null : verdict.reason}
    </Alert>
  );
}
