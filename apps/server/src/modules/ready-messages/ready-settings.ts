import {
  READY_MESSAGE_DEFAULTS,
  type ReadyMessageSettingsInput,
  readyMessageSettingsSchema,
  readyStatusSlugs,
} from "@loupe/domain";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { AppError, notFound, validationError } from "../../platform/http/app-error";
import { regionExists } from "./ready-messages.queries";
import { readyMessageSettings } from "./ready-messages.tables";

/** A region's ready-message settings as the service uses them (defaults filled in). */
export interface ReadySettings {
  regionId: number;
  readyStatusSlugs: readonly string[];
  cancelWindowMinutes: number;
  quietStart: string;
  quietEnd: string;
  reminderDays: number[];
  smsTemplate: string;
  emailSubject: string;
  emailTemplate: string;
  /** 0 while the region uses the defaults (no row yet). */
  version: number;
}

const defaults = (regionId: number): ReadySettings => ({
  regionId,
  readyStatusSlugs: readyStatusSlugs(null),
  cancelWindowMinutes: READY_MESSAGE_DEFAULTS.cancelWindowMinutes,
  quietStart: READY_MESSAGE_DEFAULTS.quietStart,
  quietEnd: READY_MESSAGE_DEFAULTS.quietEnd,
  reminderDays: READY_MESSAGE_DEFAULTS.reminderDays,
  smsTemplate: READY_MESSAGE_DEFAULTS.smsTemplate,
  emailSubject: READY_MESSAGE_DEFAULTS.emailSubject,
  emailTemplate: READY_MESSAGE_DEFAULTS.emailTemplate,
  version: 0,
});

/** The region's settings, or the defaults where it has saved none. */
export async function readySettingsOf(db: Db, regionId: number): Promise<ReadySettings> {
  const [row] = await db
    .select()
    .from(readyMessageSettings)
    .where(eq(readyMessageSettings.regionId, regionId));
  if (!row) return defaults(regionId);
  choicesGeneration++;
  return { ...row, readyStatusSlugs: readyStatusSlugs(row.readyStatusSlugs) };
}

/** How long a process trusts its copy of the choices; a save in this process drops it at once. */
const CHOICES_MAX_AGE_MS = 30_000;
const choicesCache = new WeakMap<
  Db,
  { at: number; generation: number; data: Promise<Map<number, readonly string[]>> }
>();
let choicesGeneration = 0;

/**
 * Each region's own choice of ready statuses (the jobs module's workshop tabs, job rows and the
 * outlet's day read it through the `jobs.regionReadyStatuses` slot on every list call): read once
 * per process and kept as the reference lists are (reference-cache.ts), not one statement per
 * call. A region without a row is absent and gets the domain's default there.
 */
export function readyStatusChoices(db: Db): Promise<Map<number, readonly string[]>> {
  const hit = choicesCache.get(db);
  if (hit && hit.generation === choicesGeneration && Date.now() - hit.at < CHOICES_MAX_AGE_MS)
    return hit.data;
  const data = db
    .select({ regionId: readyMessageSettings.regionId, slugs: readyMessageSettings.readyStatusSlugs })
    .from(readyMessageSettings)
    .then((rows) => new Map<number, readonly string[]>(rows.map((r) => [r.regionId, r.slugs])));
  // A failed read is not kept: the next call asks again.
  data.catch(() => choicesCache.delete(db));
  choicesCache.set(db, { at: Date.now(), generation: choicesGeneration, data });
  return data;
}

/** Every region's saved settings (the reminder sweep applies each region's own). */
export const allReadySettings = (db: Db) => db.select().from(readyMessageSettings);

/**
 * Which job statuses mean "ready to collect" in the region: its own choice, else the domain's
 * default (`readyStatusSlugs`). The one server read of it; the late/ready tabs use it too.
 */
export async function regionReadyStatuses(db: Db, regionId: number): Promise<readonly string[]> {
  const [row] = await db
    .select({ slugs: readyMessageSettings.readyStatusSlugs })
    .from(readyMessageSettings)
    .where(eq(readyMessageSettings.regionId, regionId));
  return readyStatusSlugs(row?.slugs);
}

/**
 * Saves the region's settings. `version` is the one read (0 when the region had none): a stale
 * one answers 409, so two administrators never overwrite each other unseen.
 */
export async function saveReadySettings(
  db: Db,
  regionId: number,
  input: ReadyMessageSettingsInput & { version: number },
  staffId: number,
  knownSlugs: readonly string[],
): Promise<ReadySettings> {
  const parsed = readyMessageSettingsSchema.safeParse(input);
  if (!parsed.success) {
    const errors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues)
      (errors[String(issue.path[0] ?? "body")] ??= []).push(issue.message);
    throw validationError(errors);
  }
  const v = parsed.data;
  const unknown = v.ready_status_slugs.find((s) => !knownSlugs.includes(s));
  if (unknown) throw validationError({ ready_status_slugs: [`${unknown} is not a job status.`] });
  if (!(await regionExists(db, regionId))) throw notFound("Region");
  const values = {
    readyStatusSlugs: v.ready_status_slugs,
    cancelWindowMinutes: v.cancel_window_minutes,
    quietStart: v.quiet_start,
    quietEnd: v.quiet_end,
    reminderDays: v.reminder_days,
    smsTemplate: v.sms_template,
    emailSubject: v.email_subject,
    emailTemplate: v.email_template,
    updatedAt: new Date(),
    updatedBy: staffId,
  };
  const [row] =
    input.version === 0
      ? await db
          .insert(readyMessageSettings)
          .values({ regionId, ...values })
          .onConflictDoNothing()
          .returning()
      : await db
          .update(readyMessageSettings)
          .set({ ...values, version: sql`${readyMessageSettings.version} + 1` })
          .where(
            sql`${readyMessageSettings.regionId} = ${regionId} and ${readyMessageSettings.version} = ${input.version}`,
          )
          .returning();
  if (!row)
    throw new AppError(
      "conflict",
      "Someone changed these settings after you opened them. Reload to see their change, then save again.",
    );
  choicesGeneration++;
  return { ...row, readyStatusSlugs: readyStatusSlugs(row.readyStatusSlugs) };
}
