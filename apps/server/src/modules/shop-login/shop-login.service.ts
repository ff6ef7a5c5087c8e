import { createHmac, randomBytes } from "node:crypto";
import { and, eq, gt, isNull } from "drizzle-orm";
import type { Config } from "../../config";
import type { Db } from "../../platform/db/client";
import { AppError, notFound } from "../../platform/http/app-error";
import { hashToken } from "../../platform/http/auth-guard";
import type { StaffRow } from "../staff";
import { customerById, customerWithCountry } from "./shop-login.queries";
import { shopLoginTokens } from "./shop-login.tables";

export const SHOP_LOGIN_FAILED = "Failed to create token; this customer may not have an e-commerce account.";
export const SHOP_LOGIN_INVALID = "This login link is invalid, used or expired.";
const LINK_TTL_MS = 5 * 60_000;
const SHOP_PATH: Record<string, string> = { AU: "au", NZ: "nz", CA: "ca" };

export function createShopLoginService({ db, config }: { db: Db; config: Config }) {
  return {
    /** A five-minute, single-use link to the customer's regional shop, signed so the shop can trust it. */
    async createLink(staff: StaffRow, customerId: number) {
      const [row] = await customerWithCountry(db, customerId);
      if (!row) throw notFound("Customer");
      if (!row.customer.hasShopAccount) throw new AppError("validation_failed", SHOP_LOGIN_FAILED);
      const token = randomBytes(32).toString("base64url");
      const expiresAt = new Date(Date.now() + LINK_TTL_MS);
      await db
        .insert(shopLoginTokens)
        .values({ tokenHash: hashToken(token), customerId, staffUserId: staff.id, expiresAt });
      const region = SHOP_PATH[row.countryCode ?? "AU"] ?? "au";
      const signature = createHmac("sha256", config.SIGNING_SECRET)
        .update(`${token}.${customerId}`)
        .digest("base64url");
      const url = `${config.SHOP_URL.replace(/\/$/, "")}/${region}/account/staff-login?token=${token}&customer=${customerId}&signature=${signature}`;
      return { url, expires_at: expiresAt.toISOString() };
    },

    /** The shop's side: a token works once, before it expires. */
    async redeem(token: string) {
      const [used] = await db
        .update(shopLoginTokens)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(shopLoginTokens.tokenHash, hashToken(token)),
            isNull(shopLoginTokens.usedAt),
            gt(shopLoginTokens.expiresAt, new Date()),
          ),
        )
        .returning();
      if (!used) throw new AppError("unauthenticated", SHOP_LOGIN_INVALID);
      const [c] = await customerById(db, used.customerId);
      return { customer_id: used.customerId, email: c?.email ?? null };
    },
  };
}
