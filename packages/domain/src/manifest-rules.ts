// End-of-day manifests (issue 14): each Australian outlet hands its day's parcels to the carrier
// at a local time of its own. The rules for "is it time, and which day" live here, once.

import { z } from "zod";
import { dayjs } from "./dates";

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * MANIFEST_TIMES: the default local time, then per-outlet overrides by abbreviation, e.g.
 * "17:30" or "17:30,NTN=16:00,BON=18:15"; "off" turns the end-of-day run off (staff can still
 * run it from the screen).
 */
export const manifestTimesSchema = z
  .string()
  .trim()
  .transform((text, ctx) => {
    if (text === "off") return null;
    const [first, ...rest] = text.split(",").map((p) => p.trim());
    const byOutlet: Record<string, string> = {};
    if (!TIME.test(first)) ctx.addIssue({ code: "custom", message: `"${first}" is not a time (HH:MM).` });
    for (const pair of rest) {
      const [abbr, at] = pair.split("=").map((p) => p.trim());
      if (!abbr || !TIME.test(at ?? ""))
        ctx.addIssue({ code: "custom", message: `"${pair}" is not OUTLET=HH:MM.` });
      else byOutlet[abbr.toUpperCase()] = at;
    }
    return { default: first, byOutlet };
  });
export type ManifestTimes = z.output<typeof manifestTimesSchema>;

/** The outlet's local day at `now` (YYYY-MM-DD), the day its manifest closes. */
export const localDay = (now: Date, timeZone: string) => dayjs(now).tz(timeZone).format("YYYY-MM-DD");

/** Whether the outlet's end-of-day time has passed today in its own time zone. */
export function manifestDue(
  times: ManifestTimes,
  outlet: { abbreviation: string; timeZone: string },
  now: Date,
): boolean {
  if (!times) return false;
  const at = times.byOutlet[outlet.abbreviation.toUpperCase()] ?? times.default;
  return dayjs(now).tz(outlet.timeZone).format("HH:mm") >= at;
}

/** Our reference for a manifest at the carrier: one per outlet and day, so a repeat finds the first. */
export const manifestReference = (outletId: number, day: string) => `LOUPE-${outletId}-${day}`;
