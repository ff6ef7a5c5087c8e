import { and, eq, inArray, or } from "drizzle-orm";
import {
  type CustomerRowsMover,
  type DroppedRows,
  moveRows,
  moveRowsBack,
  restoreRows,
  snapshotRows,
} from "../../platform/db/customer-rows";
import { referrals } from "./referrals.tables";

/**
 * A customer merge (issue 46) moves the losing customer's referrals, both ways, to the kept one. A
 * person is invited once and never by themselves: a referral between the two records, and the
 * losing record's invitation when the kept one was invited too, are removed (kept whole in the
 * merge, put back by its undo).
 */
export const referralsCustomerMover: CustomerRowsMover = {
  async move(tx, fromId, toId) {
    const between = or(
      and(eq(referrals.referrerId, fromId), eq(referrals.refereeId, toId)),
      and(eq(referrals.referrerId, toId), eq(referrals.refereeId, fromId)),
    );
    const [keptInvited] = await tx
      .select({ id: referrals.id })
      .from(referrals)
      .where(and(eq(referrals.refereeId, toId), eq(referrals.referrerId, fromId)));
    const [keptInvitedByOther] = await tx
      .select({ id: referrals.id })
      .from(referrals)
      .where(eq(referrals.refereeId, toId));
    const drop = or(
      between,
      keptInvitedByOther && !keptInvited ? eq(referrals.refereeId, fromId) : undefined,
    );
    const dropped: DroppedRows = {
      referrals: await snapshotRows(tx, referrals, drop as NonNullable<typeof drop>),
    };
    if (dropped.referrals.length)
      await tx.delete(referrals).where(
        inArray(
          referrals.id,
          dropped.referrals.map((r) => Number(r.id)),
        ),
      );
    return {
      moved: {
        "referrals:referrer": await moveRows(tx, referrals, referrals.referrerId, fromId, toId),
        "referrals:referee": await moveRows(tx, referrals, referrals.refereeId, fromId, toId),
      },
      dropped,
    };
  },
  async moveBack(tx, move, keptId, lostId) {
    const { moved, dropped = {} } = move;
    await moveRowsBack(
      tx,
      referrals,
      referrals.referrerId,
      moved["referrals:referrer"] ?? [],
      keptId,
      lostId,
    );
    await moveRowsBack(tx, referrals, referrals.refereeId, moved["referrals:referee"] ?? [], keptId, lostId);
    await restoreRows(tx, referrals, dropped.referrals ?? []);
  },
};
