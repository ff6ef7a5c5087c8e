import { DAY_DISPLAY_FORMAT, EXACT_TIME_DISPLAY_FORMAT, outletTimeZone } from "@loupe/domain";
import { useCallback } from "react";
import { formatDateTime } from "../../lib/format";
import { useCurrentOutlet, useCurrentUser, useOutlets } from "./use-reference-data";

/**
 * The IANA zone the signed-in user works in: their outlet's own (ADR 0035), else their region's
 * while the outlets load. "Today", a date filter's days and times that belong to no job use it.
 */
export function useUserTimeZone(): string {
  const { data: user } = useCurrentUser();
  const outlet = useCurrentOutlet();
  return outletTimeZone(outlet, user?.region_id);
}

/** The zone of an outlet by id (a job's, a record's), the user's own when it is not known. */
export function useOutletTimeZone(outletId: number | null | undefined): string {
  const { data: outlets } = useOutlets();
  const own = useUserTimeZone();
  const outlet = outletId == null ? undefined : outlets?.find((o) => o.id === outletId);
  return outlet ? outletTimeZone(outlet) : own;
}

/**
 * A formatter for timestamps in a zone, "Do MMM YYYY, ha": the user's outlet's unless one is given
 * (a job's outlet's).
 * @example const formatDate = useFormatDateTime(); formatDate(row.created_at) // "3rd Mar 2026, 2pm"
 */
export function useFormatDateTime(format?: string, zone?: string) {
  const own = useUserTimeZone();
  const timeZone = zone ?? own;
  return useCallback(
    (value: string | Date | null | undefined) => formatDateTime(value, timeZone, format),
    [timeZone, format],
  );
}

/** The day of a timestamp on the user's calendar, "3rd Mar 2026". */
export const useFormatDay = (zone?: string) => useFormatDateTime(DAY_DISPLAY_FORMAT, zone);

/** A timestamp to the minute, "3rd Mar 2026, 3:29pm" (timelines, revisions). */
export const useFormatExact = (zone?: string) => useFormatDateTime(EXACT_TIME_DISPLAY_FORMAT, zone);
