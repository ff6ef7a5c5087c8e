import { getJob } from "@loupe/contract";
import { Anchor } from "@mantine/core";
import { useState } from "react";
import { useNavigate } from "react-router";
import { useAlert } from "../../../app/alert-context";
import { callEndpoint } from "../../../lib/api-client";
import { errorText } from "../../../lib/errors";
import { W } from "../intake-words";

/** The jobs screen's address of a job, by the job's own invoice number. */
export const jobPathOf = (invoice: string) => `/jobs/${encodeURIComponent(invoice)}`;

/**
 * "Open the job" of a sale: the job's invoice number is the job's to say (a web-shop order's job is
 * numbered apart from the order), and the sale's answer names only the job's id, so the job is read
 * when it is opened, then its address on the jobs screen is shown.
 */
export function JobLink({ orderId, invoice }: { orderId: number; invoice: string }) {
  const navigate = useNavigate();
  const { showAlert } = useAlert();
  const [busy, setBusy] = useState(false);
  async function open() {
    if (busy) return;
    setBusy(true);
    try {
      const job = (await callEndpoint(getJob, { params: { id: orderId } })).data;
      navigate(jobPathOf(job.vend_invoice_number));
    } catch (err) {
      showAlert({ variant: "danger", message: errorText(err) });
      setBusy(false);
    }
  }
  return (
    <Anchor
      component="button"
      type="button"
      size="sm"
      onClick={open}
      aria-label={W.openJobFor(invoice)}
      aria-busy={busy || undefined}
      data-testid="intake-open-job"
    >
      {W.openJob}
    </Anchor>
  );
}
