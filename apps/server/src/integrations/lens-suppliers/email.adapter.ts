import { SUPPLIER_STATE_RULES } from "@loupe/domain";
import { LensSupplierError, type LensTransport } from "./lens-suppliers.port";

export interface SupplierEmail {
  to: string;
  subject: string;
  text: string;
  attachments: { filename: string; contentType: string; content: Buffer }[];
}

/**
 * The default transport: the order sheet (PDF) and the DCS record (`.vca`) e-mailed to the chosen
 * contact through the e-mail port (the outbox queues it and retries; ADR 0010). A cancel is an
 * e-mail too. E-mail reports no states: the order stays "Sent" until staff move the item on.
 */
export function createEmailTransport(
  send: (mail: SupplierEmail, idempotencyKey: string) => Promise<void>,
): LensTransport {
  return {
    name: "email",
    reports: false,
    async place(request, idempotencyKey) {
      if (!request.contact.mail)
        throw new LensSupplierError("rejected", "This contact has no e-mail address.");
      await send(
        {
          to: request.contact.mail,
          subject: `Lens order ${request.reference} from ${request.summary[0] ?? "Loupe"}`,
          text: [
            `Hello ${request.contact.name || request.supplier.name},`,
            "",
            `Please make the lenses of order ${request.reference}. The order sheet and its DCS record (${request.reference}.vca) are attached.`,
            "",
            ...request.summary,
            ...(request.notes ? ["", `Notes: ${request.notes}`] : []),
            "",
            "Please quote the order reference in every reply.",
          ].join("\n"),
          attachments: [
            {
              filename: `${request.reference}.pdf`,
              contentType: "application/pdf",
              content: await request.sheet(),
            },
            {
              filename: `${request.reference}.vca`,
              contentType: "text/plain; charset=us-ascii",
              content: Buffer.from(request.record, "ascii"),
            },
          ],
        },
        idempotencyKey,
      );
      return { supplierReference: null, statusCode: SUPPLIER_STATE_RULES[request.kind].sent, eta: null };
    },
    async cancel(order, cancelledCode) {
      if (!order.contact.mail) throw new LensSupplierError("rejected", "This contact has no e-mail address.");
      await send(
        {
          to: order.contact.mail,
          subject: `CANCEL lens order ${order.reference}`,
          text: `Hello ${order.contact.name || order.supplier.name},\n\nPlease cancel lens order ${order.reference}: the lenses are no longer needed.\n`,
          attachments: [],
        },
        `${order.idempotencyKey}:cancel`,
      );
      return { statusCode: cancelledCode };
    },
    async status() {
      return [];
    },
  };
}
