import { and, asc, desc, eq, inArray, lte, or, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { EmailMessage, EmailSender } from "../../integrations/email";
import type { SmsSender } from "../../integrations/sms";
import type { Db } from "../../platform/db/client";
import { AppError, notFound } from "../../platform/http/app-error";
import { outboxAttachments, outboxAttempts, outboxMessages } from "./outbox.tables";

export type OutboxRow = typeof outboxMessages.$inferSelect;
export type OutboxAttemptRow = typeof outboxAttempts.$inferSelect;

export interface RetryPolicy {
  /** Attempts before a message is given up (failed) until an administrator retries it. */
  maxTries: number;
  /** The wait after the first failure; it doubles after each further one, up to maxDelayMs. */
  baseDelayMs: number;
  maxDelayMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxTries: 8,
  baseDelayMs: 30_000,
  maxDelayMs: 6 * 60 * 60_000,
};

/** The wait before try number `tries + 1`, after `tries` failures (exponential, capped). */
export const backoffMs = (tries: number, policy: RetryPolicy): number =>
  Math.min(policy.baseDelayMs * 2 ** Math.max(0, tries - 1), policy.maxDelayMs);

/** Why a redacted message is not sent again: its stored copy has no secret link in it. */
export const REDACTED_NOT_RETRIED =
  "Not retried: this message carried a one-time secret link that is never stored, so the stored copy " +
  "cannot be sent again. Ask the person to request a new one.";

/**
 * Whether a send error is the mail server's permanent refusal (SMTP 5xx: no such mailbox, rejected
 * as spam…): trying again later gets the same answer, so the message is given up at once.
 */
export const isPermanentRefusal = (err: unknown): boolean => {
  const code = Number((err as { responseCode?: unknown } | null)?.responseCode);
  return code >= 500 && code < 600;
};

/** Told when a message is given up (stored as failed): modules that sent it react (a lens order becomes "Not sent"). */
export type GivenUpListener = (row: OutboxRow) => Promise<void> | void;
/** Told when a message was handed to its provider (status sent). */
export type SentListener = (row: OutboxRow) => Promise<void> | void;

/** A message to queue inside the caller's transaction, to go no earlier than `notBefore`. */
export interface QueuedMessage {
  channel: "email" | "sms";
  recipient: string;
  subject?: string | null;
  body: string;
  notBefore: Date;
  meta?: Record<string, unknown>;
}

/** A claimed message is taken back by another worker if its sender has not finished after this long. */
const CLAIM_MS = 5 * 60_000;

export interface OutboxDeps {
  db: Db;
  email: EmailSender | null;
  sms: SmsSender | null;
  log: FastifyBaseLogger;
  retry?: Partial<RetryPolicy>;
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
 * Every outgoing e-mail and SMS is written here first and delivered in the background: callers
 * (after their own transaction commits, DESIGN rule 6) get the queued row back at once and never
 * wait for SMTP or Twilio. The worker (outbox.worker.ts) sends what is due, records every attempt,
 * and on failure tries again with exponential backoff until the tries run out (status `failed`);
 * an administrator can then retry from the Outbox page. Without an adapter for its channel a
 * message stays `queued` (logged by id), which is what the demo shows.
 */
export function createOutboxService({ db, email, sms, log, retry, revealOnConsole }: OutboxDeps) {
  const policy: RetryPolicy = { ...DEFAULT_RETRY_POLICY, ...retry };
  const channels = [...(email ? (["email"] as const) : []), ...(sms ? (["sms"] as const) : [])];
  /** Sends started outside the worker (secret-bearing e-mails), awaited on close. */
  const inFlight = new Set<Promise<unknown>>();
  let wake: () => void = () => {};

  async function attempt(
    row: OutboxRow,
    send: () => Promise<unknown>,
    adapter: string,
    onFailure: (error: string, tries: number, permanent: boolean) => Partial<OutboxRow>,
  ): Promise<OutboxRow> {
    let error: string | null = null;
    let permanent = false;
    let providerMessageId: string | null = null;
    try {
      const result = (await send()) as { messageId?: unknown } | undefined;
      if (typeof result?.messageId === "string" && result.messageId) providerMessageId = result.messageId;
    } catch (err) {
      error = (err as Error).message || String(err);
      permanent = isPermanentRefusal(err);
    }
    const tries = row.tries + 1;
    await db.insert(outboxAttempts).values({
      messageId: row.id,
      outcome: error === null ? "sent" : "failed",
      error,
      adapter,
    });
    const change: Partial<OutboxRow> =
      error === null
        ? { status: "sent", sentAt: new Date(), error: null, providerMessageId }
        : { error, ...onFailure(error, tries, permanent) };
    const [updated] = await db
      .update(outboxMessages)
      .set({ ...change, tries, attempts: sql`${outboxMessages.attempts} + 1`, lockedUntil: null })
      .where(eq(outboxMessages.id, row.id))
      .returning();
    if (error !== null) {
      log.warn(
        { outboxId: row.id, channel: row.channel, tries, status: updated.status },
        "outbox delivery failed",
      );
    }
    if (updated.status === "failed") await tellGivenUp(updated);
    if (updated.status === "sent") await tell(sentListeners, updated);
    return updated;
  }

  const givenUpListeners: GivenUpListener[] = [];
  const sentListeners: SentListener[] = [];
  const tellGivenUp = (row: OutboxRow) => tell(givenUpListeners, row);
  /** After the status is stored; a listener's error is logged and never breaks delivery. */
  async function tell(listeners: GivenUpListener[], row: OutboxRow) {
    for (const listener of listeners) {
      try {
        await listener(row);
      } catch (err) {
        log.error({ err, outboxId: row.id }, "outbox: a listener failed");
      }
    }
  }

  /** What a failure leads to for a stored message: another try later, or given up. */
  const scheduleOrGiveUp = (_error: string, tries: number, permanent: boolean): Partial<OutboxRow> =>
    permanent || tries >= policy.maxTries
      ? { status: "failed" }
      : { status: "queued", nextAttemptAt: new Date(Date.now() + backoffMs(tries, policy)) };

  function sendStored(row: OutboxRow): { adapter: string; send: () => Promise<unknown> } | null {
    if (row.channel === "email" && email) {
      return {
        adapter: email.name,
        send: async () => {
          const files = await db
            .select()
            .from(outboxAttachments)
            .where(eq(outboxAttachments.messageId, row.id));
          return email.send({
            to: row.recipient,
            subject: row.subject ?? "",
            text: row.body,
            html: row.html ?? undefined,
            replyTo: row.replyTo ?? undefined,
            ...(files.length
              ? {
                  attachments: files.map((f) => ({
                    filename: f.filename,
                    content: f.content,
                    contentType: f.contentType,
                  })),
                }
              : {}),
          });
        },
      };
    }
    if (row.channel === "sms" && sms)
      return { adapter: sms.name, send: () => sms.send({ to: row.recipient, body: row.body }) };
    return null;
  }

  return {
    policy,

    async sendEmail(
      message: EmailMessage,
      meta?: Record<string, unknown>,
      secret?: SecretHandling,
    ): Promise<OutboxRow> {
      const files = (message.attachments ?? []).filter(
        (a): a is { filename: string; content: Buffer; contentType: string } => "content" in a,
      );
      // The message and its files are one write: the worker never sees a message whose files are missing.
      const row = await db.transaction(async (tx) => {
        const [inserted] = await tx
          .insert(outboxMessages)
          .values({
            channel: "email",
            recipient: message.to,
            subject: message.subject,
            body: secret ? secret.storedText : message.text,
            html: secret ? null : message.html,
            replyTo: message.replyTo,
            meta: secret ? { ...meta, redacted: true } : meta,
            retryable: !secret,
            status: secret && email ? "sending" : "queued",
          })
          .returning();
        if (files.length)
          await tx.insert(outboxAttachments).values(
            files.map((f) => ({
              messageId: inserted.id,
              filename: f.filename,
              contentType: f.contentType,
              content: f.content,
            })),
          );
        return inserted;
      });
      if (!email) {
        // Ids only: bodies and addresses are customer data and stay out of the log.
        log.info({ outboxId: row.id, channel: "email" }, "e-mail queued in outbox");
        if (secret?.consoleNote && revealOnConsole) revealOnConsole(secret.consoleNote);
        return row;
      }
      if (secret) {
        // Only this process holds the secret text: one attempt, now, in the background; a failure
        // is final because the stored copy lacks the link.
        const sending = attempt(
          row,
          () => email.send(message),
          email.name,
          (error) => ({
            status: "failed",
            error: `${error} — ${REDACTED_NOT_RETRIED}`,
          }),
        )
          .catch((err) => log.error({ err, outboxId: row.id }, "outbox: recording a delivery failed"))
          .finally(() => inFlight.delete(sending));
        inFlight.add(sending);
        return row;
      }
      wake();
      return row;
    },

    async sendSms(to: string, body: string, meta?: Record<string, unknown>): Promise<OutboxRow> {
      const [row] = await db
        .insert(outboxMessages)
        .values({ channel: "sms", recipient: to, body, meta })
        .returning();
      if (!sms) log.info({ outboxId: row.id, channel: "sms" }, "SMS queued in outbox");
      else wake();
      return row;
    },

    /**
     * Claims up to `limit` due messages (FOR UPDATE SKIP LOCKED: other workers skip them) and sends
     * them one by one. Answers how many it handled, so the worker loops while there is work.
     */
    async deliverDue(limit = 10, now = new Date()): Promise<number> {
      if (!channels.length) return 0;
      const due = db
        .select({ id: outboxMessages.id })
        .from(outboxMessages)
        .where(
          and(
            eq(outboxMessages.retryable, true),
            inArray(outboxMessages.channel, channels),
            or(
              and(eq(outboxMessages.status, "queued"), lte(outboxMessages.nextAttemptAt, now)),
              and(eq(outboxMessages.status, "sending"), lte(outboxMessages.lockedUntil, now)),
            ),
          ),
        )
        .orderBy(asc(outboxMessages.nextAttemptAt), asc(outboxMessages.id))
        .limit(limit)
        .for("update", { skipLocked: true });
      const claimed = await db
        .update(outboxMessages)
        .set({ status: "sending", lockedUntil: new Date(now.getTime() + CLAIM_MS) })
        .where(inArray(outboxMessages.id, due))
        .returning();
      for (const row of claimed) {
        const how = sendStored(row);
        if (how) await attempt(row, how.send, how.adapter, scheduleOrGiveUp);
      }
      return claimed.length;
    },

    /**
     * Queues a message in the caller's transaction (it commits with the change that caused it, or
     * not at all), to be sent no earlier than `notBefore`. The caller's own unique key says whether
     * to call this at all; the worker wakes on its poll.
     */
    async enqueue(tx: Db, message: QueuedMessage): Promise<OutboxRow> {
      const [row] = await tx
        .insert(outboxMessages)
        .values({
          channel: message.channel,
          recipient: message.recipient,
          subject: message.subject ?? null,
          body: message.body,
          meta: message.meta,
          nextAttemptAt: message.notBefore,
        })
        .returning();
      return row;
    },

    /**
     * Withdraws a message not yet claimed by a worker. One statement: a worker's claim and this
     * cancel cannot both win. Answers the cancelled row, or null when it was already claimed,
     * sent, failed or cancelled.
     */
    async cancelQueued(tx: Db, id: number): Promise<OutboxRow | null> {
      const [row] = await tx
        .update(outboxMessages)
        .set({ status: "cancelled", lockedUntil: null })
        .where(and(eq(outboxMessages.id, id), eq(outboxMessages.status, "queued")))
        .returning();
      return row ?? null;
    },

    /**
     * The provider reported later that a sent message was not delivered (an SMS status callback):
     * the message is marked failed with the provider's reason and the given-up listeners are told.
     * Answers null for an id no message carries, or one already failed.
     */
    async reportUndelivered(providerMessageId: string, error: string): Promise<OutboxRow | null> {
      const [row] = await db
        .update(outboxMessages)
        .set({ status: "failed", error })
        .where(
          and(eq(outboxMessages.providerMessageId, providerMessageId), eq(outboxMessages.status, "sent")),
        )
        .returning();
      if (row) await tellGivenUp(row);
      return row ?? null;
    },

    /** An administrator's retry of a failed message: a fresh round of tries, starting now. */
    async retry(id: number): Promise<OutboxRow> {
      const [row] = await db.select().from(outboxMessages).where(eq(outboxMessages.id, id));
      if (!row) throw notFound("Message");
      if (!row.retryable) throw new AppError("conflict", REDACTED_NOT_RETRIED);
      if (row.status !== "failed") throw new AppError("conflict", "Only a failed message can be retried.");
      const [queued] = await db
        .update(outboxMessages)
        .set({ status: "queued", tries: 0, nextAttemptAt: new Date() })
        .where(and(eq(outboxMessages.id, id), eq(outboxMessages.status, "failed")))
        .returning();
      if (!queued) throw new AppError("conflict", "Only a failed message can be retried.");
      wake();
      return queued;
    },

    list(limit: number, status?: OutboxRow["status"]) {
      return db
        .select()
        .from(outboxMessages)
        .where(status ? eq(outboxMessages.status, status) : undefined)
        .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id))
        .limit(limit);
    },

    async attemptsOf(id: number): Promise<OutboxAttemptRow[]> {
      const [row] = await db
        .select({ id: outboxMessages.id })
        .from(outboxMessages)
        .where(eq(outboxMessages.id, id));
      if (!row) throw notFound("Message");
      return db
        .select()
        .from(outboxAttempts)
        .where(eq(outboxAttempts.messageId, id))
        .orderBy(asc(outboxAttempts.attemptedAt), asc(outboxAttempts.id));
    },

    /** Registers a module's reaction to a message given up (status failed), e.g. by `meta.kind`. */
    onGivenUp(listener: GivenUpListener) {
      givenUpListeners.push(listener);
    },

    /** Registers a reaction to a message handed to its provider (status sent). */
    onSent(listener: SentListener) {
      sentListeners.push(listener);
    },

    /** The worker registers how to be woken when a message is queued. */
    onQueued(fn: () => void) {
      wake = fn;
    },

    /** Waits for sends started outside the worker (on close, and in tests). */
    async settle(): Promise<void> {
      while (inFlight.size) await Promise.allSettled([...inFlight]);
    },
  };
}

export type OutboxService = ReturnType<typeof createOutboxService>;
