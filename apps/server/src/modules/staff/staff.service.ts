import type { StaffMemberWire, StaffUserWire } from "@loupe/contract";
import {
  ADMIN_ROLE_ID,
  isAdmin,
  isSelectableOutlet,
  navRegionId,
  outletNotSelectable,
  ROLE_MESSAGES,
} from "@loupe/domain";
import { and, asc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../platform/db/client";
import { readVersion, versionConflict } from "../../platform/db/versioning";
import { AppError, notFound, validationError } from "../../platform/http/app-error";
import { toOutletWire, toRegionWire } from "../reference";
import { allRegions, outletById, outletsByIds, regionById } from "./staff.queries";
import type { StaffAuth } from "./staff.slots";
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

export interface NewStaffMember {
  first_name: string;
  last_name: string;
  email: string;
  role_id: number;
  home_outlet_id: number;
}

export interface StaffMemberChanges {
  first_name?: string;
  last_name?: string;
  role_id?: number;
  home_outlet_id?: number;
  version?: number;
}

/** Sends the invitation of a member just added (the auth module's set-password link). */
export type InviteStaff = (member: StaffRow) => Promise<void>;

const adminOnly = (actor: StaffRow) => {
  if (!isAdmin(actor)) throw new AppError("forbidden", ROLE_MESSAGES.staffAdminOnly);
};

/** Staff management edits are checked against the version read; without one they are refused (428). */
const requiredVersion = (value: unknown): number => {
  const v = readVersion(value);
  if (v === undefined)
    throw new AppError("precondition_required", ROLE_MESSAGES.versionRequired, {
      version: [ROLE_MESSAGES.versionRequired],
    });
  return v;
};

const isUniqueViolation = (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === "23505" || e?.cause?.code === "23505";
};

/**
 * A non-administrator selects only outlets of their home region (ADR 0022). The head office
 * (region 6) counts as Australia, as the selector shows it. A user with no home region (a row made
 * by hand) is not limited.
 */
function checkInHomeRegion(
  target: StaffRow,
  roleId: number,
  changes: { region_id?: number; outletRegionId?: number },
) {
  if (roleId === ADMIN_ROLE_ID || target.homeRegionId == null) return;
  const home = navRegionId(target.homeRegionId);
  if (changes.region_id !== undefined && navRegionId(changes.region_id) !== home)
    throw validationError({ region_id: [ROLE_MESSAGES.regionOutsideHomeRegion] });
  if (changes.outletRegionId !== undefined && navRegionId(changes.outletRegionId) !== home)
    throw validationError({ outlet_id: [ROLE_MESSAGES.outletOutsideHomeRegion] });
}

/**
 * The new password of a member who followed a set-password link (the auth module's use case): staff
 * writes its own table.
 */
export async function setStaffPasswordHash(db: Db, staffId: number, passwordHash: string): Promise<void> {
  await db.update(staffUsers).set({ passwordHash, updatedAt: new Date() }).where(eq(staffUsers.id, staffId));
}

/**
 * `auth` answers what staff management asks about sessions (the auth module fills `staffAuthSlot`;
 * the routes hand a getter, read at call time). A service built without it (the sign-in's answer)
 * only shows members.
 */
export function createStaffService(db: Db, deps: { invite?: InviteStaff; auth?: () => StaffAuth } = {}) {
  const auth = () => {
    if (!deps.auth) throw new Error("staff service built without the auth module's sessions");
    return deps.auth();
  };
  async function toWire(rows: StaffRow[]): Promise<StaffUserWire[]> {
    const outletIds = [...new Set(rows.map((r) => r.outletId).filter((v): v is number => v != null))];
    const [outletRows, regionRows] = await Promise.all([
      outletIds.length ? outletsByIds(db, outletIds) : Promise.resolve([]),
      allRegions(db),
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
        home_region_id: r.homeRegionId,
        home_outlet_id: r.homeOutletId,
        outlet: outlet ? toOutletWire(outlet) : null,
        region: region ? toRegionWire(region) : null,
      };
    });
  }

  /** The management list's rows: the user's wire plus home location, state, version and last sign-in. */
  async function toMemberWires(rows: StaffRow[]): Promise<StaffMemberWire[]> {
    if (!rows.length) return [];
    const ids = rows.map((r) => r.id);
    const homeIds = [...new Set(rows.map((r) => r.homeOutletId).filter((v): v is number => v != null))];
    const [base, homeOutlets, regionRows, lastSignIns] = await Promise.all([
      toWire(rows),
      homeIds.length ? outletsByIds(db, homeIds) : Promise.resolve([]),
      allRegions(db),
      auth().lastSignIns(db, ids),
    ]);
    const outletById = new Map(homeOutlets.map((o) => [o.id, o]));
    const regionById = new Map(regionRows.map((r) => [r.id, r]));
    const lastById = new Map(lastSignIns.map((l) => [l.id, l.at]));
    return rows.map((r, i) => {
      const home = r.homeOutletId != null ? outletById.get(r.homeOutletId) : undefined;
      const homeRegion = r.homeRegionId != null ? regionById.get(r.homeRegionId) : undefined;
      const last = lastById.get(r.id);
      return {
        ...base[i],
        is_active: r.isActive,
        home_outlet: home ? toOutletWire(home) : null,
        home_region: homeRegion ? toRegionWire(homeRegion) : null,
        last_sign_in_at: last ? new Date(last).toISOString() : null,
        version: r.version,
      };
    });
  }

  async function update(id: number, changes: StaffChanges): Promise<StaffUserWire> {
    const [current] = await db.select().from(staffUsers).where(eq(staffUsers.id, id));
    if (!current) throw notFound("User");
    const regionId = changes.region_id ?? current.regionId;
    const roleId = changes.role_id ?? current.roleId;
    if (changes.region_id !== undefined) {
      const [region] = await regionById(db, changes.region_id);
      if (!region) throw validationError({ region_id: ["The selected region is invalid."] });
      checkInHomeRegion(current, roleId, { region_id: changes.region_id });
    }
    if (changes.outlet_id !== undefined) {
      const [outlet] = await outletById(db, changes.outlet_id);
      if (!outlet) throw validationError({ outlet_id: ["The selected outlet is invalid."] });
      if (!isSelectableOutlet(outlet))
        throw validationError({ outlet_id: [outletNotSelectable(outlet.name)] });
      if (regionId != null && outlet.regionId !== regionId) {
        throw validationError({ outlet_id: ["The selected outlet is not in the selected region."] });
      }
      checkInHomeRegion(current, roleId, { outletRegionId: outlet.regionId });
    }
    // Who the user is (name, role, beta) is what staff management edits; the location selector's
    // changes leave the version alone, so an administrator's open form is not made stale by them.
    const identityChanged =
      (changes.first_name !== undefined && changes.first_name !== current.firstName) ||
      (changes.last_name !== undefined && changes.last_name !== current.lastName) ||
      (changes.role_id !== undefined && changes.role_id !== current.roleId) ||
      (changes.is_beta_user !== undefined && changes.is_beta_user !== current.isBetaUser);
    const [row] = await db
      .update(staffUsers)
      .set({
        regionId,
        outletId: changes.outlet_id ?? current.outletId,
        firstName: changes.first_name ?? current.firstName,
        lastName: changes.last_name ?? current.lastName,
        profileImage: changes.profile_image === undefined ? current.profileImage : changes.profile_image,
        roleId,
        isBetaUser: changes.is_beta_user ?? current.isBetaUser,
        updatedAt: new Date(),
        ...(identityChanged ? { version: sql`${staffUsers.version} + 1` } : {}),
      })
      .where(eq(staffUsers.id, id))
      .returning();
    return (await toWire([row]))[0];
  }

  /** A home outlet an administrator may assign: it exists and staff could select it. */
  async function homeOutlet(outletId: number) {
    const [outlet] = await outletById(db, outletId);
    if (!outlet) throw validationError({ home_outlet_id: ["The selected home outlet is invalid."] });
    if (!isSelectableOutlet(outlet))
      throw validationError({ home_outlet_id: [outletNotSelectable(outlet.name)] });
    return outlet;
  }

  async function emailTaken(email: string, exceptId?: number) {
    const [other] = await db
      .select({ id: staffUsers.id })
      .from(staffUsers)
      .where(sql`lower(${staffUsers.email}) = ${email.toLowerCase()}`);
    return other !== undefined && other.id !== exceptId;
  }

  async function member(id: number): Promise<StaffMemberWire> {
    const [row] = await db.select().from(staffUsers).where(eq(staffUsers.id, id));
    if (!row) throw notFound("Staff member");
    return (await toMemberWires([row]))[0];
  }

  /** Sets `changes` on member `id` at `expected` version, in `tx`; 404 or 409 when nothing matched. */
  async function versionedSet(
    tx: Db,
    actor: StaffRow,
    id: number,
    expected: number,
    changes: Partial<typeof staffUsers.$inferInsert>,
  ): Promise<StaffRow> {
    const [row] = await tx
      .update(staffUsers)
      .set({
        ...changes,
        version: sql`${staffUsers.version} + 1`,
        updatedAt: new Date(),
        updatedBy: actor.id,
      })
      .where(and(eq(staffUsers.id, id), eq(staffUsers.version, expected)))
      .returning();
    if (row) return row;
    const editor = alias(staffUsers, "editor");
    const [current] = await tx
      .select({
        version: staffUsers.version,
        updatedAt: staffUsers.updatedAt,
        updatedBy: staffUsers.updatedBy,
        firstName: editor.firstName,
        lastName: editor.lastName,
      })
      .from(staffUsers)
      .leftJoin(editor, eq(editor.id, staffUsers.updatedBy))
      .where(eq(staffUsers.id, id));
    if (!current) throw notFound("Staff member");
    throw versionConflict("staff member", id, expected, current, actor);
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

    // -------------------------------------------------------------------------------------------
    // Staff management (administrators, ADR 0022)

    async listMembers(actor: StaffRow): Promise<StaffMemberWire[]> {
      adminOnly(actor);
      const rows = await db
        .select()
        .from(staffUsers)
        .orderBy(asc(staffUsers.firstName), asc(staffUsers.lastName), asc(staffUsers.id));
      return toMemberWires(rows);
    },

    /** Adds a member who signs in once they have chosen a password through the invitation's link. */
    async createMember(actor: StaffRow, input: NewStaffMember): Promise<StaffMemberWire> {
      adminOnly(actor);
      const outlet = await homeOutlet(input.home_outlet_id);
      const email = input.email.trim();
      if (await emailTaken(email)) throw validationError({ email: [ROLE_MESSAGES.emailTaken] });
      let row: StaffRow;
      try {
        [row] = await db
          .insert(staffUsers)
          .values({
            email,
            username: email.split("@")[0].slice(0, 100),
            firstName: input.first_name,
            lastName: input.last_name,
            // Nobody knows this password: the member sets their own through the invitation.
            passwordHash: `!invited:${crypto.randomUUID()}`,
            roleId: input.role_id,
            homeOutletId: outlet.id,
            homeRegionId: outlet.regionId,
            outletId: outlet.id,
            regionId: outlet.regionId,
            updatedBy: actor.id,
          })
          .returning();
      } catch (err) {
        // Two administrators adding the same address at once: the unique index decides.
        if (isUniqueViolation(err)) throw validationError({ email: [ROLE_MESSAGES.emailTaken] });
        throw err;
      }
      // After the member is committed: the e-mail goes through the outbox, never inside a transaction.
      await deps.invite?.(row);
      return (await toMemberWires([row]))[0];
    },

    async updateMember(actor: StaffRow, id: number, input: StaffMemberChanges): Promise<StaffMemberWire> {
      adminOnly(actor);
      const expected = requiredVersion(input.version);
      if (actor.id === id && input.role_id !== undefined && input.role_id !== ADMIN_ROLE_ID)
        throw validationError({ role_id: [ROLE_MESSAGES.cannotDemoteSelf] });
      const outlet = input.home_outlet_id !== undefined ? await homeOutlet(input.home_outlet_id) : undefined;
      const row = await db.transaction(async (txx) => {
        const tx = txx as unknown as Db;
        const [current] = await tx.select().from(staffUsers).where(eq(staffUsers.id, id));
        if (!current) throw notFound("Staff member");
        const changes: Partial<typeof staffUsers.$inferInsert> = {};
        if (input.first_name !== undefined) changes.firstName = input.first_name;
        if (input.last_name !== undefined) changes.lastName = input.last_name;
        if (input.role_id !== undefined) changes.roleId = input.role_id;
        if (outlet) {
          changes.homeOutletId = outlet.id;
          changes.homeRegionId = outlet.regionId;
          // A selected location outside the new home region could no longer be chosen: the member
          // starts at the new home outlet instead.
          if (current.regionId == null || navRegionId(current.regionId) !== navRegionId(outlet.regionId)) {
            changes.outletId = outlet.id;
            changes.regionId = outlet.regionId;
          }
        }
        return versionedSet(tx, actor, id, expected, changes);
      });
      // Read after the commit: inside the transaction every read must use it (PGlite has one connection).
      return (await toMemberWires([row]))[0];
    },

    /**
     * Disabling ends every session of the member in the same transaction: the `staff_users` and
     * `sessions` triggers tell every server process to forget its cached sessions (ADR 0020).
     */
    async disableMember(actor: StaffRow, id: number, version: unknown): Promise<StaffMemberWire> {
      adminOnly(actor);
      const expected = requiredVersion(version);
      if (actor.id === id) throw new AppError("forbidden", ROLE_MESSAGES.cannotDisableSelf);
      await db.transaction(async (txx) => {
        const tx = txx as unknown as Db;
        await versionedSet(tx, actor, id, expected, { isActive: false });
        await auth().revokeSessions(tx, id);
      });
      return member(id);
    },

    async enableMember(actor: StaffRow, id: number, version: unknown): Promise<StaffMemberWire> {
      adminOnly(actor);
      const expected = requiredVersion(version);
      await versionedSet(db, actor, id, expected, { isActive: true });
      return member(id);
    },
  };
}

export type StaffService = ReturnType<typeof createStaffService>;
