import { customerLabel, RECALL_CHANNEL_LABELS } from "@loupe/domain";
import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { customerPhones } from "./recalls.queries";
import { customerRecalls, recallSteps, recallTypes } from "./recalls.tables";

/**
 * The outlet's recall phone calls still to make, soonest first: each step with its recall and
 * type in one read (this module's own tables), then the customers' names and numbers.
 */
export async function recallCallsAt(db: Db, outletId: number, limit: number) {
  const rows = await db
    .select({ step: recallSteps, dueDate: customerRecalls.dueDate, typeName: recallTypes.name })
    .from(recallSteps)
    .leftJoin(customerRecalls, eq(customerRecalls.id, recallSteps.recallId))
    .leftJoin(recallTypes, eq(recallTypes.id, customerRecalls.recallTypeId))
    .where(and(eq(recallSteps.outletId, outletId), eq(recallSteps.status, "to_call")))
    .orderBy(asc(recallSteps.dueOn), asc(recallSteps.id))
    .limit(limit);
  const people = await customerPhones(db, [...new Set(rows.map((r) => r.step.customerId))]);
  const personById = new Map(people.map((p) => [p.id, p]));
  return rows.map(({ step: s, dueDate, typeName }) => {
    const person = personById.get(s.customerId);
    return {
      step_id: s.id,
      recall_id: s.recallId,
      customer: {
        id: s.customerId,
        name: customerLabel({ first_name: person?.firstName, last_name: person?.lastName }),
      },
      recall_type: typeName ?? RECALL_CHANNEL_LABELS.phone,
      due_date: dueDate ?? s.dueOn,
      mobile: person?.mobile ?? null,
      phone: person?.phone ?? null,
      script: s.body ?? "",
      due_on: s.dueOn,
    };
  });
}
