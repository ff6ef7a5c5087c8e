import {
  formatWhen,
  isReadyStatus,
  isSmsCountry,
  JOB_MESSAGE_KIND_LABEL,
  READY_MESSAGE_TEXT,
  readyMessageSendAt,
  renderTemplate,
  serviceMessageChannel,
  toSmsNumber,
} from "@loupe/domain";
import { and, asc, eq, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../platform/db/client";
import { AppError, notFound } from "../../platform/http/app-error";
import { recordJobEvents } from "../jobs";
import type { OutboxRow, OutboxService } from "../outbox";
import {
  type JobMessageFacts,
  jobMessageFacts,
  outletZoneOfJob,
  uncollectedCandidates,
} from "./ready-messages.queries";
import { jobMessages } from "./ready-messages.tables";
import { allReadySettings, type ReadySettings, readySettingsOf } from "./ready-settings";
import type { StatusTokens } from "./status-link-token";

export type JobMessageRow = typeof jobMessages.$inferSelect;

/** The outbox row's `meta.kind` for these messages: its listeners pick them out by it. */
export const JOB_MESSAGE_META = "job_message";

const NO_CHANNEL =
  "No channel: the customer has no mobile or e-mail they accept messages on. Call them instead.";

export interface ReadyMessagesDeps {
  db: Db;
  outbox: OutboxService;
  tokens: StatusTokens;
  log: FastifyBaseLogger;
  /** The clock (tests pass a fake one). */
  now?: () => Date;
}

/**
 * Ready-to-collect messages and uncollected reminders (issue 27 §3). A message is queued in the
 * transaction that made the job ready, with the outbox row itself (sent no earlier than its send
 * time: the cancel window, then the end of quiet hours on the outlet's clock); the unique key
 * (job, ready cycle, kind, reminder day) lets it exist once. The outbox worker sends it (claims
 * with SKIP LOCKED), and its listeners bring the outcome back here and onto the job's timeline.
 */
export function createReadyMessagesService({
  db,
  outbox,
  tokens,
  log,
  now = () => new Date(),
}: ReadyMessagesDeps) {
  const label = (m: Pick<JobMessageRow, "kind" | "reminderDay">) =>
    JOB_MESSAGE_KIND_LABEL(m.kind, m.reminderDay);
  const channelWord = (c: string | null) => (c === "sms" ? "SMS" : "e-mail");

  /** The customer's number in E.164 when SMS may go to it, else null. */
  function smsNumber(f: JobMessageFacts): string | null {
    if (!f.mobile || !isSmsCountry(f.country)) return null;
    return toSmsNumber(f.mobile, f.country);
  }

  /**
   * Queues one message of the job (inside `tx`), once: answers the new row, or null when this
   * message already exists (another request, another process, or an earlier run got there first).
   */
  async function queue(
    tx: Db,
    f: JobMessageFacts,
    settings: ReadySettings,
    what: { kind: "ready" | "reminder"; cycle: number; reminderDay: number },
    staffUserId: number | null,
  ): Promise<JobMessageRow | null> {
    const at = now();
    const sendAt = readyMessageSendAt(at, settings, f.timeZone);
    const customer = {
      mobile: smsNumber(f),
      email: f.email,
      channelSms: f.channelSms ?? false,
      channelEmail: f.channelEmail ?? false,
    };
    const channel = f.customerId ? serviceMessageChannel(customer) : null;
    const [row] = await tx
      .insert(jobMessages)
      .values({
        orderId: f.orderId,
        outletId: f.outletId,
        customerId: f.customerId,
        kind: what.kind,
        cycle: what.cycle,
        reminderDay: what.reminderDay,
        channel,
        status: channel ? "queued" : "failed",
        failure: channel ? null : NO_CHANNEL,
        sendAt,
        createdAt: at,
        updatedAt: at,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) return null;
    if (!channel) {
      await recordJobEvents(tx, [
        {
          orderId: f.orderId,
          kind: "customer_message",
          fromValue: label(row),
          toValue: "not sent: no channel the customer accepts; on the call list",
          staffUserId,
        },
      ]);
      return row;
    }
    const context = {
      customer: { first_name: f.firstName, last_name: f.lastName },
      outlet: { name: f.outletName },
      job: { invoice: f.invoice },
      link: tokens.url(f.orderId, f.customerId),
    };
    const prefix = what.kind === "reminder" ? "Reminder: " : "";
    const queued = await outbox.enqueue(tx, {
      channel,
      recipient: channel === "sms" ? (customer.mobile as string) : (f.email as string),
      subject: channel === "email" ? prefix + renderTemplate(settings.emailSubject, context) : null,
      body:
        (channel === "sms" ? prefix : "") +
        renderTemplate(channel === "sms" ? settings.smsTemplate : settings.emailTemplate, context),
      notBefore: sendAt,
      meta: { kind: JOB_MESSAGE_META, job_message_id: row.id, order_id: f.orderId },
    });
    const [linked] = await tx
      .update(jobMessages)
      .set({ outboxMessageId: queued.id })
      .where(eq(jobMessages.id, row.id))
      .returning();
    await recordJobEvents(tx, [
      {
        orderId: f.orderId,
        kind: "customer_message",
        fromValue: label(row),
        toValue: `queued by ${channelWord(channel)}, to be sent ${formatWhen(sendAt, f.timeZone, "exact", { zone: true })} unless cancelled`,
        staffUserId,
      },
    ]);
    return linked;
  }

  /** The outcome of a send, from the outbox's listeners: the row and the timeline, in one transaction. */
  async function settle(row: OutboxRow, status: "sent" | "failed") {
    const id = Number((row.meta as { job_message_id?: unknown } | null)?.job_message_id);
    if (!Number.isInteger(id) || id <= 0) return;
    await db.transaction(async (tx) => {
      const [updated] = await tx
        .update(jobMessages)
        .set({
          status,
          failure:
            status === "failed" ? (row.error ?? "The provider did not deliver it.").slice(0, 300) : null,
          updatedAt: now(),
        })
        // sent → failed happens when the provider reports a failed delivery after accepting it.
        .where(
          and(
            eq(jobMessages.id, id),
            status === "sent"
              ? eq(jobMessages.status, "queued")
              : sql`${jobMessages.status} in ('queued', 'sent')`,
          ),
        )
        .returning();
      if (!updated) return;
      await recordJobEvents(tx as unknown as Db, [
        {
          orderId: updated.orderId,
          kind: "customer_message",
          fromValue: label(updated),
          toValue:
            status === "sent"
              ? `sent by ${channelWord(updated.channel)}`
              : `not delivered by ${channelWord(updated.channel)} (${updated.failure}); on the call list`,
          staffUserId: null,
        },
      ]);
    });
  }

  return {
    now,

    /**
     * Jobs' hook (the dispenseStatusChanged slot), inside the status change's transaction with the
     * job's row locked: a job arriving at a ready status from a status that is not one is a ready
     * event. Parallel requests queue behind the lock and see the job already ready; the unique key
     * covers anything else.
     */
    async onDispenseStatusChanged(
      tx: Db,
      change: { orderId: number; fromSlug: string; toSlug: string; staffUserId: number | null },
    ) {
      const f = await jobMessageFacts(tx, change.orderId);
      if (!f) return;
      const settings = await readySettingsOf(tx, f.regionId);
      if (!isReadyStatus(change.toSlug, settings.readyStatusSlugs)) return;
      if (isReadyStatus(change.fromSlug, settings.readyStatusSlugs)) return;
      const [last] = await tx
        .select({ cycle: sql<number>`coalesce(max(${jobMessages.cycle}), 0)` })
        .from(jobMessages)
        .where(and(eq(jobMessages.orderId, change.orderId), eq(jobMessages.kind, "ready")));
      await queue(
        tx,
        f,
        settings,
        { kind: "ready", cycle: Number(last.cycle) + 1, reminderDay: 0 },
        change.staffUserId,
      );
    },

    /**
     * One round of uncollected reminders: every job still at a ready status whose latest ready
     * arrival is at least N days old (per region) gets the N-day reminder, once (the unique key).
     */
    async remindUncollected(): Promise<number> {
      const saved = await allReadySettings(db);
      const byRegion = new Map<number, ReadySettings>();
      const everyReady = new Set<string>(["ready-to-go"]);
      for (const s of saved) for (const slug of s.readyStatusSlugs) everyReady.add(slug);
      const minDay = Math.min(7, ...saved.flatMap((s) => s.reminderDays));
      const at = now();
      const candidates = await uncollectedCandidates(
        db,
        [...everyReady],
        new Date(at.getTime() - minDay * 86_400_000),
      );
      let queued = 0;
      for (const c of candidates) {
        let settings = byRegion.get(c.regionId);
        if (!settings) {
          settings = await readySettingsOf(db, c.regionId);
          byRegion.set(c.regionId, settings);
        }
        if (!isReadyStatus(c.statusSlug, settings.readyStatusSlugs)) continue;
        const ageDays = (at.getTime() - new Date(c.readyAt).getTime()) / 86_400_000;
        for (const day of settings.reminderDays.filter((d) => d <= ageDays)) {
          const made = await db.transaction(async (tx) => {
            const f = await jobMessageFacts(tx as unknown as Db, c.orderId);
            return f
              ? queue(
                  tx as unknown as Db,
                  f,
                  settings,
                  { kind: "reminder", cycle: c.cycle, reminderDay: day },
                  null,
                )
              : null;
          });
          if (made) queued++;
        }
      }
      return queued;
    },

    /** Staff withdraw a queued message before it goes; a claimed (being sent) one can no longer be. */
    async cancel(staffId: number, orderId: number, messageId: number): Promise<JobMessageRow> {
      const zone = (await outletZoneOfJob(db, orderId)) ?? "UTC";
      return db.transaction(async (tx) => {
        const [m] = await tx
          .select()
          .from(jobMessages)
          .where(and(eq(jobMessages.id, messageId), eq(jobMessages.orderId, orderId)))
          .for("update");
        if (!m) throw notFound("Message");
        if (m.status !== "queued" || !m.outboxMessageId)
          throw new AppError("conflict", READY_MESSAGE_TEXT.notQueued);
        const withdrawn = await outbox.cancelQueued(tx as unknown as Db, m.outboxMessageId);
        if (!withdrawn) throw new AppError("conflict", READY_MESSAGE_TEXT.notQueued);
        const [cancelled] = await tx
          .update(jobMessages)
          .set({ status: "cancelled", cancelledBy: staffId, updatedAt: now() })
          .where(eq(jobMessages.id, messageId))
          .returning();
        await recordJobEvents(tx as unknown as Db, [
          {
            orderId,
            kind: "customer_message",
            fromValue: label(m),
            toValue: `cancelled before it was sent (was due ${formatWhen(m.sendAt, zone, "exact", { zone: true })})`,
            staffUserId: staffId,
          },
        ]);
        return cancelled;
      });
    },

    /** Ticks a customer off the call list (staff called them). */
    async resolve(staffId: number, messageId: number) {
      const [row] = await db
        .update(jobMessages)
        .set({ resolvedAt: now(), cancelledBy: staffId })
        .where(and(eq(jobMessages.id, messageId), eq(jobMessages.status, "failed")))
        .returning();
      if (!row) throw notFound("Message on the call list");
      return row;
    },

    /** The job's messages, oldest first. */
    ofJob(orderId: number) {
      return db
        .select()
        .from(jobMessages)
        .where(eq(jobMessages.orderId, orderId))
        .orderBy(asc(jobMessages.id));
    },

    /** Wires the outbox's outcomes to these messages (once per app). */
    listen() {
      const ours = (row: OutboxRow) => (row.meta as { kind?: unknown } | null)?.kind === JOB_MESSAGE_META;
      outbox.onSent((row) => (ours(row) ? settle(row, "sent") : undefined));
      outbox.onGivenUp((row) => (ours(row) ? settle(row, "failed") : undefined));
      log.debug("ready messages: listening to the outbox");
    },
  };
}
export type ReadyMessagesService = ReturnType<typeof createReadyMessagesService>;
