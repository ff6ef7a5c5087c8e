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
  shopBaseInfo,
} from "@loupe/contract";
import { asc, eq } from "drizzle-orm";
import { notFound } from "../../platform/http/app-error";
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
