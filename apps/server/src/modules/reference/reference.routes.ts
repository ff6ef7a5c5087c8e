import {
  apiBaseInfo,
  endpointUrl,
  getOutlet,
  legacyBaseInfo,
  listColours,
  listDispenseStatuses,
  listItemStatuses,
  listOutlets,
  listPaymentStatuses,
  listPdSources,
  listPrescriptionSources,
  listPrescriptionTypes,
  listRefundReasons,
  listRegions,
  setOutletTimeZone,
  shopBaseInfo,
} from "@loupe/contract";
import { isAdmin, isOutletTimeZone, OUTLET_TIME_ZONE_MESSAGES } from "@loupe/domain";
import { asc, eq } from "drizzle-orm";
import { AppError, notFound, validationError } from "../../platform/http/app-error";
import type { ModuleContext } from "../module-context";
import { toOutletWire, toRegionWire, toStatusWire } from "./reference.mappers";
import { outletSupplierContactsSlot } from "./reference.slots";
import {
  colours,
  outlets,
  pdSources,
  prescriptionSources,
  prescriptionTypes,
  refundReasons,
  regions,
  statuses,
} from "./reference.tables";
import { invalidateReferenceData } from "./reference-cache";

type SourceRow = typeof pdSources.$inferSelect & { origin?: string | null };
const toSourceWire = (s: SourceRow) => ({
  id: s.id,
  name: s.name,
  slug: s.slug,
  origin: s.origin ?? null,
  value: s.id,
  text: s.name,
  colour: s.colour,
});

export function registerReferenceRoutes({ app, bind, db, slots }: ModuleContext): void {
  const bases = [
    [apiBaseInfo, { base: "api", name: "Loupe staff API" }],
    [legacyBaseInfo, { base: "legacy", name: "Loupe older API" }],
    [shopBaseInfo, { base: "shop", name: "Loupe web-shop service" }],
  ] as const;
  for (const [endpoint, data] of bases) {
    bind(endpoint, () => ({ data }));
    // The same answer with a trailing slash, left out of the API document (one path per operation).
    app.get(`${endpointUrl(endpoint)}/`, { schema: { hide: true } }, async () => ({ data }));
  }
  bind(listRegions, async () => ({
    data: (await db.select().from(regions).orderBy(asc(regions.id))).map(toRegionWire),
  }));

  bind(listOutlets, async ({ query }) => {
    const rows = await db.select().from(outlets).orderBy(asc(outlets.name));
    const withAddress = (query.with ?? "").split(",").includes("address");
    return { data: rows.map((o) => toOutletWire(o, withAddress)) };
  });

  bind(getOutlet, async ({ params }) => {
    const [row] = await db.select().from(outlets).where(eq(outlets.id, params.id));
    if (!row) throw notFound("Outlet");
    return {
      data: {
        ...toOutletWire(row),
        supplier_contacts: (await outletSupplierContactsSlot.get(slots)(db, row.id)) ?? [],
      },
    };
  });

  bind(setOutletTimeZone, async ({ staff, params, body }) => {
    if (!isAdmin(staff)) throw new AppError("forbidden", OUTLET_TIME_ZONE_MESSAGES.adminOnly);
    const [row] = await db
      .select({ outlet: outlets, countryCode: regions.countryCode })
      .from(outlets)
      .innerJoin(regions, eq(regions.id, outlets.regionId))
      .where(eq(outlets.id, params.id));
    if (!row) throw notFound("Outlet");
    // The outlet's own country decides, not the region's alone: a head-office region (6) is Australia.
    if (!isOutletTimeZone(body.time_zone, row.outlet.country ?? row.countryCode)) {
      throw validationError({ time_zone: [OUTLET_TIME_ZONE_MESSAGES.invalid] });
    }
    const [saved] = await db
      .update(outlets)
      .set({ timeZone: body.time_zone })
      .where(eq(outlets.id, params.id))
      .returning();
    // The jobs list, receipts and dockets read outlets through the process's reference copy.
    invalidateReferenceData();
    return { message: OUTLET_TIME_ZONE_MESSAGES.saved, data: toOutletWire(saved) };
  });

  const statusList = (kind: "dispense" | "item" | "payment") => async () => ({
    data: (
      await db.select().from(statuses).where(eq(statuses.kind, kind)).orderBy(asc(statuses.sortOrder))
    ).map(toStatusWire),
  });
  bind(listDispenseStatuses, statusList("dispense"));
  bind(listItemStatuses, statusList("item"));
  bind(listPaymentStatuses, statusList("payment"));

  bind(listPrescriptionTypes, async () => ({
    data: await db.select().from(prescriptionTypes).orderBy(asc(prescriptionTypes.id)),
  }));
  bind(listPrescriptionSources, async ({ query }) => {
    const rows = await db.select().from(prescriptionSources).orderBy(asc(prescriptionSources.id));
    const wanted = query.type === "external" ? rows.filter((r) => r.isExternal) : rows;
    return { data: wanted.map(toSourceWire) };
  });
  bind(listPdSources, async () => ({
    data: (await db.select().from(pdSources).orderBy(asc(pdSources.id))).map(toSourceWire),
  }));
  bind(listColours, async ({ query }) => {
    const base = db.select().from(colours);
    const rows = await (query.type ? base.where(eq(colours.type, query.type)) : base).orderBy(
      asc(colours.name),
    );
    return {
      data: rows.map((c) => ({
        id: c.id,
        name: c.name,
        hex_code: c.hexCode,
        type: c.type,
        special: c.special,
        visible_online: c.visibleOnline,
      })),
    };
  });
  bind(listRefundReasons, async () => ({
    data: await db.select().from(refundReasons).orderBy(asc(refundReasons.id)),
  }));
}
