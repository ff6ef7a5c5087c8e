import { isAdmin, SUPPLIER_MESSAGES } from "@loupe/domain";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { matchVersion, nextVersion, type VersionedTable } from "../../platform/db/versioning";
import { AppError, notFound, validationError } from "../../platform/http/app-error";
import type { Slots } from "../../platform/slots";
import type { StaffRow } from "../staff";
import { staleOrMissing } from "../staff";
import { contactHasOrdersSlot } from "./contact-orders.slot";
import { type ContactRow, toContactWire, toSupplierWire } from "./suppliers.mappers";
import { outletsWithIds, regionWithId } from "./suppliers.queries";
import { lensSuppliers, supplierContacts, supplierDeliveryOutlets } from "./suppliers.tables";

export interface SupplierInput {
  name: string;
  abbreviation: string;
  order_type: "all" | "api";
  kind: "hoya" | "shamir" | "standard";
  allows_cut: boolean;
  contacts_listed: boolean;
  is_active: boolean;
  notes_max_length?: number | null;
  requires_heights?: boolean;
  takes_job_type?: boolean;
}

export interface ContactInput {
  region_id: number;
  first_name: string;
  last_name: string;
  mail?: string | null;
  phone?: string | null;
  channel: "email" | "file_drop" | "api";
  drop_folder?: string | null;
  account_number?: string | null;
  is_active: boolean;
}

/** A versioned write that touched nothing: 404 or a 409 naming who changed the supplier or contact. */
const stale = (
  db: Db,
  table: typeof lensSuppliers | typeof supplierContacts,
  id: number,
  expected: number | undefined,
  staff: StaffRow,
) =>
  staleOrMissing(db, table as unknown as VersionedTable, {
    id,
    expected,
    record: table === lensSuppliers ? "supplier" : "supplier contact",
    editor: staff,
    missing: () => notFound(table === lensSuppliers ? "Supplier" : "Supplier contact"),
  });

const adminOnly = (staff: StaffRow) => {
  if (!isAdmin(staff)) throw new AppError("forbidden", SUPPLIER_MESSAGES.adminOnly);
};
const uniqueViolation = (err: unknown, constraint: string) => {
  const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const code = e.code ?? e.cause?.code;
  const name = e.constraint ?? e.cause?.constraint ?? "";
  return code === "23505" && name.includes(constraint);
};

