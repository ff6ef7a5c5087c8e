// Business constants of the spec (customers-area §9, jobs-area §9), in one place.

export const REGION = { AU: 1, NZ: 2, CA: 5, AU_HEAD_OFFICE: 6 } as const;

/** Region 6 is the head office: the nav treats it as Australia (spec §9). */
export const navRegionId = (regionId: number | null | undefined): number =>
  regionId === REGION.AU_HEAD_OFFICE || regionId == null ? REGION.AU : regionId;

export const DEFAULT_TIME_ZONE = "Australia/Sydney";
/**
 * The outlet's zone: Canada (region 5) on Toronto time, New Zealand on Auckland time (as the
 * regions' reference data says; the spec's "every other region on Sydney time" would show NZ staff
 * the wrong day near midnight, ADR 0010), Australia and the head office on Sydney time.
 */
export const timeZoneForRegion = (regionId: number | null | undefined): string =>
  regionId === REGION.CA
    ? "America/Toronto"
    : regionId === REGION.NZ
      ? "Pacific/Auckland"
      : DEFAULT_TIME_ZONE;

export const CURRENCIES = ["AUD", "CAD", "NZD"] as const;
export type Currency = (typeof CURRENCIES)[number];
export const defaultCurrencyForCountry = (countryCode: string | null | undefined): Currency =>
  countryCode === "CA" ? "CAD" : countryCode === "NZ" ? "NZD" : "AUD";

export const PAGE_SIZE = {
  customers: 15,
  referrals: 15,
  onlineJobs: 15,
  newsletter: 30,
  staff: 100,
  orderLink: 10,
} as const;
export const PAGINATION_BUTTONS = 7;

export const ALERT_COUNTDOWN_SECONDS = 5;
export const BANNER_Z_INDEX = 2000;

const DAY = 24 * 60 * 60 * 1000;
/** Browser cache lifetimes by list (spec §9). */
export const CACHE_LIFETIME_MS = {
  regions: 7 * DAY,
  pdSources: 7 * DAY,
  statuses: 7 * DAY,
  prescriptionTypes: 7 * DAY,
  prescriptionSources: 7 * DAY,
  colours: 7 * DAY,
  me: 7 * DAY,
  refundReasons: 7 * DAY,
  outlets: DAY,
  lensSuppliers: DAY,
  staffs: DAY,
} as const;
export type CachedList = keyof typeof CACHE_LIFETIME_MS;

export const SEARCH_MIN_LENGTH = 3;
export const SEARCH_TOO_SHORT = "Please enter at least 3 characters to search.";
export const isSearchTooShort = (q: string | null | undefined): boolean =>
  q != null && q.trim() !== "" && q.trim().length < SEARCH_MIN_LENGTH;

export const PRIORITY = { normal: 1, urgent: 2 } as const;
export const ONLINE_CHANNEL_ID = 4;
export const REFUNDED_QUANTITY = -1;
export const STORE_PICKUP_DELIVERY_TYPE_ID = 1;
export const ADMIN_ROLE_ID = 1;
export const STAFF_ROLE_ID = 2;
/** Not in the spec (it names roles 1 and 2): a chain's outlet or area manager (ADR 0022). */
export const MANAGER_ROLE_ID = 3;
/** The roles a staff user can hold (staff_users.role_id); there is no role table, these are all. */
export const ROLE_IDS: readonly number[] = [ADMIN_ROLE_ID, STAFF_ROLE_ID, MANAGER_ROLE_ID];
export const ROLE_LABELS: Record<number, string> = {
  [ADMIN_ROLE_ID]: "Administrator",
  [STAFF_ROLE_ID]: "Staff",
  [MANAGER_ROLE_ID]: "Manager",
};
export const isAdmin = (user: { role_id?: number; roleId?: number }): boolean =>
  (user.role_id ?? user.roleId) === ADMIN_ROLE_ID;

/** The location selector never offers Brunswick; a user without an outlet gets Newtown (spec §6). */
export const EXCLUDED_OUTLET_NAME = "Brunswick";
export const DEFAULT_OUTLET_NAME = "Newtown";

/** The location selector's rule (spec §6), the same on the server: active, and never Brunswick. */
export const isSelectableOutlet = (outlet: { name: string; is_active?: boolean; isActive?: boolean }) =>
  (outlet.is_active ?? outlet.isActive) === true && outlet.name !== EXCLUDED_OUTLET_NAME;
export const outletNotSelectable = (name: string) =>
  `The outlet ${name} cannot be chosen as your location. Choose another outlet.`;

export const DEFAULT_GUEST_LENS_TYPE_ID = 3;
export const PRESCRIPTION_TYPE = { spectacle: 1, contactLens: 2 } as const;
export const GUEST_LABEL = "Guest";
