import { sql } from "drizzle-orm";
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { customers } from "../customers/customers.tables";
import { orders } from "../jobs/jobs.tables";
import { outboxMessages } from "../outbox/outbox.tables";
import { outlets, regions } from "../reference/reference.tables";
import { staffUsers } from "../staff/staff.tables";

/**
 * A region's ready-to-collect choices (issue 27 §3): which job statuses mean ready, the templates,
 * the cancel window, the quiet hours (on each outlet's own clock) and the reminder days. A region
 * without a row uses the domain's defaults.
 */
export const readyMessageSettings = pgTable(
  "ready_message_settings",
  {
    regionId: integer("region_id")
      .primaryKey()
      .references(() => regions.id),
    readyStatusSlugs: text("ready_status_slugs").array().notNull(),
    cancelWindowMinutes: integer("cancel_window_minutes").notNull(),
    quietStart: text("quiet_start").notNull(),
    quietEnd: text("quiet_end").notNull(),
    reminderDays: integer("reminder_days").array().notNull(),
    smsTemplate: text("sms_template").notNull(),
    emailSubject: text("email_subject").notNull(),
    emailTemplate: text("email_template").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** Optimistic lock (ADR 0007). */
    version: integer("version").notNull().default(1),
    updatedBy: integer("updated_by").references(() => staffUsers.id, { onDelete: "set null" }),
  },
  // Every foreign key is indexed (foreign-key-indexes.test.ts): removing a staff member must not
  // scan these tables.
  (t) => [index("ready_message_settings_updated_by_idx").on(t.updatedBy)],
);

/**
 * An outlet's opening hours as the customer reads them on the status link ("Mon–Fri 9am–5:30pm,
 * Sat 9am–1pm"): outlets had no such field. No row: the status page leaves them out.
 */
export const outletOpeningHours = pgTable(
  "outlet_opening_hours",
  {
    outletId: integer("outlet_id")
      .primaryKey()
      .references(() => outlets.id),
    openingHours: text("opening_hours").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    updatedBy: integer("updated_by").references(() => staffUsers.id, { onDelete: "set null" }),
  },
  (t) => [index("outlet_opening_hours_updated_by_idx").on(t.updatedBy)],
);

/**
 * One customer message per job per ready event: the ready message of the job's n-th arrival at a
 * ready status (`cycle`), and each reminder day of that cycle. The unique key makes a second queue
 * of the same message impossible, whatever races; the text and its delivery are the outbox row's.
 */
export const jobMessages = pgTable(
  "job_messages",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** The job's outlet when queued: its clock, its call list. */
    outletId: integer("outlet_id")
      .notNull()
      .references(() => outlets.id),
    customerId: integer("customer_id").references(() => customers.id, { onDelete: "set null" }),
    kind: text("kind", { enum: ["ready", "reminder"] }).notNull(),
    /** The job's n-th arrival at a ready status. */
    cycle: integer("cycle").notNull(),
    /** For a reminder, the days after ready it is for; 0 for the ready message. */
    reminderDay: integer("reminder_day").notNull().default(0),
    channel: text("channel", { enum: ["sms", "email"] }),
    /**
     * queued (waits for its send time) → sent; cancelled by staff; failed (the provider refused it
     * or reported it undelivered, or the customer has no channel we may use): the call list.
     */
    status: text("status", { enum: ["queued", "sent", "cancelled", "failed"] }).notNull(),
    sendAt: timestamp("send_at", { withTimezone: true }).notNull(),
    outboxMessageId: integer("outbox_message_id").references(() => outboxMessages.id, {
      onDelete: "set null",
    }),
    /** Why it failed, in staff words (no customer data). */
    failure: text("failure"),
    /** Set when staff ticked the customer off the call list. */
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    cancelledBy: integer("cancelled_by").references(() => staffUsers.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("job_messages_once_uq").on(t.orderId, t.cycle, t.kind, t.reminderDay),
    index("job_messages_outbox_idx").on(t.outboxMessageId),
    index("job_messages_customer_idx").on(t.customerId),
    index("job_messages_cancelled_by_idx").on(t.cancelledBy),
    index("job_messages_call_list_idx")
      .on(t.outletId, t.updatedAt)
      .where(sql`${t.status} = 'failed' and ${t.resolvedAt} is null`),
  ],
);

/**
 * The job's status link (issue 27 §4): how often it was opened, and when its links were last
 * revoked (a link issued before then no longer opens).
 */
export const jobStatusLinks = pgTable(
  "job_status_links",
  {
    orderId: integer("order_id")
      .primaryKey()
      .references(() => orders.id, { onDelete: "cascade" }),
    reads: integer("reads").notNull().default(0),
    lastReadAt: timestamp("last_read_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    revokedBy: integer("revoked_by").references(() => staffUsers.id, { onDelete: "set null" }),
  },
  (t) => [index("job_status_links_revoked_by_idx").on(t.revokedBy)],
);

/**
 * Every SMS the provider posted to our number, once (issue 43 §5, ADR 0055): its MessageSid, which
 * the webhook's signature covers, is the key, so a repeated or replayed post (a captured START
 * sent again after the customer's STOP) finds its row and changes nothing. Neither the sender's
 * number nor the text is kept: they are the customer's.
 */
export const smsInboundMessages = pgTable("sms_inbound_messages", {
  messageSid: text("message_sid").primaryKey(),
  /** What the reply asked for (stop, start), or null for any other text. */
  intent: text("intent"),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The newest delivery report of each SMS we sent, by the provider's MessageSid: its status, the
 * status's stage in the message's life (domain's smsDeliveryStage) and the provider's own time when
 * the report carried one. A report that is not newer, a repeat or one overtaken on the way, changes
 * nothing (ADR 0055).
 */
export const smsDeliveryReports = pgTable("sms_delivery_reports", {
  messageSid: text("message_sid").primaryKey(),
  status: text("status").notNull(),
  stage: integer("stage").notNull(),
  providerAt: timestamp("provider_at", { withTimezone: true }),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});
