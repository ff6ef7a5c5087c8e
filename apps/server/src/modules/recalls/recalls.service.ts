import {
  addDaysToDay,
  dayInZone,
  formatCalendarDay,
  jobRecallTrigger,
  prescriptionRecallTrigger,
  RECALL_SKIP_REASONS,
  type RecallChannel,
  type RecallRecord,
  type RecallStepInput,
  recallConsent,
  recallDueFrom,
  recallSendAt,
  recallSmsNumber,
  recallSpacingWait,
  recallStepChannel,
  recallStepDay,
  renderTemplate,
} from "@loupe/domain";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../platform/db/client";
import { setCustomerRecallDueDate } from "../customers";
import type { OutboxRow, OutboxService } from "../outbox";
import {
  type ClaimedRecall,
  claimDueRecalls,
  customerBasics,
  customerCompletedJobItems,
  customerContact,
  customerPrescriptions,
  outletClocks,
  outletWithCountry,
  regionClocks,
} from "./recalls.queries";
import { customerRecalls, recallSteps, recallTypes } from "./recalls.tables";

export type RecallTypeRow = typeof recallTypes.$inferSelect;
export type CustomerRecallRow = typeof customerRecalls.$inferSelect;
export type RecallStepRow = typeof recallSteps.$inferSelect;

/** The outbox row's `meta.kind` for recall messages: the listeners pick them out by it. */
export const RECALL_STEP_META = "recall_step";

/** Recalls claimed per transaction: bounded memory and short lock holds, whatever the day's size. */
const BATCH = 100;

export interface RunTotals {
  sent: number;
  skipped: number;
  waiting: number;
  failed: number;
}

/** Statuses that count as the customer having been contacted (the spacing, the returns). */
export const CONTACTED = ["queued", "sent", "to_call", "called"] as const;

/**
 * Where a schedule starts for a recall due on `due`: the first step whose day is today or later,
 * else the last step (a recall set late still gets its final step, not a burst of missed ones).
 */
export function firstStep(steps: readonly RecallStepInput[], due: string, today: string) {
  if (!steps.length) return { nextStepIndex: null, nextStepOn: null };
  const i = steps.findIndex((s) => recallStepDay(due, s.offset_days) >= today);
  const index = i === -1 ? steps.length - 1 : i;
  const day = recallStepDay(due, steps[index].offset_days);
  return { nextStepIndex: index, nextStepOn: day < today ? today : day };
}

export interface RecallsDeps {
  db: Db;
  outbox: OutboxService;
  log: FastifyBaseLogger;
  now?: () => Date;
}

/**
 * Recalls (issue 28, ADR 0039): the recompute when a customer's record changes, the daily run that
 * does each due step once, and the outcomes the outbox reports back.
 */
