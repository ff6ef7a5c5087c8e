import {
  DATE_TIME_DISPLAY_FORMAT,
  dayjs,
  formatCalendarDate,
  formatInstantForRegion,
  formatMoney as formatMoneyIn,
} from "@loupe/domain";

// The web app's formatting is the domain's (packages/domain/src/dates.ts), tested there.
export { dayjs };

export const DATE_DISPLAY_FORMAT = DATE_TIME_DISPLAY_FORMAT;

/** A timestamp shown the spec's way ("Do MMM YYYY, ha") in the zone of the given region. */
export function formatDateTime(
  value: string | Date | null | undefined,
  regionId?: number | null,
  format = DATE_TIME_DISPLAY_FORMAT,
): string {
  return formatInstantForRegion(value, regionId, format);
}

/** A calendar date (date of birth): DD/MM/YYYY, never shifted by a zone. */
export const formatDate = formatCalendarDate;

/** An amount in the job's or region's currency (Intl, en-AU). */
export const formatMoney = (amount: number | string | null | undefined, currency: string): string =>
  formatMoneyIn(amount, currency);
