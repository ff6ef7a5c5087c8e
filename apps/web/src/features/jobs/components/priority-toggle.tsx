import type { OrderWire } from "@loupe/contract";
import { PRIORITY, STATUS_CHANGED_MESSAGE, togglePriority } from "@loupe/domain";
import { Switch } from "@mantine/core";
import { useAlert } from "../../../app/alert-context";
import { errorText } from "../../../lib/errors";
import { useSetJobPriority } from "../api/jobs-mutations";
import { useJobRules } from "../use-job-rules";
import { RuleGate } from "./rule-gate";

/** Priority 1 ⇄ 2, shown at once and put back with an error alert when the server refuses (spec §4). */
export function PriorityToggle({ job }: { job: OrderWire }) {
  const setPriority = useSetJobPriority();
  const { showAlert } = useAlert();
  const verdict = useJobRules()("priority", job);
  return (
    <RuleGate verdict={verdict}>
      {(refused) => (
        <Switch
          aria-label={`Priority of ${job.vend_invoice_number}`}
          color="red"
          checked={job.priority === PRIORITY.urgent}
          disabled={refused || setPriority.isPending}
          onChange={() =>
            setPriority.mutate(
              { id: job.id, priority: togglePriority(job.priority) },
              {
                onSuccess: () => showAlert({ variant: "success", message: STATUS_CHANGED_MESSAGE }),
                onError: (err) => showAlert({ variant: "danger", message: errorText(err) }),
              },
            )
          }
        />
      )}
    </RuleGate>
  );
}
