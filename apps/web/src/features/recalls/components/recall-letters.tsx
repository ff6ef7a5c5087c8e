import { recallLettersPdf } from "@loupe/contract";
import { outletTimeZone } from "@loupe/domain";
import { Button, Group, Paper, Select, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { useAlert } from "../../../app/alert-context";
import { CalendarDateInput } from "../../../components/calendar-date-input";
import { buildUrl } from "../../../lib/api-client";
import { errorText } from "../../../lib/errors";
import { openFileBlob } from "../../../lib/file-blob";
import { useAction } from "../../../lib/use-action";
import { useCurrentOutlet, useOutlets } from "../../reference/use-reference-data";
import { todayIn } from "../recall-words";

/**
 * The outlet's recall letters for a day, one printable PDF (one page each, for DL window
 * envelopes). The PDF opens in a new tab from the signed-in call's bytes; no link to it is made.
 */
export default function RecallLetters() {
  const { data: outlets = [] } = useOutlets();
  const current = useCurrentOutlet();
  const { showAlert } = useAlert();
  const [outletId, setOutletId] = useState<string | null>(current ? String(current.id) : null);
  const outlet = outlets.find((o) => String(o.id) === outletId);
  // The outlet's own day, not the browser's: a letter run belongs to the outlet's calendar.
  const [day, setDay] = useState(() => todayIn(outletTimeZone(outlet ?? current)));
  const open = useAction(async () => {
    if (!outletId) return;
    try {
      await openFileBlob(
        buildUrl(recallLettersPdf, { id: outletId }, { date: day }),
        `recall-letters-${outlet?.name ?? outletId}-${day}.pdf`,
      );
    } catch (err) {
      showAlert({ variant: "danger", message: errorText(err, "The letters could not be made.") });
    }
  });
  return (
    <Paper withBorder p="md" maw={620} data-testid="recall-letters">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          The day's recall letters of one outlet as one PDF, a page each, addressed for a DL window envelope.
        </Text>
        <Group align="flex-end" gap="xs">
          <Select
            label="Outlet"
            size="xs"
            w={200}
            searchable
            allowDeselect={false}
            data={outlets.map((o) => ({ value: String(o.id), label: o.name }))}
            value={outletId}
            onChange={setOutletId}
          />
          <CalendarDateInput label="Day" size="xs" w={140} value={day} onChange={(v) => v && setDay(v)} />
          <Button size="xs" onClick={open.run} loading={open.isPending} disabled={!outletId}>
            Open letters PDF
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
