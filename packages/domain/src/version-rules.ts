import { formatWhen } from "./dates";
/**
 * Optimistic locking (ADR 0007): the words of a lost-edit refusal, used by the server's 409 and by
 * the web app when it re-formats the time in the outlet's zone.
 */

/** "23rd Nov 2026, 3:04pm" in the given IANA zone: the app's one style for an instant to the minute. */
export function formatChangeTime(at: Date | string, timeZone: string): string {
  return formatWhen(at, timeZone, "exact");
}

export interface VersionConflictFacts {
  /** Staff words for the record: "prescription", "customer", "PD"… */
  record: string;
  /** Full name of whoever changed it last; null when unknown (a deleted record, a system change). */
  by: string | null;
  /** When it was last changed. */
  at: Date | string;
  timeZone: string;
}

/** "This prescription was changed by Jane Smith at 23/11/2026 3:04 pm. Reload to see their changes." */
export function versionConflictMessage({ record, by, at, timeZone }: VersionConflictFacts): string {
  const who = by ? ` by ${by}` : " by someone else";
  return `This ${record} was changed${who} at ${formatChangeTime(at, timeZone)}. Reload to see their changes.`;
}

/** The 428's sentence: a versioned write came without the version it edited (ADR 0027). */
export const VERSION_REQUIRED = "Send the version you edited";
