import {
  DEFAULT_DOCKET_PAPER,
  DOCKET_PAPERS,
  type DocketPaper,
  PRINT_DOCUMENT_LABELS,
  PRINT_DOCUMENTS,
  PRINT_MESSAGES,
  type PrintDocument,
} from "@loupe/domain";
import { Button, Group, Modal, Radio, SegmentedControl, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { usePrintJob } from "./use-print-job";

const HINTS: Record<PrintDocument, string> = {
  tray_label: "62 mm label: invoice barcode, surname, outlet, date and item count. No prescription.",
  docket: "Frame, lens, prescription, PD and heights for the workshop, with the barcode top and bottom.",
};

/** Print Labels (jobs-area §2): a tray label or the job docket (A5 or A4), opened as a PDF in a new tab. */
export function PrintLabelsModal({
  job,
  onClose,
}: {
  job: { id: number; vend_invoice_number: string };
  onClose: () => void;
}) {
  const [document, setDocument] = useState<PrintDocument>("tray_label");
  const [paper, setPaper] = useState<DocketPaper>(DEFAULT_DOCKET_PAPER);
  const { print, pending } = usePrintJob(job.id);

  return (
    <Modal opened onClose={onClose} title={PRINT_MESSAGES.title} centered>
      <Stack gap="md" data-testid="print-labels">
        <Text size="sm">Job {job.vend_invoice_number}</Text>
        <Radio.Group label="What to print" value={document} onChange={(v) => setDocument(v as PrintDocument)}>
          <Stack gap="xs" mt={6}>
            {PRINT_DOCUMENTS.map((d) => (
              <Radio key={d} value={d} label={PRINT_DOCUMENT_LABELS[d]} description={HINTS[d]} />
            ))}
          </Stack>
        </Radio.Group>
        {document === "docket" && (
          <Stack gap={4}>
            <Text size="sm" fw={500} id="docket-paper-label">
              Paper
            </Text>
            <SegmentedControl
              aria-labelledby="docket-paper-label"
              data={[...DOCKET_PAPERS]}
              value={paper}
              onChange={(v) => setPaper(v as DocketPaper)}
              w={160}
            />
          </Stack>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            loading={pending}
            onClick={async () => {
              if (await print(document, paper)) onClose();
            }}
          >
            Print
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
