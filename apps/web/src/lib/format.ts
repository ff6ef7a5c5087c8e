import { timeZoneForRegion } from "@loupe/domain";
import dayjs from "dayjs";
import "dayjs/locale/en-au.js";
import advancedFormat from "dayjs/plugin/advancedFormat.js";
import timezone from "dayjs/plugin/timezone.js";
import utc from "dayjs/plugin/utc.js";

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.extend(advancedFormat);
dayjs.locale("en-au");

export { dayjs };

export const DATE_DISPLAY_FORMAT = "Do MMM YYYY, ha";

/** A timestamp shown the spec's way ("Do MMM YYYY, ha") in the zone of the given region. */
export function formatDateTime(value: string | Date | null | undefined, regionId?: number | null): string {
  if (!value) return "";
  return dayjs(value).tz(timeZoneForRegion(regionId)).format(DATE_DISPLAY_FORMAT);
}

export function formatDate(value: string | null | undefined): string {
  return value ? dayjs(value).format("DD/MM/YYYY") : "";
}

export function formatMoney(amount: number | string | null | undefined): string {
  const n = Number(amount ?? 0);
  return n.toLocaleString("en-AU", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}
