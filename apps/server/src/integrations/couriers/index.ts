import fs from "node:fs";
import { type RateCard, rateCardSchema } from "@loupe/domain";
import type { Config } from "../../config";
import type { Db } from "../../platform/db/client";
import { createAusPostCourier } from "./auspost.adapter";
import type { Courier } from "./couriers.port";
import { createLocalCourier } from "./local.adapter";
import { createSendleCourier } from "./sendle.adapter";

export type {
  Courier,
  CourierAddress,
  CourierManifest,
  CourierOrder,
  CourierQuote,
  OrderRequest,
  QuoteRequest,
  TrackingResult,
} from "./couriers.port";
export { CourierError } from "./couriers.port";
export { createLocalCourier } from "./local.adapter";

/** The couriers a quote asks: one per product type of the spec (aupost: drop-off, sendle: pickup). */
export interface Couriers {
  /** Australia Post when configured, else the local rate-card courier. */
  aupost: Courier;
  /** Sendle only when configured (it stopped taking bookings in January 2026). */
  sendle: Courier | null;
}

export function loadRateCard(file: string | undefined): RateCard | undefined {
  if (!file) return undefined;
  return rateCardSchema.parse(JSON.parse(fs.readFileSync(file, "utf8")));
}

export function createCouriers(config: Config, db: Db): Couriers {
  const aupost =
    config.AUSPOST_API_KEY && config.AUSPOST_API_PASSWORD && config.AUSPOST_ACCOUNT_NUMBER
      ? createAusPostCourier({
          apiKey: config.AUSPOST_API_KEY,
          password: config.AUSPOST_API_PASSWORD,
          accountNumber: config.AUSPOST_ACCOUNT_NUMBER,
          baseUrl: config.AUSPOST_BASE_URL,
          timeoutMs: config.COURIER_TIMEOUT_MS,
        })
      : createLocalCourier(db, {
          rateCard: loadRateCard(config.RATE_CARD_FILE),
          publicUrl: config.publicUrl,
        });
  const sendle =
    config.SENDLE_ID && config.SENDLE_API_KEY && config.SENDLE_BASE_URL
      ? createSendleCourier({
          sendleId: config.SENDLE_ID,
          apiKey: config.SENDLE_API_KEY,
          baseUrl: config.SENDLE_BASE_URL,
          timeoutMs: config.COURIER_TIMEOUT_MS,
        })
      : null;
  return { aupost, sendle };
}
