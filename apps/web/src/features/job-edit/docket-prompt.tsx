import { JOB_EDIT_MESSAGES } from "@loupe/domain";
import { Button, Group, Modal, Text } from "@mantine/core";
import { usePrintJob } from "../printing/use-print-job";

/**
 * "Print job docket?" once every glass item of the job is confirmed (jobs-area §4): Print opens
 * the job docket (A5) in a new tab; No thanks closes. A failed print keeps the prompt open, with
 * the server's message in the alert.
 */
export function DocketPrompt(props: { jobId: number; onClose: () => void }) {
  const { print, pending } = usePrintJob(props.jobId);
  return (
    <Modal opened onClose={props.onClose} title={JOB_EDIT_MESSAGES.printDocket} centered size="sm">
      <Text size="sm" mb="md">
        Every glasses and lenses-only item of this job is confirmed.
      </Text>
      <Group justify="flex-end" data-testid="docket-prompt">
        <Button variant="default" onClick={props.onClose}>
          {JOB_EDIT_MESSAGES.noThanks}
        </Button>
        <Button
          loading={pending}
          onClick={async () => {
            if (await print("docket")) props.onClose();
          }}
        >
          {JOB_EDIT_MESSAGES.print}
        </Button>
      </Group>
    </Modal>
  );
}