export function createRecallsService({ db, outbox, log, now = () => new Date() }: RecallsDeps) {
  /** The customer's earliest open recall, written onto the customer (`active_recall`). */
  async function syncCustomerDue(tx: Db, customerId: number) {
    const [row] = await tx
      .select({ due: sql<string | null>`min(${customerRecalls.dueDate})::text` })
      .from(customerRecalls)
      .where(and(eq(customerRecalls.customerId, customerId), eq(customerRecalls.outcome, "open")));
    await setCustomerRecallDueDate(tx, customerId, row?.due ?? null);
  }

  /**
   * Recomputes one customer's recalls from their records, inside the transaction that changed a
   * record (a prescription saved, a job completed). Only this customer is read: no scan.
   */
  async function recompute(tx: Db, customerId: number) {
    const c = await customerBasics(tx, customerId);
    if (!c) return;
    const [outletRows, regionRows] = await Promise.all([outletClocks(tx), regionClocks(tx)]);
    const outletById = new Map(outletRows.map((o) => [o.id, o]));
    const regionId =
      c.regionId ?? (c.outletId ? outletById.get(c.outletId)?.regionId : null) ?? c.homeRegionId ?? null;
    if (regionId == null) return;
    const regionZone = regionRows.find((r) => r.id === regionId)?.timeZone ?? "UTC";
    const zoneOf = (outletId: number | null) =>
      (outletId ? outletById.get(outletId)?.timeZone : null) ??
      (c.outletId ? outletById.get(c.outletId)?.timeZone : null) ??
      regionZone;
    const [types, rxs, jobs, existing] = await Promise.all([
      tx
        .select()
        .from(recallTypes)
        .where(and(eq(recallTypes.regionId, regionId), eq(recallTypes.active, true))),
      customerPrescriptions(tx, customerId),
      customerCompletedJobItems(tx, customerId),
      tx.select().from(customerRecalls).where(eq(customerRecalls.customerId, customerId)),
    ]);
    const records: (RecallRecord & { outletId: number | null })[] = [];
    for (const p of rxs) {
      const trigger = prescriptionRecallTrigger(p.typeId);
      if (trigger)
        records.push({
          kind: "prescription",
          id: p.id,
          trigger,
          day: dayInZone(p.createdAt, zoneOf(p.outletId)),
          expiry: p.expiryDate,
          outletId: p.outletId,
        });
    }
    for (const j of jobs) {
      const trigger = jobRecallTrigger(j);
      if (trigger)
        records.push({
          kind: "job",
          id: j.orderId,
          trigger,
          day: dayInZone(j.at, zoneOf(j.outletId)),
          expiry: null,
          outletId: j.outletId,
        });
    }
    const at = now();
    const byType = new Map(existing.map((r) => [r.recallTypeId, r]));
    for (const type of types) {
      if (!type.triggers.length) continue;
      const got = recallDueFrom(
        {
          interval_months: type.intervalMonths,
          triggers: type.triggers,
          use_expiry: type.useExpiry,
          min_age: type.minAge,
          max_age: type.maxAge,
        },
        records,
        c.dob,
      );
      if (!got) continue;
      const ref = `${got.record.kind}:${got.record.id}`;
      const current = byType.get(type.id);
      if (current && current.basisRef === ref && current.dueDate === got.due && !current.manual) continue;
      // A date set by hand stands until a record newer than it comes in.
      if (current?.manual && got.record.day <= dayInZone(current.updatedAt, zoneOf(current.outletId)))
        continue;
      const outletId = c.outletId ?? (got.record as unknown as { outletId: number | null }).outletId ?? null;
      const today = dayInZone(at, zoneOf(outletId));
      const basis = `${got.record.kind === "prescription" ? (RX_WORDS[got.record.trigger] ?? "Prescription") : "Completed job"} of ${formatCalendarDay(got.record.day)}`;
      const schedule = firstStep(type.steps, got.due, today);
      const values = {
        dueDate: got.due,
        manual: false,
        basis,
        basisRef: ref,
        outcome: "open" as const,
        outletId,
        ...schedule,
        updatedAt: at,
      };
      if (!current) {
        await tx
          .insert(customerRecalls)
          .values({ customerId, recallTypeId: type.id, cycle: 1, ...values })
          .onConflictDoNothing();
      } else {
        await tx
          .update(customerRecalls)
          .set({
            ...values,
            cycle: sql`${customerRecalls.cycle} + 1`,
            version: sql`${customerRecalls.version} + 1`,
            updatedBy: null,
          })
          .where(eq(customerRecalls.id, current.id));
      }
    }
    await syncCustomerDue(tx, customerId);
  }

  /** The steps' texts filled in for this customer and recall. */
  function fill(
    template: string,
    ctx: { firstName: string; outletName: string; outletPhone: string | null; due: string; type: string },
  ) {
    return renderTemplate(template, {
      customer: { first_name: ctx.firstName },
      outlet: { name: ctx.outletName, phone: ctx.outletPhone ?? "" },
      recall: { due_date: formatCalendarDay(ctx.due), type: ctx.type },
    });
  }

  /** Moves the recall past step `index` (only if it still stands there: a second worker changes nothing). */
  async function advance(
    tx: Db,
    r: ClaimedRecall,
    steps: readonly RecallStepInput[],
    index: number,
    today: string,
  ) {
    const next = index + 1 < steps.length ? index + 1 : null;
    const day = next == null ? null : recallStepDay(r.due_date, steps[next].offset_days);
    await tx
      .update(customerRecalls)
      .set({
        nextStepIndex: next,
        nextStepOn: next == null ? null : day! < today ? today : day,
        updatedAt: now(),
      })
      .where(and(eq(customerRecalls.id, r.id), eq(customerRecalls.nextStepIndex, index)));
  }

  /** The customer's last contacted day (any recall), for the 7-day spacing. */
  async function lastContactDay(tx: Db, customerId: number): Promise<string | null> {
    const [row] = await tx
      .select({ day: sql<string | null>`max(${recallSteps.dueOn})::text` })
      .from(recallSteps)
      .where(and(eq(recallSteps.customerId, customerId), inArray(recallSteps.status, [...CONTACTED])));
    return row?.day ?? null;
  }

  /** One claimed recall's due step, inside its own savepoint. */
  async function doStep(tx: Db, r: ClaimedRecall, type: RecallTypeRow, at: Date, totals: RunTotals) {
    const today = dayInZone(at, r.time_zone);
    const steps = type.steps;
    const step = steps[r.next_step_index];
    if (!step) {
      // The type was edited to fewer steps: nothing more to do.
      await tx
        .update(customerRecalls)
        .set({ nextStepIndex: null, nextStepOn: null, updatedAt: now() })
        .where(eq(customerRecalls.id, r.id));
      return;
    }
    const contact = await customerContact(tx, r.customer_id);
    if (!contact) return;
    const outlet = r.outlet_id ? await outletWithCountry(tx, r.outlet_id) : undefined;
    let channel: RecallChannel | null = null;
    let reason: string | null = null;
    if (!recallConsent(contact.newOptIn)) {
      reason = RECALL_SKIP_REASONS.noConsent;
    } else {
      const wait = recallSpacingWait(today, await lastContactDay(tx, r.customer_id));
      if (wait) {
        await tx
          .update(customerRecalls)
          .set({ nextStepOn: wait, updatedAt: now() })
          .where(eq(customerRecalls.id, r.id));
        totals.waiting++;
        return;
      }
      const pick = recallStepChannel(step.channel, step.substitute, {
        ...contact,
        country: outlet?.country ?? null,
        hasAddress: Boolean(contact.hasAddress),
      });
      channel = pick.channel;
      reason = pick.reason;
    }
    const body = channel
      ? fill(step.template, {
          firstName: contact.firstName,
          outletName: outlet?.name ?? "",
          outletPhone: outlet?.phone ?? null,
          due: r.due_date,
          type: type.name,
        })
      : null;
    const status = !channel ? "skipped" : channel === "phone" ? "to_call" : "queued";
    const [made] = await tx
      .insert(recallSteps)
      .values({
        recallId: r.id,
        customerId: r.customer_id,
        outletId: r.outlet_id,
        cycle: r.cycle,
        stepIndex: r.next_step_index,
        offsetDays: step.offset_days,
        plannedChannel: step.channel,
        channel,
        status,
        reason,
        dueOn: today,
        body,
        at,
        updatedAt: at,
      })
      .onConflictDoNothing()
      .returning();
    if (made && (channel === "email" || channel === "sms")) {
      const recipient =
        channel === "sms" ? recallSmsNumber({ ...contact, country: outlet?.country ?? null }) : contact.email;
      const queued = await outbox.enqueue(tx, {
        channel,
        recipient: recipient as string,
        subject:
          channel === "email"
            ? fill(step.subject, {
                firstName: contact.firstName,
                outletName: outlet?.name ?? "",
                outletPhone: outlet?.phone ?? null,
                due: r.due_date,
                type: type.name,
              })
            : null,
        body: body as string,
        notBefore: recallSendAt(at, r.time_zone),
        meta: { kind: RECALL_STEP_META, recall_step_id: made.id },
      });
      await tx.update(recallSteps).set({ outboxMessageId: queued.id }).where(eq(recallSteps.id, made.id));
    }
    if (made) {
      if (channel) totals.sent++;
      else totals.skipped++;
    }
    await advance(tx, r, steps, r.next_step_index, today);
  }

  /**
   * The run: every open recall whose next step is due on its outlet's clock, claimed a batch at a
   * time with SKIP LOCKED; each recall's step in its own savepoint of the batch's transaction. A
   * recall whose step throws is left as it was (tried again next round) and not claimed again in
   * this one. `only`: just these recalls (the screen's "send now").
   */
  async function runDue(at = now(), only: number[] | null = null): Promise<RunTotals> {
    const totals: RunTotals = { sent: 0, skipped: 0, waiting: 0, failed: 0 };
    const failed: number[] = [];
    // The latest calendar day anywhere (UTC+14): the index's bound; each row's own day is checked too.
    const latestDay = addDaysToDay(dayInZone(at, "UTC"), 1);
    const typeCache = new Map<number, RecallTypeRow>();
    for (;;) {
      const claimed = await db.transaction(async (t) => {
        const tx = t as unknown as Db;
        const rows = await claimDueRecalls(tx, at, latestDay, BATCH, failed, only);
        const missing = [...new Set(rows.map((r) => r.recall_type_id))].filter((id) => !typeCache.has(id));
        if (missing.length)
          for (const t of await tx.select().from(recallTypes).where(inArray(recallTypes.id, missing)))
            typeCache.set(t.id, t);
        for (const r of rows) {
          try {
            await tx.transaction((sp) =>
              doStep(sp as unknown as Db, r, typeCache.get(r.recall_type_id)!, at, totals),
            );
          } catch (err) {
            failed.push(r.id);
            totals.failed++;
            log.error({ err, recallId: r.id }, "recall run: a step failed");
          }
        }
        return rows.length;
      });
      if (claimed === 0) break;
    }
    return totals;
  }

  /** The outcome of a recall message, from the outbox's listeners. */
  async function settle(row: OutboxRow, status: "sent" | "failed") {
    const id = Number((row.meta as { recall_step_id?: unknown } | null)?.recall_step_id);
    if (!Number.isInteger(id) || id <= 0) return;
    await db
      .update(recallSteps)
      .set({
        status,
        reason:
          status === "failed" ? (row.error ?? "The provider did not deliver it.").slice(0, 300) : undefined,
        updatedAt: now(),
      })
      .where(
        and(
          eq(recallSteps.id, id),
          status === "sent"
            ? eq(recallSteps.status, "queued")
            : sql`${recallSteps.status} in ('queued', 'sent')`,
        ),
      );
  }

  return {
    now,
    recompute,
    runDue,
    syncCustomerDue,
    /** Wires the outbox's outcomes to the steps (once per app). */
    listen() {
      const ours = (row: OutboxRow) => (row.meta as { kind?: unknown } | null)?.kind === RECALL_STEP_META;
      outbox.onSent((row) => (ours(row) ? settle(row, "sent") : undefined));
      outbox.onGivenUp((row) => (ours(row) ? settle(row, "failed") : undefined));
    },
    /** A recall's steps, oldest first. */
    stepsOf(recallIds: number[]) {
      if (!recallIds.length) return Promise.resolve([] as RecallStepRow[]);
      return db
        .select()
        .from(recallSteps)
        .where(inArray(recallSteps.recallId, recallIds))
        .orderBy(asc(recallSteps.at), asc(recallSteps.id));
    },
  };
}
export type RecallsService = ReturnType<typeof createRecallsService>;

const RX_WORDS: Record<string, string> = {
  spectacle_prescription: "Spectacle prescription",
  contact_lens_prescription: "Contact-lens prescription",
};