/** Suppliers, their contacts and default delivery outlets: read by everyone, maintained by administrators in Settings. */
export function createSuppliersService({ db, slots }: { db: Db; slots: Slots }) {
  async function wires(ids?: number[], includeInactive = true) {
    const rows = await db
      .select()
      .from(lensSuppliers)
      .where(
        and(
          ids ? inArray(lensSuppliers.id, ids) : undefined,
          includeInactive ? undefined : eq(lensSuppliers.isActive, true),
        ),
      )
      .orderBy(asc(lensSuppliers.name));
    if (!rows.length) return [];
    const supplierIds = rows.map((r) => r.id);
    const [contacts, delivery] = await Promise.all([
      db
        .select()
        .from(supplierContacts)
        .where(inArray(supplierContacts.supplierId, supplierIds))
        .orderBy(asc(supplierContacts.regionId), asc(supplierContacts.lastName), asc(supplierContacts.id)),
      db
        .select()
        .from(supplierDeliveryOutlets)
        .where(inArray(supplierDeliveryOutlets.supplierId, supplierIds)),
    ]);
    return rows.map((s) => toSupplierWire(s, contacts, delivery));
  }
  async function one(id: number) {
    const [wire] = await wires([id]);
    if (!wire) throw notFound("Supplier");
    return wire;
  }

  async function checkContact(supplierId: number, input: ContactInput) {
    const [supplier] = await db.select().from(lensSuppliers).where(eq(lensSuppliers.id, supplierId));
    if (!supplier) throw notFound("Supplier");
    const errors: Record<string, string[]> = {};
    const [region] = await regionWithId(db, input.region_id);
    if (!region) errors.region_id = ["The selected region is invalid."];
    if (input.channel === "email" && !input.mail) errors.mail = [SUPPLIER_MESSAGES.mailRequired];
    if (input.channel === "file_drop" && !input.drop_folder)
      errors.drop_folder = [SUPPLIER_MESSAGES.folderRequired];
    if (input.channel === "api" && supplier.orderType !== "api")
      errors.channel = [SUPPLIER_MESSAGES.apiNeedsApiSupplier];
    if (Object.keys(errors).length) throw validationError(errors);
  }
  const contactValues = (input: ContactInput) => ({
    regionId: input.region_id,
    firstName: input.first_name,
    lastName: input.last_name,
    mail: input.mail ?? null,
    phone: input.phone ?? null,
    channel: input.channel,
    dropFolder: input.channel === "file_drop" ? (input.drop_folder ?? null) : null,
    accountNumber: input.account_number ?? null,
    isActive: input.is_active,
  });
  const saveContact = async <T>(write: () => Promise<T>) => {
    try {
      return await write();
    } catch (err) {
      if (uniqueViolation(err, "supplier_contacts_one_api_uq"))
        throw validationError({ channel: [SUPPLIER_MESSAGES.oneApiContact] });
      throw err;
    }
  };
  const saveSupplier = async <T>(write: () => Promise<T>) => {
    try {
      return await write();
    } catch (err) {
      if (uniqueViolation(err, "abbreviation"))
        throw validationError({ abbreviation: [SUPPLIER_MESSAGES.abbreviationTaken] });
      throw err;
    }
  };
  const supplierValues = (input: SupplierInput) => ({
    name: input.name,
    abbreviation: input.abbreviation.toUpperCase(),
    orderType: input.order_type,
    kind: input.kind,
    allowsCut: input.allows_cut,
    contactsListed: input.contacts_listed,
    isActive: input.is_active,
    // Left out of the body, a lab-system option keeps its value (undefined is not written).
    notesMaxLength: input.notes_max_length,
    requiresHeights: input.requires_heights,
    takesJobType: input.takes_job_type,
  });

  return {
    list: (includeInactive: boolean) => wires(undefined, includeInactive),
    one,

    async create(staff: StaffRow, input: SupplierInput) {
      adminOnly(staff);
      const [row] = await saveSupplier(() =>
        db
          .insert(lensSuppliers)
          .values({ ...supplierValues(input), updatedBy: staff.id })
          .returning(),
      );
      return one(row.id);
    },

    async update(staff: StaffRow, id: number, input: SupplierInput & { version?: number }) {
      adminOnly(staff);
      const table = lensSuppliers as unknown as VersionedTable;
      const [row] = await saveSupplier(() =>
        db
          .update(lensSuppliers)
          .set({ ...supplierValues(input), ...nextVersion(table, staff) })
          .where(matchVersion(table, id, input.version))
          .returning(),
      );
      if (!row) throw await stale(db, lensSuppliers, id, input.version, staff);
      return one(id);
    },

    async createContact(staff: StaffRow, supplierId: number, input: ContactInput) {
      adminOnly(staff);
      await checkContact(supplierId, input);
      const [row] = await saveContact(() =>
        db
          .insert(supplierContacts)
          .values({ supplierId, ...contactValues(input), updatedBy: staff.id })
          .returning(),
      );
      return toContactWire(row);
    },

    async updateContact(staff: StaffRow, id: number, input: ContactInput & { version?: number }) {
      adminOnly(staff);
      const [current] = await db.select().from(supplierContacts).where(eq(supplierContacts.id, id));
      if (!current) throw notFound("Supplier contact");
      await checkContact(current.supplierId, input);
      const table = supplierContacts as unknown as VersionedTable;
      const [row] = await saveContact(() =>
        db
          .update(supplierContacts)
          .set({ ...contactValues(input), ...nextVersion(table, staff) })
          .where(matchVersion(table, id, input.version))
          .returning(),
      );
      if (!row) throw await stale(db, supplierContacts, id, input.version, staff);
      return toContactWire(row as ContactRow);
    },

    /** A contact some lens order went through stays (the order names it): it is made inactive instead. */
    async removeContact(staff: StaffRow, id: number, version?: number): Promise<"removed" | "deactivated"> {
      adminOnly(staff);
      const table = supplierContacts as unknown as VersionedTable;
      const used = await contactHasOrdersSlot.get(slots)(db, id);
      const written = used
        ? await db
            .update(supplierContacts)
            .set({ isActive: false, ...nextVersion(table, staff) })
            .where(matchVersion(table, id, version))
            .returning({ id: supplierContacts.id })
        : await db
            .delete(supplierContacts)
            .where(matchVersion(table, id, version))
            .returning({ id: supplierContacts.id });
      if (!written.length) throw await stale(db, supplierContacts, id, version, staff);
      return used ? "deactivated" : "removed";
    },

    /** Replaces a supplier's default delivery outlets; each outlet must be in the region it serves. */
    async setDeliveryOutlets(
      staff: StaffRow,
      id: number,
      list: { region_id: number; outlet_id: number }[],
      version?: number,
    ) {
      adminOnly(staff);
      const regionsSeen = new Set<number>();
      const errors: Record<string, string[]> = {};
      const outletRows = list.length
        ? await outletsWithIds(
            db,
            list.map((d) => d.outlet_id),
          )
        : [];
      list.forEach((d, i) => {
        const outlet = outletRows.find((o) => o.id === d.outlet_id);
        if (!outlet) errors[`delivery_outlets.${i}.outlet_id`] = ["The selected outlet is invalid."];
        else if (outlet.regionId !== d.region_id)
          errors[`delivery_outlets.${i}.outlet_id`] = [SUPPLIER_MESSAGES.outletOutsideRegion];
        if (regionsSeen.has(d.region_id))
          errors[`delivery_outlets.${i}.region_id`] = ["Each region has one default delivery outlet."];
        regionsSeen.add(d.region_id);
      });
      if (Object.keys(errors).length) throw validationError(errors);
      const table = lensSuppliers as unknown as VersionedTable;
      await db.transaction(async (txx) => {
        const tx = txx as unknown as Db;
        // The supplier's version moves with its delivery outlets, so two administrators cannot both replace them.
        const [row] = await tx
          .update(lensSuppliers)
          .set(nextVersion(table, staff))
          .where(matchVersion(table, id, version))
          .returning({ id: lensSuppliers.id });
        if (!row) throw await stale(tx, lensSuppliers, id, version, staff);
        await tx.delete(supplierDeliveryOutlets).where(eq(supplierDeliveryOutlets.supplierId, id));
        if (list.length)
          await tx
            .insert(supplierDeliveryOutlets)
            .values(list.map((d) => ({ supplierId: id, regionId: d.region_id, outletId: d.outlet_id })));
      });
      return one(id);
    },
  };
}
export type SuppliersService = ReturnType<typeof createSuppliersService>;
