import { desc, eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { EmailMessage, EmailSender } from "../../integrations/email";
import type { SmsSender } from "../../integrations/sms";
import type { Db } from "../../platform/db/client";
import { outboxMessages } from "./outbox.tables";

export type OutboxRow = typeof outboxMessages.$inferSelect;

export interface OutboxDeps {
  db: Db;
  email: EmailSender | null;
  sms: SmsSender | null;
  log: FastifyBaseLogger;
  /**
   * Where a secret-bearing message is shown when no adapter can deliver it, so the embedded demo
   * can still reset a password. Left out in production: there the secret only ever goes to its owner.
   */
  revealOnConsole?: (line: string) => void;
}

/** For messages that carry a secret (a reset link): what the outbox keeps and shows instead of the text. */
export interface SecretHandling {
  storedText: string;
  /** Printed on the console, outside production, when no adapter delivers the message. */
  consoleNote?: string;
}

/**
 * Every outgoing e-mail and SMS is written here first, then handed to the adapter. Callers invoke
 * this after their own transaction commits (DESIGN rule 6), so a rollback never sends anything.
 * Without an adapter the message stays `queued` and is logged, which is what the demo shows.
 */
export function createOutboxService({ db, email, sms, log, revealOnConsole }: OutboxDeps) {
  async function finish(id: number, send: () => Promise<unknown>): Promise<OutboxRow> {
    try {
      await send();
      const [row] = await db
        .update(outboxMessages)
        .set({ status: "sent", sentAt: new Date(), attempts: 1 })
        .where(eq(outboxMessages.id, id))
        .returning();
      return row;
    } catch (err) {
      const [row] = await db
        .update(outboxMessages)
        .set({ status: "failed", error: (err as Error).message, attempts: 1 })
        .where(eq(outboxMessages.id, id))
        .returning();
      return row;
    }
  }

  return {
    async sendEmail(
      message: EmailMessage,
      meta?: Record<string, unknown>,
      secret?: SecretHandling,
    ): Promise<OutboxRow> {
      const [row] = await db
        .insert(outboxMessages)
        .values({
          channel: "email",
          recipient: message.to,
          subject: message.subject,
          body: secret ? secret.storedText : message.text,
          html: secret ? null : message.html,
          replyTo: message.replyTo,
          meta: secret ? { ...meta, redacted: true } : meta,
        })
        .returning();
      if (!email) {
        // Ids only: bodies and addresses are customer data and stay out of the log.
        log.info({ outboxId: row.id, channel: "email" }, "e-mail queued in outbox");
        if (secret?.consoleNote && revealOnConsole) revealOnConsole(secret.consoleNote);
        return row;
      }
      return finish(row.id, () => email.send(message));
    },

    async sendSms(to: string, body: string, meta?: Record<string, unknown>): Promise<OutboxRow> {
      const [row] = await db
        .insert(outboxMessages)
        .values({ channel: "sms", recipient: to, body, meta })
        .returning();
      if (!sms) {
        log.info({ outboxId: row.id, channel: "sms" }, "SMS queued in outbox");
        return row;
      }
      return finish(row.id, () => sms.send({ to, body }));
    },

    list(limit: number) {
      return db
        .select()
        .from(outboxMessages)
        .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id))
        .limit(limit);
    },
  };
}

export type OutboxService = ReturnType<typeof createOutboxService>;
