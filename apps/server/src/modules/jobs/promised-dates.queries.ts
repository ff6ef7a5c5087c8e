import { and, eq, inArray, isNull, or, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { regionProducts } from "../catalogue/catalogue.tables";
import { outlets } from "../reference/reference.tables";
import { orderItems, orders, outletWorkshopSettings, publicHolidays } from "./jobs.tables";
// Reads for promised dates (issue 27) that join the reference module's outlets: their zone and region.

/** Jobs still without a promise, with what their promise is made from: day, outlet, zone, region. */
export const jobsWithoutPromise = (db: Db, orderIds: number[]) =>
  db
    .select({
      id: orders.id,
      createdAt: orders.createdAt,
      outletId: orders.originOutletId,
      regionId: outlets.regionId,
      timeZone: outlets.timeZone,
    })
    .from(orders)
    .innerJoin(outlets, eq(outlets.id, orders.originOutletId))
    .where(and(inArray(orders.id, orderIds), isNull(orders.dueDate)));

/** The product facts of each job's items (refunded items included: they were promised too). */
export const itemProductsOf = (db: Db, orderIds: number[]) =>
  db
    .select({
      orderId: orderItems.orderId,
      parentTypeKey: regionProducts.parentTypeKey,
      productTypeKey: regionProducts.productTypeKey,
      lensesType: regionProducts.lensesType,
    })
    .from(orderItems)
    .innerJoin(regionProducts, eq(regionProducts.id, orderItems.regionProductId))
    .where(inArray(orderItems.orderId, orderIds));

/** Settings rows of these outlets (an outlet without one uses the defaults). */
export const workshopSettingsOf = (db: Db, outletIds: number[]) =>
  db.select().from(outletWorkshopSettings).where(inArray(outletWorkshopSettings.outletId, outletIds));

/** Public holidays of these regions and outlets from `from` on. */
export const holidaysOf = (db: Db, regionIds: number[], outletIds: number[], from: string) =>
  db
    .select()
    .from(publicHolidays)
    .where(
      and(
        sql`${publicHolidays.day} >= ${from}`,
        or(inArray(publicHolidays.regionId, regionIds), inArray(publicHolidays.outletId, outletIds)),
      ),
    );

/** Every outlet's id, zone and region: the tabs group outlets by zone. */
export const outletZones = (db: Db) =>
  db.select({ id: outlets.id, regionId: outlets.regionId, timeZone: outlets.timeZone }).from(outlets);

/** A job's promise facts with its outlet's zone. */
export const jobPromiseRow = (db: Db, orderId: number) =>
  db
    .select({
      id: orders.id,
      dueDate: orders.dueDate,
      promiseVersion: orders.promiseVersion,
      atRiskReason: orders.atRiskReason,
      createdAt: orders.createdAt,
      timeZone: outlets.timeZone,
    })
    .from(orders)
    .innerJoin(outlets, eq(outlets.id, orders.originOutletId))
    .where(eq(orders.id, orderId));
