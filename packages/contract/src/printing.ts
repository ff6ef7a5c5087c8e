import { DOCKET_PAPERS, PRINT_DOCUMENTS } from "@loupe/domain";
import { z } from "zod";
import { defineEndpoint } from "./endpoint";
import { dataEnvelope, qId } from "./envelope";

// Printing (jobs-area §2 Print Labels, §7 "Printing"; ADR 0015): the signed-in call answers a
// short-lived signed link, and the link answers the PDF without the Authorization header, so the
// web app can open it in a new tab.

export const printLinkWire = z.object({
  /** The PDF's full address on this server (from PUBLIC_URL): open it as it is; it expires at `expires_at`. */
  url: z
    .url()
    .describe(
      "The PDF's full address (absolute URL on this server, from its public URL): open it as it is, in a new tab; it expires at expires_at.",
    ),
  expires_at: z.string(),
  document: z.enum(PRINT_DOCUMENTS),
  /** The docket's paper; null for a tray label. */
  paper: z.enum(DOCKET_PAPERS).nullable(),
});
export type PrintLinkWire = z.infer<typeof printLinkWire>;

export const jobTraySignedUrl = defineEndpoint({
  jobRule: {
    action: (r) => (r.query?.document === "docket" ? "print_docket" : "print_tray_label"),
    target: (r) => ({ order: r.params.orderId }),
  },
  // A docket holds the prescription and PD: each print is logged (a tray label as `tray_label`).
  access: { resource: "docket", action: "print", id: "orderId" },
  method: "GET",
  base: "api",
  path: "/staff/job-tray-signed-url/:orderId",
  summary:
    "Print a job's tray label (default) or docket (document=docket, paper A5 or A4): records the print on the job and answers a signed PDF link that expires in two minutes",
  params: z.object({ orderId: qId }),
  query: z.object({
    document: z.enum(PRINT_DOCUMENTS).optional(),
    paper: z.enum(DOCKET_PAPERS).optional(),
  }),
  response: dataEnvelope(printLinkWire),
});

export const showJobPrint = defineEndpoint({
  files: { description: "The tray label or docket", mediaTypes: ["application/pdf"] },
  method: "GET",
  base: "api",
  path: "/print/jobs/:orderId/:document",
  summary:
    "The tray label or docket PDF behind a signed print link (no sign-in: the signature is the permission; expired or altered links answer 403)",
  auth: false,
  params: z.object({ orderId: qId, document: z.enum(PRINT_DOCUMENTS) }),
  query: z.object({
    paper: z.enum(DOCKET_PAPERS).optional(),
    by: qId,
    expires: z.string().regex(/^\d{1,12}$/, "The expires field must be a time in seconds."),
    sig: z.string().regex(/^[A-Za-z0-9_-]{43}$/, "The sig field is not a signature."),
  }),
});
