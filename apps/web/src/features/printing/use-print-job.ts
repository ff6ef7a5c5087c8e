import { jobTraySignedUrl } from "@loupe/contract";
import { type DocketPaper, PRINT_DOCUMENT_LABELS, PRINT_MESSAGES, type PrintDocument } from "@loupe/domain";
import { useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { useAlert } from "../../app/alert-context";
import { callEndpoint } from "../../lib/api-client";
import { errorMessage } from "../../lib/errors";
import { jobKeys } from "../jobs/api/job-keys";

/**
 * Prints a job's tray label or docket (jobs-area §7 "Printing", ADR 0015): asks the server for a
 * signed link and opens the PDF in a new tab. Call `print` straight from the click: the tab is
 * opened before anything is awaited, because browsers block a tab opened after a network call.
 * A failure closes the tab and shows the server's message; the answer is whether a tab opened.
 */
export function usePrintJob(jobId: number) {
  const { showAlert } = useAlert();
  const queryClient = useQueryClient();
  const inFlight = useRef(false);
  const [pending, setPending] = useState(false);

  const print = async (document: PrintDocument, paper?: DocketPaper): Promise<boolean> => {
    if (inFlight.current) return false;
    const tab = window.open("", "_blank");
    if (!tab) {
      showAlert({ variant: "danger", message: PRINT_MESSAGES.popupBlocked });
      return false;
    }
    // The PDF tab needs nothing from this one.
    tab.opener = null;
    tab.document.title = `${PRINT_DOCUMENT_LABELS[document]}…`;
    tab.document.body.textContent = `Preparing the ${PRINT_DOCUMENT_LABELS[document].toLowerCase()}…`;
    inFlight.current = true;
    setPending(true);
    try {
      const { data } = await callEndpoint(jobTraySignedUrl, {
        params: { orderId: jobId },
        query: { document, ...(document === "docket" && paper ? { paper } : {}) },
      });
      tab.location.replace(data.url);
      return true;
    } catch (err) {
      tab.close();
      showAlert({ variant: "danger", message: errorMessage(err) });
      return false;
    } finally {
      inFlight.current = false;
      setPending(false);
      // The print is on the job's timeline.
      queryClient.invalidateQueries({ queryKey: jobKeys.events(jobId) });
    }
  };

  return { print, pending };
}
