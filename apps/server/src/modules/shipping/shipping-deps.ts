import type { Config } from "../../config";
import type { Couriers } from "../../integrations/couriers";
import type { Database, Db } from "../../platform/db/client";
import type { ShipmentState } from "./shipping.tables";

// What the parts of the shipping service share; shipping.service.ts composes them.

export const LIVE: ShipmentState[] = ["pending", "unknown", "created", "in_transit", "delivered"];
export const SHIPPED: ShipmentState[] = ["created", "in_transit", "delivered"];
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** What every part is given. */
export interface ShippingDeps {
  database: Database;
  db: Db;
  couriers: Couriers;
  config: Config;
  /** When a booked shipment whose courier tracks is first asked again. */
  pollEveryMs: number;
  /** A pending attempt (or a cancel request) older than this was cut short. */
  stalePendingMs: number;
}
