import type { JobEventKind } from "@loupe/domain";
import type { Db } from "../../platform/db/client";
import { jobEvents } from "./jobs.tables";

export interface JobEventInput {
  orderId: number;
  orderItemId?: number | null;
  kind: JobEventKind;
  fromValue?: string | null;
  toValue?: string | null;
  staffUserId: number | null;
}

/**
 * Writes timeline entries. Call it with the transaction that makes the change, so a change and its
 * entry commit or roll back together (other modules reach it through the jobs module's index).
 */
export async function recordJobEvents(tx: Db, events: JobEventInput[]): Promise<void> {
  if (!events.length) return;
  await tx.insert(jobEvents).values(
    events.map((e) => ({
      orderId: e.orderId,
      orderItemId: e.orderItemId ?? null,
      kind: e.kind,
      fromValue: e.fromValue ?? null,
      toValue: e.toValue ?? null,
      staffUserId: e.staffUserId,
    })),
  );
}
