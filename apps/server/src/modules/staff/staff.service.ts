import type { StaffUserWire } from "@loupe/contract";
import { ADMIN_ROLE_ID, isSelectableOutlet, outletNotSelectable } from "@loupe/domain";
import { asc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { AppError, notFound, validationError } from "../../platform/http/app-error";
import { toOutletWire, toRegionWire } from "../reference/reference.mappers";
import { outlets, regions } from "../reference/reference.tables";
import { staffUsers } from "./staff.tables";

export type StaffRow = typeof staffUsers.$inferSelect;

export interface StaffChanges {
  region_id?: number;
  outlet_id?: number;
  first_name?: string;
  last_name?: string;
  profile_image?: string | null;
  role_id?: number;
  is_beta_user?: boolean;
}

export function createStaffService(db: Db) {
  async function toWire(rows: StaffRow[]): Promise<StaffUserWire[]> {
    const outletIds = [...new Set(rows.map((r) => r.outletId).filter((v): v is number => v != null))];
    const [outletRows, regionRows] = await Promise.all([
      outletIds.length
        ? db.select().from(outlets).where(inArray(outlets.id, outletIds))
        : Promise.resolve([]),
      db.select().from(regions),
    ]);
    const outletById = new Map(outletRows.map((o) => [o.id, o]));
    const regionById = new Map(regionRows.map((r) => [r.id, r]));
    return rows.map((r) => {
      const outlet = r.outletId != null ? outletById.get(r.outletId) : undefined;
      const region = r.regionId != null ? regionById.get(r.regionId) : undefined;
      return {
        id: r.id,
        role_id: r.roleId,
        is_beta_user: r.isBetaUser,
        first_name: r.firstName,
        last_name: r.lastName,
        full_name: `${r.firstName} ${r.lastName}`.trim(),
        email: r.email,
        username: r.username,
        profile_image: r.profileImage,
        region_id: r.regionId,
        outlet_id: r.outletId,
        outlet: outlet ? toOutletWire(outlet) : null,
        region: region ? toRegionWire(region) : null,
      };
    });
  }

  async function update(id: number, changes: StaffChanges): Promise<StaffUserWire> {
    const [current] = await db.select().from(staffUsers).where(eq(staffUsers.id, id));
    if (!current) throw notFound("User");
    const regionId = changes.region_id ?? current.regionId;
    if (changes.region_id !== undefined) {
      const [region] = await db.select().from(regions).where(eq(regions.id, changes.region_id));
      if (!region) throw validationError({ region_id: ["The selected region is invalid."] });
    }
    if (changes.outlet_id !== undefined) {
      const [outlet] = await db.select().from(outlets).where(eq(outlets.id, changes.outlet_id));
      if (!outlet) throw validationError({ outlet_id: ["The selected outlet is invalid."] });
      if (!isSelectableOutlet(outlet))
        throw validationError({ outlet_id: [outletNotSelectable(outlet.name)] });
      if (regionId != null && outlet.regionId !== regionId) {
        throw validationError({ outlet_id: ["The selected outlet is not in the selected region."] });
      }
    }
    const [row] = await db
      .update(staffUsers)
      .set({
        regionId,
        outletId: changes.outlet_id ?? current.outletId,
        firstName: changes.first_name ?? current.firstName,
        lastName: changes.last_name ?? current.lastName,
        profileImage: changes.profile_image === undefined ? current.profileImage : changes.profile_image,
        roleId: changes.role_id ?? current.roleId,
        isBetaUser: changes.is_beta_user ?? current.isBetaUser,
        updatedAt: new Date(),
      })
      .where(eq(staffUsers.id, id))
      .returning();
    return (await toWire([row]))[0];
  }

  return {
    toWire,
    async me(staff: StaffRow) {
      return (await toWire([staff]))[0];
    },
    updateMe: (staff: StaffRow, changes: StaffChanges) => {
      // Role and beta flag are an admin's decision, never a self-service change.
      const { role_id: _r, is_beta_user: _b, ...own } = changes;
      return update(staff.id, own);
    },
    updateUser(actor: StaffRow, id: number, changes: StaffChanges) {
      if (actor.id !== id && actor.roleId !== ADMIN_ROLE_ID) {
        throw new AppError("forbidden", "Only an administrator can change another user.");
      }
      if (
        actor.roleId !== ADMIN_ROLE_ID &&
        (changes.role_id !== undefined || changes.is_beta_user !== undefined)
      ) {
        throw new AppError("forbidden", "Only an administrator can change roles.");
      }
      return update(id, changes);
    },
    async list(limit: number) {
      const rows = await db
        .select()
        .from(staffUsers)
        .where(eq(staffUsers.isActive, true))
        .orderBy(asc(staffUsers.firstName), asc(staffUsers.lastName))
        .limit(limit);
      return toWire(rows);
    },
  };
}

export type StaffService = ReturnType<typeof createStaffService>;
