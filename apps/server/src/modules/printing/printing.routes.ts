import { jobTraySignedUrl, showJobPrint } from "@loupe/contract";
import { create as contentDisposition } from "content-disposition";
import { recordRequestAccess } from "../access-log";
import type { ModuleContext } from "../module-context";
import { createPrintingService } from "./printing.service";

/** Printing (jobs-area §7 "Printing", ADR 0015): the signed link, and the PDF behind it. */
export function registerPrintingRoutes({ bind, db, database, config }: ModuleContext): void {
  const service = createPrintingService({ db, config });

  bind(jobTraySignedUrl, async ({ staff, params, query, req }) => {
    const document = query.document ?? "tray_label";
    const data = await service.print(
      staff.id,
      { orderId: params.orderId, document, paper: query.paper ?? null },
      // Written in the print's transaction, so the timeline and the access log agree.
      (customerId) =>
        recordRequestAccess(database, req, {
          resource: document === "docket" ? "docket" : "tray_label",
          resourceId: params.orderId,
          customerId,
        }),
    );
    return { data };
  });

  bind(showJobPrint, async ({ params, query, reply }) => {
    const { bytes, name } = await service.pdf(
      {
        orderId: params.orderId,
        document: params.document,
        paper: query.paper ?? null,
        staffId: query.by,
        expires: Number(query.expires),
      },
      query.sig,
    );
    // Inline, so the new tab shows it; the app-wide CSP (object-src 'none') would stop the
    // browser's PDF viewer, and these bytes are our own, with no script.
    reply.removeHeader("content-security-policy");
    return reply
      .type("application/pdf")
      .header("cache-control", "no-store")
      .header("content-disposition", contentDisposition(name, { type: "inline" }))
      .header("x-content-type-options", "nosniff")
      .header("referrer-policy", "no-referrer")
      .header("x-robots-tag", "noindex, nofollow")
      .send(bytes);
  });
}
