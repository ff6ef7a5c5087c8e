import type { TemplateWire } from "@loupe/contract";
import { MESSAGE_SENT, messageSchemaFor, templateSchema } from "@loupe/domain";
import { asc, eq } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { type Editor, matchVersion, nextVersion, readVersion } from "../../platform/db/versioning";
import { notFound } from "../../platform/http/app-error";
import { parseOrThrow } from "../../platform/http/validate";
import type { NotesService } from "../notes";
import type { OutboxService } from "../outbox";
import type { StaffRow } from "../staff";
import { staleOrMissing } from "../staff";
import { customerById, orderIdById, regionIdById, smsCountry } from "./messages.queries";
import { messageTemplates } from "./messages.tables";

type TemplateRow = typeof messageTemplates.$inferSelect;

const toWire = (t: TemplateRow): TemplateWire => ({
  id: t.id,
  region_id: t.regionId,
  template_name: t.templateName,
  name: t.templateName,
  subject: t.subject,
  content_template: t.contentTemplate,
  type: { slug: t.type },
  version: t.version,
});

export function createMessagesService({
  db,
  outbox,
  notes,
}: {
  db: Db;
  outbox: OutboxService;
  notes: NotesService;
}) {
  async function checkRegion(regionId: number) {
    const [r] = await regionIdById(db, regionId);
    if (!r) throw notFound("Region");
  }
  const staleTemplate = (editor: Editor, id: number, expected: number | undefined) =>
    staleOrMissing(db, messageTemplates, {
      id,
      expected,
      record: "template",
      editor,
      missing: () => notFound("Template"),
    });

  return {
    async templates(regionId: number) {
      await checkRegion(regionId);
      const rows = await db
        .select()
        .from(messageTemplates)
        .where(eq(messageTemplates.regionId, regionId))
        .orderBy(asc(messageTemplates.templateName));
      return rows.map(toWire);
    },
    async createTemplate(editor: Editor, regionId: number, input: unknown) {
      await checkRegion(regionId);
      const v = parseOrThrow(templateSchema, input);
      const [row] = await db
        .insert(messageTemplates)
        .values({
          regionId,
          templateName: v.template_name,
          type: v.type,
          subject: v.subject ?? null,
          contentTemplate: v.content_template,
          updatedBy: editor.id,
        })
        .returning();
      return toWire(row);
    },
    /** Edits from a stale read (an older `version`) are refused with a 409, never applied. */
    async updateTemplate(editor: Editor, id: number, input: unknown) {
      const expected = readVersion((input as { version?: unknown } | null)?.version);
      const v = parseOrThrow(templateSchema, input);
      const [row] = await db
        .update(messageTemplates)
        .set({
          templateName: v.template_name,
          type: v.type,
          subject: v.subject ?? null,
          contentTemplate: v.content_template,
          ...nextVersion(messageTemplates, editor),
        })
        .where(matchVersion(messageTemplates, id, expected))
        .returning();
      if (!row) throw await staleTemplate(editor, id, expected);
      return toWire(row);
    },
    async deleteTemplate(editor: Editor, id: number, expected?: number) {
      const removed = await db
        .delete(messageTemplates)
        .where(matchVersion(messageTemplates, id, expected))
        .returning({ id: messageTemplates.id });
      if (!removed.length) throw await staleTemplate(editor, id, expected);
    },

    /**
     * Queues the message in the outbox (delivered in the background, retried on failure; the Outbox
     * page shows how it went) and records a customer note saying what was sent.
     */
    async sendToCustomer(staff: StaffRow, customerId: number, input: unknown) {
      const [c] = await customerById(db, customerId);
      if (!c) throw notFound("Customer");
      return send(staff, input, { customer_id: customerId }, (summary) =>
        notes.addCustomerNote(staff, customerId, summary),
      );
    },

    /** The same for a job: the note goes on the job, which bumps its notes count. */
    async sendForOrder(staff: StaffRow, orderId: number, input: unknown) {
      // Before sending: a message about a job that does not exist must not go out (nor be kept).
      const [o] = await orderIdById(db, orderId);
      if (!o) throw notFound("Order");
      return send(staff, input, { order_id: orderId }, (summary) =>
        notes.addOrderNote(staff, orderId, summary),
      );
    },
  };

  async function send(
    staff: StaffRow,
    input: unknown,
    meta: Record<string, number>,
    record: (summary: string) => Promise<unknown>,
  ) {
    const m = parseOrThrow(messageSchemaFor(await smsCountry(db, staff, meta.order_id)), input);
    const outboxMeta = { kind: "message", ...meta, staff_user_id: staff.id };
    if (m.type === "sms") await outbox.sendSms(m.phone, m.message, outboxMeta);
    else
      await outbox.sendEmail(
        { to: m.email, subject: m.subject, text: m.message, replyTo: m.reply_to ?? undefined },
        outboxMeta,
      );
    const summary =
      m.type === "sms"
        ? `SMS sent to ${m.phone}: ${m.message}`
        : `E-mail sent to ${m.email}: ${m.subject}\n\n${m.message}`;
    await record(summary);
    return MESSAGE_SENT;
  }
}
