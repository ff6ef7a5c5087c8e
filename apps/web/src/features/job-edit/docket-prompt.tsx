import { JOB_EDIT_MESSAGES } from "@loupe/domain";
import { Button, Group, Modal, Text, Tooltip } from "@mantine/core";

/**
 * "Print job docket?" once every glass item of the job is confirmed (jobs-area §4). Dockets are
 * not printable yet, so Print is disabled and says why.
 */
export function DocketPrompt(props: { onClose: () => void }) {
  return (
    <Modal opened onClose={props.onClose} title={JOB_EDIT_MESSAGES.printDocket} centered size="sm">
      <Text size="sm" mb="md">
        Every glasses and lenses-only item of this job is confirmed.
      </Text>
      <Group justify="flex-end" data-testid="docket-prompt">
        <Button variant="default" onClick={props.onClose}>
          {JOB_EDIT_MESSAGES.noThanks}
        </Button>
        <Tooltip label="Job dockets cannot be printed yet" withArrow>
          <span>
            <Button disabled>{JOB_EDIT_MESSAGES.print}</Button>
          </span>
        </Tooltip>
      </Group>
    </Modal>
  );
}
