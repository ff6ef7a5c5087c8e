import {
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
} from "drizzle-orm/pg-core";

/**
 * Every e-mail and SMS the system sends, whichever adapter delivered it (or none did). It is also
 * the delivery queue: the worker claims `queued` rows whose `next_attempt_at` has come with
 * `FOR UPDATE SKIP LOCKED`, so several processes never send the same message twice.
 */
export const outboxMessages = pgTable(
  "outbox_messages",
  {
    id: serial("id").primaryKey(),
    channel: text("channel", { enum: ["email", "sms"] }).notNull(),
    recipient: text("recipient").notNull(),
    subject: text("subject"),
    body: text("body").notNull(),
    html: text("html"),
    replyTo: text("reply_to"),
    /**
     * queued → sending → sent, or back to queued (a retry is due) until the tries run out: failed.
     * A queued message its sender withdrew before it was claimed is cancelled (issue 27).
     */
    status: text("status", { enum: ["queued", "sending", "sent", "failed", "cancelled"] })
      .notNull()
      .default("queued"),
    /** The last attempt's error; on a failed message, why it was given up. */
    error: text("error"),
    /** Every attempt ever made (outbox_attempts holds each one). */
    attempts: integer("attempts").notNull().default(0),
    /** Attempts since it was queued or last retried by hand: the backoff and the give-up count. */
    tries: integer("tries").notNull().default(0),
    /** False when the stored copy cannot be sent again (its secret link was never stored). */
    retryable: boolean("retryable").notNull().default(true),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    /** While `sending`: when a claim counts as abandoned (the process died) and may be taken again. */
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    /** The provider's id for the sent message (Twilio's MessageSid): its delivery reports name it. */
    providerMessageId: text("provider_message_id"),
    meta: jsonb("meta").$type<Record<string, unknown>>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    index("outbox_created_idx").on(t.createdAt),
    index("outbox_due_idx").on(t.status, t.nextAttemptAt),
    index("outbox_provider_message_idx").on(t.providerMessageId),
  ],
);

/** One row per delivery attempt: when, how it ended, and the adapter's error. */
export const outboxAttempts = pgTable(
  "outbox_attempts",
  {
    id: serial("id").primaryKey(),
    messageId: integer("message_id")
      .notNull()
      .references(() => outboxMessages.id, { onDelete: "cascade" }),
    attemptedAt: timestamp("attempted_at", { withTimezone: true }).notNull().defaultNow(),
    outcome: text("outcome", { enum: ["sent", "failed"] }).notNull(),
    error: text("error"),
    /** Which adapter tried (smtp, twilio…). */
    adapter: text("adapter"),
  },
  (t) => [index("outbox_attempts_message_idx").on(t.messageId)],
);

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/**
 * Files an e-mail carries (a lens order sheet and its DCS record), kept with the message so every
 * retry sends the same bytes. They hold health data like the message itself, and go with it.
 */
export const outboxAttachments = pgTable(
  "outbox_attachments",
  {
    id: serial("id").primaryKey(),
    messageId: integer("message_id")
      .notNull()
      .references(() => outboxMessages.id, { onDelete: "cascade" }),
    filename: text("filename").notNull(),
    contentType: text("content_type").notNull(),
    content: bytea("content").notNull(),
  },
  (t) => [index("outbox_attachments_message_idx").on(t.messageId)],
);
