import {
  addCustomerRecall,
  bulkRecalls,
  createRecallType,
  type customerRecallWire,
  finishRecallCall,
  listCustomerRecalls,
  listRecallCalls,
  listRecalls,
  listRecallTypes,
  recallLettersPdf,
  recallReturns,
  runRecallsNow,
  setCustomerRecallDue,
  snoozeCustomerRecall,
  updateRecallType,
} from "@loupe/contract";
import { ADMIN_ROLE_ID, dayInZone, type RecallAction, recallRefusal } from "@loupe/domain";
import { asc, eq, inArray } from "drizzle-orm";
import type { z } from "zod";
import { AppError, notFound, validationError } from "../../platform/http/app-error";
import { jobCompletedSlot } from "../jobs";
import type { ModuleContext } from "../module-context";
import { prescriptionSavedSlot } from "../prescriptions";
import { outletTimeZoneOf, referenceData } from "../reference";
import { recallCallsAt } from "./recall-calls";
import {
  addRecall,
  bulkRecalls as bulk,
  createRecallType as createType,
  finishCall,
  setRecallDue,
  updateRecallType as updateType,
} from "./recall-edits";
import { recallLettersPdf as lettersPdf } from "./recall-letters";
import { recallReturnsOf } from "./recall-returns";
import { toRecallStepWire, toRecallTypeWire } from "./recalls.mappers";
import { type CustomerRecallRow, createRecallsService, type RecallsService } from "./recalls.service";
import { customerRecalls, recallTypes } from "./recalls.tables";
import { recallsPage, recallsWhere, toRows, visibleOutletIds } from "./recalls-list";

/** 403 with the domain's words when the role may not (the screens ask the same rule). */
const allowed = (roleId: number | null, action: RecallAction) => {
  const refusal = recallRefusal(roleId, action);
  if (refusal) throw new AppError("forbidden", refusal);
};

/**
 * Recalls (issue 28, ADR 0039): recall types, the run (a worker on RECALL_RUN_SECONDS, and run-now),
 * the recalls screen, a customer's recalls, the outlet's letters and call list, and the returns.
 * Prescriptions and jobs tell it of a changed record through their slots, in that transaction.
 */
