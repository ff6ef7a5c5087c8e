import type { RoleSettingsWire } from "@loupe/contract";
import {
  DEFAULT_ROLE_SETTINGS,
  isAdmin,
  ROLE_GUARDED_ACTIONS,
  ROLE_MESSAGES,
  type RoleSettings,
} from "@loupe/domain";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { readVersion } from "../../platform/db/versioning";
import { AppError, validationError } from "../../platform/http/app-error";
import type { StaffRow } from "../staff";
import { regionIds, settingsWithEditor } from "./settings.queries";
import { roleSettings } from "./settings.tables";

const ROW_ID = 1;

/**
 * A stored record over the defaults, action by action: a guarded action added to the domain after
 * the record was saved takes its default roles instead of leaving everyone out.
 */
function withDefaults(stored: Partial<RoleSettings> | null | undefined): RoleSettings {
  const roles = { ...DEFAULT_ROLE_SETTINGS.roles };
  for (const action of ROLE_GUARDED_ACTIONS) {
    const list = stored?.roles?.[action];
    if (Array.isArray(list)) roles[action] = list;
  }
  return { roles, approvalAboveMinor: { ...(stored?.approvalAboveMinor ?? {}) } };
}

/**
 * The chain's role settings and their version (ADR 0022): what the rulebook asks roleMay and
 * approvalLimitMinor with. Before an administrator first saves, the domain's defaults at version 1.
 */
export async function readRoleSettings(db: Db): Promise<RoleSettings & { version: number }> {
  const [row] = await db.select().from(roleSettings).where(eq(roleSettings.id, ROW_ID));
  return { ...withDefaults(row?.settings as Partial<RoleSettings> | undefined), version: row?.version ?? 1 };
}

async function readWire(db: Db): Promise<RoleSettingsWire> {
  const [row] = await settingsWithEditor(db, ROW_ID);
  return {
    settings: withDefaults(row?.record.settings as Partial<RoleSettings> | undefined),
    version: row?.record.version ?? 1,
    updated_at: row ? row.record.updatedAt.toISOString() : null,
    updated_by:
      row?.record.updatedBy != null && row.firstName != null
        ? { id: row.record.updatedBy, full_name: `${row.firstName} ${row.lastName ?? ""}`.trim() }
        : null,
  };
}

export function createSettingsService({ db }: { db: Db }) {
  return {
    /** Every signed-in member reads them: the screens hide the controls a role may not use. */
    read: () => readWire(db),

    /** Replaces the settings, checked against the version read (required: 428 without it, 409 stale). */
    async update(actor: StaffRow, settings: RoleSettings, versionInput: unknown): Promise<RoleSettingsWire> {
      if (!isAdmin(actor)) throw new AppError("forbidden", ROLE_MESSAGES.settingsAdminOnly);
      const expected = readVersion(versionInput);
      if (expected === undefined)
        throw new AppError("precondition_required", ROLE_MESSAGES.versionRequired, {
          version: [ROLE_MESSAGES.versionRequired],
        });
      const known = new Set((await regionIds(db)).map((r) => String(r.id)));
      const unknown = Object.keys(settings.approvalAboveMinor).filter((id) => !known.has(id));
      if (unknown.length)
        throw validationError(
          Object.fromEntries(
            unknown.map((id) => [`settings.approvalAboveMinor.${id}`, ["The region does not exist."]]),
          ),
        );
      const updated = await db.transaction(async (txx) => {
        const tx = txx as unknown as Db;
        // The record exists from the first save on; until then the defaults stand at version 1.
        await tx
          .insert(roleSettings)
          .values({ id: ROW_ID, settings: DEFAULT_ROLE_SETTINGS, version: 1 })
          .onConflictDoNothing();
        // Check and write in one statement (ADR 0007): of two saves from the same read, one wins.
        return tx
          .update(roleSettings)
          .set({
            settings,
            version: sql`${roleSettings.version} + 1`,
            updatedBy: actor.id,
            updatedAt: new Date(),
          })
          .where(and(eq(roleSettings.id, ROW_ID), eq(roleSettings.version, expected)))
          .returning();
      });
      if (!updated.length) {
        const current = await readWire(db);
        throw new AppError("conflict", ROLE_MESSAGES.settingsConflict, undefined, {
          versionConflict: {
            record: "role settings",
            id: ROW_ID,
            expected_version: expected,
            current_version: current.version,
            updated_at: current.updated_at ?? new Date().toISOString(),
            updated_by: current.updated_by,
          },
        });
      }
      return readWire(db);
    },
  };
}
