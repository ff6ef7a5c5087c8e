import { DAY_DISPLAY_FORMAT, timeZoneForRegion } from "@loupe/domain";
import { useCallback } from "react";
import { formatDateTime } from "../../lib/format";
import { useCurrentOutlet, useCurrentUser } from "./use-reference-data";

/** The zone the signed-in user works in: their outlet's region, else their own (spec §9). */
export function useUserTimeZoneRegion(): number | null {
  const { data: user } = useCurrentUser();
  const outlet = useCurrentOutlet();
  return outlet?.region_id ?? user?.region_id ?? null;
}

/** The IANA zone, e.g. for a date picker or dayjs.tz. */
export const useUserTimeZone = () => timeZoneForRegion(useUserTimeZoneRegion());

/**
 * A formatter for timestamps in the user's zone, "Do MMM YYYY, ha".
 * @example const formatDate = useFormatDateTime(); formatDate(row.created_at) // "3rd Mar 2026, 2pm"
 */
export function useFormatDateTime(format?: string) {
  const regionId = useUserTimeZoneRegion();
  return useCallback(
    (value: string | Date | null | undefined) => formatDateTime(value, regionId, format),
    [regionId, format],
  );
}

/** The day of a timestamp on the user's calendar, "3rd Mar 2026". */
export const useFormatDay = () => useFormatDateTime(DAY_DISPLAY_FORMAT);
