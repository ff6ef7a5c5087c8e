import type { CatalogueImportWire, CatalogueProductWire, CatalogueQuery } from "@loupe/contract";
import {
  CATALOGUE_MESSAGES,
  checkCatalogueCsv,
  isAdmin,
  type ProductEditValues,
  type ProductValues,
  parseCsv,
  productTypeKeys,
} from "@loupe/domain";
import { and, asc, eq, ilike, inArray, isNotNull, isNull, ne, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { matchVersion, nextVersion, type VersionedTable } from "../../platform/db/versioning";
import { AppError, notFound, validationError } from "../../platform/http/app-error";
import type { StaffRow } from "../staff";
import { staleOrMissing } from "../staff";
import { regionLookup } from "./catalogue.queries";
import type { RegionProductRow } from "./catalogue.reads";
import { regionProducts } from "./catalogue.tables";

export function toProductWire(p: RegionProductRow): CatalogueProductWire {
  return {
    id: p.id,
    region_id: p.regionId,
    name: p.name,
    sku: p.sku,
    barcode: p.barcode,
    kind: p.kind,
    colour: p.colour,
    size: p.size,
    tax_class: p.taxClass,
    price_minor: p.priceMinor,
    requires_prescription: p.requiresPrescription,
    lenses_type: p.lensesType as CatalogueProductWire["lenses_type"],
    product_type_key: p.productTypeKey,
    parent_type_key: p.parentTypeKey,
    version: p.version,
    retired_at: p.retiredAt?.toISOString() ?? null,
  };
}

/** `like` text matched literally: a % or _ typed in the search box is a character, not a wildcard. */
const literal = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The columns a product's fields are stored in (the region is the create's alone). */
const columns = (v: ProductEditValues) => ({
  name: v.name,
  sku: v.sku,
  barcode: v.barcode,
  kind: v.kind,
  colour: v.colour,
  size: v.size,
  taxClass: v.tax_class,
  priceMinor: v.price_minor,
  requiresPrescription: v.requires_prescription,
  lensesType: v.lenses_type,
  ...productTypeKeys(v),
});

const skuTaken = (err: unknown) => {
  const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  return (e.code ?? e.cause?.code) === "23505" && (e.constraint ?? e.cause?.constraint ?? "").includes("sku");
};

/**
 * The catalogue (ADR 0056): read by every staff member (the counter's picker and scanner),
 * maintained by administrators. Never deleted: retiring takes a product off new quotes only.
 */
