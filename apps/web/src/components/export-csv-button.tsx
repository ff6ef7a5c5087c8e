import { Button } from "@mantine/core";
import { useState } from "react";
import { useAlert } from "../app/alert-context";
import { errorText } from "../lib/errors";

const count = new Intl.NumberFormat("en-AU");

/**
 * "Export CSV" for a list (issue 29): the whole filtered list, every page, as the server streams it.
 * While it downloads the button is busy and says how many rows have arrived. A role the rulebook
 * refuses sees it disabled with the reason as its title. The download code loads on the first
 * click, not with the list (the customers screen is on the first screen's JavaScript budget).
 */
export function ExportCsvButton({
  url,
  fileName,
  refusal,
}: {
  /** The export's address with the list's filters (`buildUrl`). */
  url: string;
  /** The file's name when the server's answer names none. */
  fileName: string;
  /** Why this user may not export (the rulebook's words), or null. */
  refusal: string | null;
}) {
  const { showAlert } = useAlert();
  const [rows, setRows] = useState<number | null>(null);
  const run = async () => {
    setRows(0);
    try {
      const { downloadCsv } = await import("../lib/csv-download");
      const done = await downloadCsv(url, fileName, setRows);
      showAlert({
        variant: "success",
        message: `Exported ${count.format(done.rows)} rows to ${done.fileName}.`,
      });
    } catch (err) {
      showAlert({ variant: "danger", message: errorText(err) });
    } finally {
      setRows(null);
    }
  };
  const busy = rows !== null;
  return (
    <Button
      size="xs"
      variant="default"
      onClick={run}
      disabled={!!refusal || busy}
      title={refusal ?? undefined}
      data-testid="export-csv"
      aria-busy={busy}
    >
      {busy ? `Exporting… ${count.format(rows)} rows` : "Export CSV"}
    </Button>
  );
}
