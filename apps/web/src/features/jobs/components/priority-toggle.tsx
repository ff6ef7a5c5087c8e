import type { OrderWire } from "@loupe/contract";
import { PRIORITY, STATUS_CHANGED_MESSAGE, togglePriority } from "@loupe/domain";
import { useId } from "react";
import { useAlert } from "../../../app/alert-context";
import { PlainSwitch } from "../../../components/plain-mantine";
import { errorText } from "../../../lib/errors";
import { useSetJobPriority } from "../api/jobs-mutations";
import { useTableJobRules } from "../use-job-rules";
import { RuleGate } from "./rule-gate";

/**
 * Priority 1 ⇄ 2, shown at once and put back with an error alert when the server refuses (spec §4).
 * Mantine's Switch markup without its component: a switch on every jobs row (issue 31).
 */
export function PriorityToggle({ job }: { job: OrderWire }) {
  const setPriority = useSetJobPriority();
  const { showAlert } = useAlert();
  const verdict = useTableJobRules()("priority", job);
  const id = useId();
  return (
    <RuleGate verdict={verdict}>
      {(refused) => (
        <PlainSwitch
          id={id}
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
