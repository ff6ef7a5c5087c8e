import {
  DEFAULT_DOCKET_PAPER,
  type DocketPaper,
  docketContent,
  PRINT_MESSAGES,
  type PrintDocument,
  printEventValue,
  trayLabelContent,
} from "@loupe/domain";
import type { Config } from "../../config";
import type { Db } from "../../platform/db/client";
import { inRequestTransaction } from "../../platform/db/request-transaction";
import { AppError, notFound } from "../../platform/http/app-error";
import { recordJobEvents } from "../jobs";
import { renderDocketPdf } from "./docket-pdf";
import { createPrintLinks, type PrintGrant } from "./print-link";
import { activeStaffId, printTarget, readPrintJob } from "./printing.queries";
import { renderTrayLabelPdf } from "./tray-label-pdf";

export interface PrintRequest {
  orderId: number;
  document: PrintDocument;
  paper: DocketPaper | null;
}

/**
 * Printing (ADR 0015). A print is recorded when it is asked for, by the signed-in staff member:
 * one timeline entry and one access-log row in one transaction, then a link that serves the PDF
 * for two minutes. Opening the link again records nothing more.
 */
export function createPrintingService({ db, config }: { db: Db; config: Config }) {
  const links = createPrintLinks(config);

  return {
    async print(
      staffId: number,
      request: PrintRequest,
      logAccess: (customerId: number | null) => Promise<void>,
    ) {
      const target = await printTarget(db, request.orderId);
      if (!target) throw notFound("Job");
      const paper = request.document === "docket" ? (request.paper ?? DEFAULT_DOCKET_PAPER) : null;
      const grant = links.grant(request.orderId, request.document, paper, staffId);
      await inRequestTransaction(db, async () => {
        await recordJobEvents(db, [
          {
            orderId: request.orderId,
            kind: "printed",
            toValue: printEventValue(request.document, paper),
            staffUserId: staffId,
          },
        ]);
        await logAccess(target.customerId);
      });
      return {
        url: links.url(grant),
        expires_at: new Date(grant.expires * 1000).toISOString(),
        document: request.document,
        paper,
      };
    },

    /** The PDF behind a link, once its signature, expiry and staff member check out (else 403). */
    async pdf(grant: PrintGrant, signature: string) {
      const check = links.check(grant, signature);
      if (check !== "ok")
        throw new AppError(
          "forbidden",
          check === "expired" ? PRINT_MESSAGES.expired : PRINT_MESSAGES.invalid,
        );
      const [staff] = await activeStaffId(db, grant.staffId);
      if (!staff) throw new AppError("forbidden", PRINT_MESSAGES.invalid);
      const job = await readPrintJob(db, grant.orderId, config.BRAND_NAME);
      if (!job) throw notFound("Job");
      const name = `${grant.document === "docket" ? "docket" : "tray-label"}-${job.invoice}.pdf`;
      const bytes =
        grant.document === "docket"
          ? await renderDocketPdf(docketContent(job, new Date()), grant.paper ?? DEFAULT_DOCKET_PAPER)
          : await renderTrayLabelPdf(trayLabelContent(job));
      return { bytes, name };
    },
  };
}
