import { checkReferral, defineReferral, undefineReferral } from "@loupe/contract";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { AppError, notFound, validationError } from "../../platform/http/app-error";
import type { ModuleContext } from "../module-context";
import { customerIdsOf, invitedBy, lockCustomer, referralOf } from "./referrals.queries";
import { referrals } from "./referrals.tables";

/** Each customer may invite this many friends. */
export const INVITES_PER_CUSTOMER = 5;
export const REFERRAL_ALREADY_DEFINED = "Referral already defined";

const fullName = (c: { firstName: string; lastName: string }) => `${c.firstName} ${c.lastName}`.trim();

async function mustExist(db: Db, ids: number[]) {
  const rows = await customerIdsOf(db, ids);
  if (rows.length !== new Set(ids).size) throw notFound("Customer");
}

export function registerReferralsRoutes({ bind, db }: ModuleContext): void {
  bind(checkReferral, async ({ params }) => {
    await mustExist(db, [params.id]);
    const invited = await invitedBy(db, params.id);
    const [own] = await referralOf(db, params.id);
    return {
      data: {
        customer_id: params.id,
        useable_invites: Math.max(0, INVITES_PER_CUSTOMER - invited.length),
        self_referral_status: own
          ? own.referral.redeemedAt
            ? ("USED" as const)
            : ("USEABLE" as const)
          : null,
        invited_by: own ? { id: own.referrer.id, full_name: fullName(own.referrer) } : null,
        invited: invited.map((c) => ({ id: c.id, full_name: fullName(c) })),
      },
    };
  });

  bind(defineReferral, async ({ params }) => {
    if (params.a === params.b) throw validationError({ b: ["A customer cannot invite themselves."] });
    await mustExist(db, [params.a, params.b]);
    await db.transaction(async (tx) => {
      // Lock the inviter's row so two invites at once cannot both take the last free invite.
      await lockCustomer(tx as unknown as Db, params.a);
      const made = await tx
        .select({ id: referrals.id })
        .from(referrals)
        .where(eq(referrals.referrerId, params.a));
      if (made.length >= INVITES_PER_CUSTOMER)
        throw validationError({ a: ["This customer has no invites left."] });
      const inserted = await tx
        .insert(referrals)
        .values({ referrerId: params.a, refereeId: params.b })
        .onConflictDoNothing()
        .returning();
      if (!inserted.length) throw new AppError("conflict", REFERRAL_ALREADY_DEFINED);
    });
    return { message: "The user is invited successfully." };
  });

  bind(undefineReferral, async ({ params }) => {
    const removed = await db
      .delete(referrals)
      .where(and(eq(referrals.refereeId, params.id)))
      .returning();
    if (!removed.length) throw notFound("Referral");
    return { message: "Referral undefined successfully" };
  });
}