export function createCatalogueService({ db }: { db: Db }) {
  const adminOnly = (staff: StaffRow) => {
    if (!isAdmin(staff)) throw new AppError("forbidden", CATALOGUE_MESSAGES.adminOnly);
  };

  /** Another product of the region with this barcode (not retired): a scan must find one product. */
  async function barcodeOwner(regionId: number, barcode: string | null, exceptId?: number) {
    if (!barcode) return null;
    const [row] = await db
      .select({ sku: regionProducts.sku, name: regionProducts.name })
      .from(regionProducts)
      .where(
        and(
          eq(regionProducts.regionId, regionId),
          eq(regionProducts.barcode, barcode),
          isNull(regionProducts.retiredAt),
          exceptId ? ne(regionProducts.id, exceptId) : undefined,
        ),
      )
      .limit(1);
    return row ?? null;
  }

  async function one(id: number): Promise<RegionProductRow> {
    const [row] = await db.select().from(regionProducts).where(eq(regionProducts.id, id));
    if (!row) throw notFound("Product");
    return row;
  }

  const stale = (id: number, expected: number | undefined, staff: StaffRow) =>
    staleOrMissing(db, regionProducts as unknown as VersionedTable, {
      id,
      expected,
      record: "product",
      editor: staff,
      missing: () => notFound("Product"),
    });

  async function save<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (err) {
      if (skuTaken(err)) throw validationError({ sku: [CATALOGUE_MESSAGES.skuTaken] });
      throw err;
    }
  }

  return {
    async list(q: CatalogueQuery & { page: number; per_page: number }) {
      const conditions: (SQL | undefined)[] = [
        q.region_id ? eq(regionProducts.regionId, Number(q.region_id)) : undefined,
        q.kind ? eq(regionProducts.kind, q.kind) : undefined,
        q.include_retired ? undefined : isNull(regionProducts.retiredAt),
        q.barcode ? eq(regionProducts.barcode, q.barcode) : undefined,
      ];
      const text = q.q?.trim();
      if (text) {
        const words = text.split(/\s+/).map((w) => ilike(regionProducts.name, `%${literal(w)}%`));
        conditions.push(
          or(
            and(...words),
            and(isNotNull(regionProducts.sku), ilike(regionProducts.sku, `${literal(text)}%`)),
            and(isNotNull(regionProducts.barcode), ilike(regionProducts.barcode, `${literal(text)}%`)),
          ),
        );
      }
      const where = and(...conditions);
      const [rows, [{ n }]] = await Promise.all([
        db
          .select()
          .from(regionProducts)
          .where(where)
          .orderBy(asc(regionProducts.name), asc(regionProducts.regionId), asc(regionProducts.id))
          .limit(q.per_page)
          .offset((q.page - 1) * q.per_page),
        db.select({ n: sql<number>`count(*)::int` }).from(regionProducts).where(where),
      ]);
      return {
        data: rows.map(toProductWire),
        meta: {
          pagination: {
            total: n,
            count: rows.length,
            per_page: q.per_page,
            current_page: q.page,
            total_pages: Math.max(1, Math.ceil(n / q.per_page)),
          },
        },
      };
    },

    async get(id: number) {
      return toProductWire(await one(id));
    },

    async create(staff: StaffRow, v: ProductValues) {
      adminOnly(staff);
      const lookup = await regionLookup(db);
      if (lookup(String(v.region_id)) === null)
        throw validationError({ region_id: ["The selected region is invalid."] });
      const owner = await barcodeOwner(v.region_id, v.barcode);
      if (owner)
        throw validationError({ barcode: [CATALOGUE_MESSAGES.barcodeTaken(owner.sku ?? owner.name)] });
      const [row] = await save(() =>
        db
          .insert(regionProducts)
          .values({ regionId: v.region_id, ...columns(v), updatedBy: staff.id })
          .returning(),
      );
      return toProductWire(row);
    },

    async update(staff: StaffRow, id: number, v: ProductEditValues & { version?: number }) {
      adminOnly(staff);
      const current = await one(id);
      const owner = await barcodeOwner(current.regionId, v.barcode, id);
      if (owner)
        throw validationError({ barcode: [CATALOGUE_MESSAGES.barcodeTaken(owner.sku ?? owner.name)] });
      const table = regionProducts as unknown as VersionedTable;
      const [row] = await save(() =>
        db
          .update(regionProducts)
          .set({ ...columns(v), ...nextVersion(table, staff) })
          .where(matchVersion(table, id, v.version))
          .returning(),
      );
      if (!row) throw await stale(id, v.version, staff);
      return toProductWire(row);
    },

    /** Retire (or, `retired` false, restore) a product: its jobs keep it either way. */
    async setRetired(staff: StaffRow, id: number, version: number | undefined, retired: boolean) {
      adminOnly(staff);
      const table = regionProducts as unknown as VersionedTable;
      const [row] = await db
        .update(regionProducts)
        .set({ retiredAt: retired ? new Date() : null, ...nextVersion(table, staff) })
        .where(matchVersion(table, id, version))
        .returning();
      if (!row) throw await stale(id, version, staff);
      return toProductWire(row);
    },

    /**
     * The CSV import: every row checked (the form's rules, a region's SKU and barcode once in the
     * file, a barcode another product of the region already has), and only then, all rows in one
     * transaction, each (region, SKU) inserted or updated in place. One failing row writes nothing.
     */
    async import(staff: StaffRow, csv: string, dryRun: boolean): Promise<CatalogueImportWire> {
      adminOnly(staff);
      const lookup = await regionLookup(db);
      const { products, errors } = checkCatalogueCsv(parseCsv(csv), lookup);
      const regionIds = [...new Set(products.map((p) => p.value.region_id))];
      const existing = regionIds.length
        ? await db
            .select({
              id: regionProducts.id,
              regionId: regionProducts.regionId,
              sku: regionProducts.sku,
              barcode: regionProducts.barcode,
              retiredAt: regionProducts.retiredAt,
            })
            .from(regionProducts)
            .where(inArray(regionProducts.regionId, regionIds))
        : [];
      const bySku = new Map(existing.filter((e) => e.sku).map((e) => [`${e.regionId}|${e.sku}`, e]));
      const byBarcode = new Map(
        existing.filter((e) => e.barcode && !e.retiredAt).map((e) => [`${e.regionId}|${e.barcode}`, e]),
      );
      for (const { row, value: v } of products) {
        if (!v.barcode) continue;
        const other = byBarcode.get(`${v.region_id}|${v.barcode}`);
        if (other && other.sku !== v.sku) {
          const message = CATALOGUE_MESSAGES.barcodeTaken(other.sku ?? `#${other.id}`);
          errors[`rows.${row}.barcode`] = [CATALOGUE_MESSAGES.rowError(row, "barcode", message)];
        }
      }
      if (Object.keys(errors).length) throw validationError(errors);
      const updated = products.filter((p) => bySku.has(`${p.value.region_id}|${p.value.sku}`)).length;
      const outcome = { dry_run: dryRun, rows: products.length, created: products.length - updated, updated };
      if (dryRun) return outcome;
      const table = regionProducts as unknown as VersionedTable;
      await db.transaction(async (tx) => {
        for (let i = 0; i < products.length; i += 200) {
          const chunk = products.slice(i, i + 200);
          await tx
            .insert(regionProducts)
            .values(
              chunk.map(({ value: v }) => ({ regionId: v.region_id, ...columns(v), updatedBy: staff.id })),
            )
            .onConflictDoUpdate({
              target: [regionProducts.regionId, regionProducts.sku],
              targetWhere: sql`${regionProducts.sku} is not null`,
              set: {
                name: sql`excluded.name`,
                barcode: sql`excluded.barcode`,
                kind: sql`excluded.kind`,
                colour: sql`excluded.colour`,
                size: sql`excluded.size`,
                taxClass: sql`excluded.tax_class`,
                priceMinor: sql`excluded.price_minor`,
                requiresPrescription: sql`excluded.requires_prescription`,
                lensesType: sql`excluded.lenses_type`,
                productTypeKey: sql`excluded.product_type_key`,
                parentTypeKey: sql`excluded.parent_type_key`,
                ...nextVersion(table, staff),
              },
            });
        }
      });
      return outcome;
    },
  };
}