export function registerRecallsRoutes(ctx: ModuleContext, made?: { service?: RecallsService }): void {
  const { app, bind, db, config, outbox, queue, slots } = ctx;
  const service = made?.service ?? createRecallsService({ db, outbox, log: app.log });
  prescriptionSavedSlot.provide(slots, (tx, change) => service.recompute(tx, change.customerId));
  jobCompletedSlot.provide(slots, (tx, change) => service.recompute(tx, change.customerId));
  service.listen();

  // A schedule on the queue (ADR 0054); a step is done once however often it runs.
  queue.every("recalls.run", config.RECALL_RUN_SECONDS, () => service.runDue());

  const zoneOf = (outletId: number | null) => outletTimeZoneOf(db, outletId);

  async function visibility(staff: { roleId: number | null; regionId: number | null }) {
    const ids = visibleOutletIds(await referenceData(db), staff, ADMIN_ROLE_ID);
    return {
      ids,
      sees: (outletId: number | null) => ids === null || (outletId != null && ids.includes(outletId)),
    };
  }

  async function customerRecallWires(
    rows: CustomerRecallRow[],
  ): Promise<z.infer<typeof customerRecallWire>[]> {
    const [base, steps] = await Promise.all([toRows(db, rows), service.stepsOf(rows.map((r) => r.id))]);
    return base.map((r) => ({
      ...r,
      steps: steps.filter((s) => s.recallId === r.id).map(toRecallStepWire),
    }));
  }

  bind(listRecallTypes, async ({ query }) => {
    const rows = await db
      .select()
      .from(recallTypes)
      .where(query.region_id ? eq(recallTypes.regionId, query.region_id) : undefined)
      .orderBy(asc(recallTypes.regionId), asc(recallTypes.name), asc(recallTypes.id));
    return { data: rows.map(toRecallTypeWire) };
  });

  bind(createRecallType, async ({ staff, body, reply }) => {
    allowed(staff.roleId, "define_types");
    if (!(await referenceData(db)).regions.some((r) => r.id === body.region_id))
      throw validationError({ region_id: ["The selected region does not exist."] });
    reply.status(201);
    return { data: toRecallTypeWire(await createType(db, staff.id, body)) };
  });

  bind(updateRecallType, async ({ staff, params, body }) => {
    allowed(staff.roleId, "define_types");
    if (!(await referenceData(db)).regions.some((r) => r.id === body.region_id))
      throw validationError({ region_id: ["The selected region does not exist."] });
    return { data: toRecallTypeWire(await updateType(db, staff, params.id, body)) };
  });

  bind(listRecalls, async ({ staff, query }) => {
    const [{ ids }, zone] = await Promise.all([visibility(staff), zoneOf(staff.outletId ?? null)]);
    const today = dayInZone(service.now(), zone);
    return recallsPage(db, query, recallsWhere(query, today, ids));
  });

  bind(bulkRecalls, async ({ staff, body }) => {
    allowed(staff.roleId, "act");
    const { sees } = await visibility(staff);
    const rows = await bulk(db, service, zoneOf, staff, body, sees);
    if (body.action === "send_now")
      await service.runDue(
        service.now(),
        rows.map((r) => r.id),
      );
    const fresh = await db
      .select()
      .from(customerRecalls)
      .where(
        inArray(
          customerRecalls.id,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(asc(customerRecalls.dueDate), asc(customerRecalls.id));
    const words = {
      send_now: "sent now",
      snooze: "snoozed",
      booked: "marked booked",
      declined: "marked declined",
    };
    return {
      message: `${rows.length} recall${rows.length === 1 ? "" : "s"} ${words[body.action]}.`,
      data: await toRows(db, fresh),
    };
  });

  bind(runRecallsNow, async ({ staff }) => {
    allowed(staff.roleId, "act");
    const totals = await service.runDue();
    return {
      message: `Recall run done: ${totals.sent} sent, ${totals.skipped} skipped, ${totals.waiting} waiting, ${totals.failed} failed.`,
      data: totals,
    };
  });

  bind(listCustomerRecalls, async ({ params }) => {
    const rows = await db
      .select()
      .from(customerRecalls)
      .where(eq(customerRecalls.customerId, params.id))
      .orderBy(asc(customerRecalls.dueDate), asc(customerRecalls.id));
    return { data: await customerRecallWires(rows) };
  });

  bind(addCustomerRecall, async ({ staff, params, body, reply }) => {
    const row = await addRecall(db, service, zoneOf, staff.id, params.id, body);
    reply.status(201);
    return { data: (await customerRecallWires([row]))[0] };
  });

  bind(setCustomerRecallDue, async ({ staff, params, body }) => {
    const row = await setRecallDue(db, service, zoneOf, staff, params.id, params.recallId, body, "set");
    return { data: (await customerRecallWires([row]))[0] };
  });

  bind(snoozeCustomerRecall, async ({ staff, params, body }) => {
    const row = await setRecallDue(
      db,
      service,
      zoneOf,
      staff,
      params.id,
      params.recallId,
      { due_date: body.until, reason: body.reason, version: body.version },
      "snooze",
    );
    return { data: (await customerRecallWires([row]))[0] };
  });

  bind(recallLettersPdf, async ({ staff, params, query, reply }) => {
    const { sees } = await visibility(staff);
    if (!sees(params.id)) throw notFound("Outlet");
    const day = query.date ?? dayInZone(service.now(), await zoneOf(params.id));
    const bytes = await lettersPdf(db, params.id, day);
    if (!bytes) throw notFound("Outlet");
    // Inline, so the new tab shows it; the app-wide CSP (object-src 'none') would stop the viewer.
    reply.removeHeader("content-security-policy");
    return reply
      .type("application/pdf")
      .header("cache-control", "no-store")
      .header("content-disposition", `inline; filename="recall-letters-${params.id}-${day}.pdf"`)
      .header("x-content-type-options", "nosniff")
      .send(bytes);
  });

  bind(listRecallCalls, async ({ staff, params, query }) => {
    const { sees } = await visibility(staff);
    const outlet = (await referenceData(db)).outlets.find((o) => o.id === params.id);
    if (!outlet || !sees(params.id)) throw notFound("Outlet");
    return {
      outlet_name: outlet.name,
      time_zone: outlet.timeZone,
      data: await recallCallsAt(db, params.id, query.limit),
    };
  });

  bind(finishRecallCall, async ({ staff, params, body }) => {
    const { sees } = await visibility(staff);
    await finishCall(db, staff.id, params.id, body.outcome, service, sees);
    return { message: "Ticked off the recall call list." };
  });

  bind(recallReturns, async ({ staff, query }) => {
    const { ids } = await visibility(staff);
    return { data: await recallReturnsOf(db, query, ids) };
  });
}
