import type { Db } from "../../platform/db/client";
import { recordJobEvents, setItemAdditionalInfo } from "../jobs";
import { orderItemSelections } from "./job-edit.tables";

/**
 * A new job's item takes its quote line's selection as its first revision (issue 44): the payload
 * and the additional_info the quote froze (`quoteSelection`), so the job edit then shows the
 * prescription, PD and lens exactly as quoted. Call it in the job's creating transaction.
 */
export async function writeQuotedSelection(
  db: Db,
  input: {
    staffId: number;
    orderId: number;
    itemId: number;
    selection: Record<string, unknown>;
    additionalInfo: Record<string, unknown>;
  },
): Promise<void> {
  const info = { ...input.additionalInfo, id: 1, revision: 1 };
  await db.insert(orderItemSelections).values({
    orderItemId: input.itemId,
    revision: 1,
    selection: input.selection,
    additionalInfo: info,
    staffUserId: input.staffId,
  });
  await setItemAdditionalInfo(db, input.itemId, info);
  await recordJobEvents(db, [
    {
      orderId: input.orderId,
      orderItemId: input.itemId,
      kind: "selection_saved",
      fromValue: "as quoted",
      toValue: "1",
      staffUserId: input.staffId,
    },
  ]);
}
