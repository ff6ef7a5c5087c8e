import type { RecallTypeInput } from "@loupe/domain";
import { dayInZone } from "@loupe/domain";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { type Editor, matchVersion, nextVersion } from "../../platform/db/versioning";
import { AppError, notFound, validationError } from "../../platform/http/app-error";
import { staleOrMissing } from "../staff";
import { customerBasics } from "./recalls.queries";
import { type CustomerRecallRow, firstStep, type RecallsService } from "./recalls.service";
import { customerRecalls, recallSteps, recallTypes } from "./recalls.tables";

// Staff's changes to recall types and to customers' recalls: versioned (stale → 409), each in one
// transaction, the customer's `active_recall` kept in step.

const typeColumns = (v: RecallTypeInput) => ({
  name: v.name,
  regionId: v.region_id,
  intervalMonths: v.interval_months,
  triggers: [...new Set(v.triggers)],
  useExpiry: v.use_expiry,
  minAge: v.min_age,
  maxAge: v.max_age,
  steps: v.steps,
  active: v.active,
});

export async function createRecallType(db: Db, staffId: number, v: RecallTypeInput) {
  const [row] = await db
    .insert(recallTypes)
    .values({ ...typeColumns(v), updatedBy: staffId })
    .returning();
  return row;
}

export async function updateRecallType(
  db: Db,
  editor: Editor,
  id: number,
  v: RecallTypeInput & { version: number },
) {
  const [row] = await db
    .update(recallTypes)
    .set({ ...typeColumns(v), ...nextVersion(recallTypes, editor) })
    .where(matchVersion(recallTypes, id, v.version))
    .returning();
  if (row) return row;
  throw await staleOrMissing(db, recallTypes, {
    id,
    expected: v.version,
    record: "recall type",
    editor,
    missing: () => notFound("Recall type"),
  });
}

/** The recall's zone for "today": its outlet's, else UTC. */
export type ZoneOf = (outletId: number | null) => Promise<string>;

/** A new schedule for a recall due on `due` (a hand-set date or a snooze): a new cycle, open. */
async function reschedule(tx: Db, recall: CustomerRecallRow, due: string, today: string) {
  const [type] = await tx.select().from(recallTypes).where(eq(recallTypes.id, recall.recallTypeId));
  return { dueDate: due, outcome: "open" as const, ...firstStep(type?.steps ?? [], due, today) };
}

/**
 * Sets a customer's recall due date by hand (or snoozes it): versioned, with the reason kept as
 * its basis; a new cycle of its steps from the new date.
 */
export async function setRecallDue(
  db: Db,
  service: RecallsService,
  zoneOf: ZoneOf,
  editor: Editor,
  customerId: number,
  recallId: number,
  body: { due_date: string; reason: string; version: number },
  kind: "set" | "snooze",
) {
  const [current] = await db
    .select()
    .from(customerRecalls)
    .where(and(eq(customerRecalls.id, recallId), eq(customerRecalls.customerId, customerId)));
  if (!current) throw notFound("Recall");
  const today = dayInZone(service.now(), await zoneOf(current.outletId));
  if (kind === "snooze" && body.due_date <= today)
    throw validationError({ until: ["Snooze until a day after today."] });
  return db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const [row] = await tx
      .update(customerRecalls)
      .set({
        ...(await reschedule(tx, current, body.due_date, today)),
        manual: true,
        basis: kind === "snooze" ? `Snoozed: ${body.reason}` : body.reason,
        cycle: sql`${customerRecalls.cycle} + 1`,
        ...nextVersion(customerRecalls, editor),
      })
      .where(matchVersion(customerRecalls, recallId, body.version))
      .returning();
    if (!row)
      throw await staleOrMissing(tx, customerRecalls, {
        id: recallId,
        expected: body.version,
        record: "recall",
        editor,
        missing: () => notFound("Recall"),
      });
    await service.syncCustomerDue(tx, customerId);
    return row;
  });
}

/** Gives a customer a recall of a type by hand (e.g. diabetic). One per type: a second is a 409. */
export async function addRecall(
  db: Db,
  service: RecallsService,
  zoneOf: ZoneOf,
  staffId: number,
  customerId: number,
  body: { recall_type_id: number; due_date: string; reason: string },
) {
  const customer = await customerBasics(db, customerId);
  if (!customer) throw notFound("Customer");
  const [type] = await db.select().from(recallTypes).where(eq(recallTypes.id, body.recall_type_id));
  if (!type) throw validationError({ recall_type_id: ["The selected recall type does not exist."] });
  if (!type.active) throw validationError({ recall_type_id: ["The selected recall type is archived."] });
  // A region's types are its own (their texts name its outlets and follow its rules).
  const region = customer.regionId ?? customer.homeRegionId;
  if (region != null && type.regionId !== region)
    throw validationError({
      recall_type_id: ["The selected recall type is not one of the customer's region."],
    });
  const today = dayInZone(service.now(), await zoneOf(customer.outletId));
  return db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const [row] = await tx
      .insert(customerRecalls)
      .values({
        customerId,
        recallTypeId: type.id,
        outletId: customer.outletId,
        dueDate: body.due_date,
        manual: true,
        basis: body.reason,
        ...firstStep(type.steps, body.due_date, today),
        updatedBy: staffId,
      })
      .onConflictDoNothing()
      .returning();
    if (!row)
      throw new AppError(
        "conflict",
        "The customer already has a recall of this type: set its due date instead.",
        { recall_type_id: ["The customer already has a recall of this type."] },
      );
    await service.syncCustomerDue(tx, customerId);
    return row;
  });
}

/**
 * The screen's bulk actions, all the chosen recalls or none: every one must still be at the
 * version the screen showed (else 409 and nothing changes).
 */
export async function bulkRecalls(
  db: Db,
  service: RecallsService,
  zoneOf: ZoneOf,
  editor: Editor,
  body: {
    action: "send_now" | "snooze" | "booked" | "declined";
    recalls: { id: number; version: number }[];
    until?: string;
    reason?: string;
  },
  visible: (outletId: number | null) => boolean,
): Promise<CustomerRecallRow[]> {
  if (body.action === "snooze") {
    if (!body.until) throw validationError({ until: ["Say until when the recalls are snoozed."] });
    if (!body.reason) throw validationError({ reason: ["Say why the recalls are snoozed."] });
  }
  const ids = [...new Set(body.recalls.map((r) => r.id))];
  const at = service.now();
  return db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const rows = await tx
      .select()
      .from(customerRecalls)
      .where(inArray(customerRecalls.id, ids))
      .orderBy(customerRecalls.id)
      .for("update");
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const want of body.recalls) {
      const row = byId.get(want.id);
      if (!row || !visible(row.outletId)) throw notFound(`Recall ${want.id}`);
      if (row.version !== want.version)
        throw await staleOrMissing(tx, customerRecalls, {
          id: want.id,
          expected: want.version,
          record: "recall",
          editor,
          missing: () => notFound("Recall"),
        });
    }
    const out: CustomerRecallRow[] = [];
    for (const row of rows) {
      const today = dayInZone(at, await zoneOf(row.outletId));
      let change: Record<string, unknown>;
      if (body.action === "booked" || body.action === "declined") {
        change = { outcome: body.action, nextStepIndex: null, nextStepOn: null };
      } else if (body.action === "snooze") {
        if ((body.until as string) <= today)
          throw validationError({ until: ["Snooze until a day after today."] });
        change = {
          ...(await reschedule(tx, row, body.until as string, today)),
          manual: true,
          basis: `Snoozed: ${body.reason}`,
          cycle: sql`${customerRecalls.cycle} + 1`,
        };
      } else {
        // Send now: the next step falls due today; the run does it (consent, channel, spacing apply).
        if (row.outcome !== "open" || row.nextStepIndex == null)
          throw new AppError("conflict", `Recall ${row.id} has no step left to send.`);
        change = { nextStepOn: today };
      }
      const [updated] = await tx
        .update(customerRecalls)
        .set({ ...change, ...nextVersion(customerRecalls, editor) })
        .where(eq(customerRecalls.id, row.id))
        .returning();
      out.push(updated);
    }
    for (const customerId of new Set(rows.map((r) => r.customerId)))
      await service.syncCustomerDue(tx, customerId);
    return out;
  });
}

/** Ticks a recall call off with its outcome; booked or declined closes the recall. */
export async function finishCall(
  db: Db,
  staffId: number,
  stepId: number,
  outcome: "booked" | "declined" | "no_answer",
  service: RecallsService,
  /** Whether the staff member works where the call is due (their region's outlets; everywhere for administrators). */
  sees: (outletId: number | null) => boolean,
) {
  return db.transaction(async (t) => {
    const tx = t as unknown as Db;
    // Another region's call list is not theirs: answered as if there were no such call.
    const [target] = await tx
      .select({ outletId: recallSteps.outletId })
      .from(recallSteps)
      .where(eq(recallSteps.id, stepId));
    if (!target || !sees(target.outletId)) throw notFound("Recall call still to make");
    const [step] = await tx
      .update(recallSteps)
      .set({ status: "called", callOutcome: outcome, calledBy: staffId, updatedAt: service.now() })
      .where(and(eq(recallSteps.id, stepId), eq(recallSteps.status, "to_call")))
      .returning();
    if (!step) throw notFound("Recall call still to make");
    if (outcome !== "no_answer") {
      await tx
        .update(customerRecalls)
        .set({
          outcome,
          nextStepIndex: null,
          nextStepOn: null,
          ...nextVersion(customerRecalls, { id: staffId }),
        })
        .where(eq(customerRecalls.id, step.recallId));
      await service.syncCustomerDue(tx, step.customerId);
    }
    return step;
  });
}
