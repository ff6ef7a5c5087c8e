import { DEFAULT_TIME_ZONE, timeZoneForRegion } from "./constants";

// Each outlet keeps its own IANA zone (ADR 0035): a chain spans Perth to Sydney and Vancouver to
// Halifax, so the region's one zone put Perth receipts three hours ahead and Edmonton dockets on
// Toronto time. The lists are the zones an administrator may pick for an outlet of each country;
// anything else is refused by name, so a typo never reaches a receipt.

/** The zones an outlet of each country may use, west to east, with the label staff read. */
export const OUTLET_TIME_ZONES: Record<"AU" | "NZ" | "CA", readonly { zone: string; label: string }[]> = {
  AU: [
    { zone: "Australia/Perth", label: "Perth (WA)" },
    { zone: "Australia/Eucla", label: "Eucla (WA, central western)" },
    { zone: "Australia/Darwin", label: "Darwin (NT)" },
    { zone: "Australia/Adelaide", label: "Adelaide (SA)" },
    { zone: "Australia/Broken_Hill", label: "Broken Hill (NSW, far west)" },
    { zone: "Australia/Brisbane", label: "Brisbane (QLD)" },
    { zone: "Australia/Lindeman", label: "Whitsundays (QLD)" },
    { zone: "Australia/Sydney", label: "Sydney (NSW, ACT)" },
    { zone: "Australia/Melbourne", label: "Melbourne (VIC)" },
    { zone: "Australia/Hobart", label: "Hobart (TAS)" },
    { zone: "Australia/Lord_Howe", label: "Lord Howe Island" },
  ],
  NZ: [
    { zone: "Pacific/Auckland", label: "New Zealand" },
    { zone: "Pacific/Chatham", label: "Chatham Islands" },
  ],
  CA: [
    { zone: "America/Vancouver", label: "Vancouver (BC, Pacific)" },
    { zone: "America/Edmonton", label: "Edmonton / Calgary (AB, Mountain)" },
    { zone: "America/Dawson_Creek", label: "Dawson Creek (BC, Mountain, no DST)" },
    { zone: "America/Whitehorse", label: "Whitehorse (YT)" },
    { zone: "America/Regina", label: "Regina (SK, no DST)" },
    { zone: "America/Winnipeg", label: "Winnipeg (MB, Central)" },
    { zone: "America/Toronto", label: "Toronto / Ottawa / Montreal (Eastern)" },
    { zone: "America/Halifax", label: "Halifax (NS, NB, PE, Atlantic)" },
    { zone: "America/St_Johns", label: "St. John's (NL)" },
  ],
};

/** Every zone an outlet may have, whatever its country. */
export const ALL_OUTLET_TIME_ZONES: readonly string[] = Object.values(OUTLET_TIME_ZONES).flatMap((l) =>
  l.map((z) => z.zone),
);

export const OUTLET_TIME_ZONE_MESSAGES = {
  invalid: "The time zone must be one of the outlet's country's zones.",
  saved: "Outlet time zone saved.",
  adminOnly: "Only administrators can change an outlet's time zone.",
} as const;

/** The zones an outlet in this country may choose (Australia's for an unknown country, as the region rule does). */
export const timeZonesForCountry = (countryCode: string | null | undefined) =>
  OUTLET_TIME_ZONES[(countryCode ?? "AU") as keyof typeof OUTLET_TIME_ZONES] ?? OUTLET_TIME_ZONES.AU;

/** Whether `zone` is one an outlet of that country may use. */
export const isOutletTimeZone = (zone: string, countryCode: string | null | undefined): boolean =>
  timeZonesForCountry(countryCode).some((z) => z.zone === zone);

// The zone of a state or province, for a new outlet and for the migration's first guess. A state
// split across zones (NSW's Broken Hill, BC's north-east) takes its larger part; an administrator
// corrects the rest in Settings.
const AU_STATE_ZONES: Record<string, string> = {
  NSW: "Australia/Sydney",
  ACT: "Australia/Sydney",
  VIC: "Australia/Melbourne",
  QLD: "Australia/Brisbane",
  SA: "Australia/Adelaide",
  WA: "Australia/Perth",
  TAS: "Australia/Hobart",
  NT: "Australia/Darwin",
};
const CA_PROVINCE_ZONES: Record<string, string> = {
  BC: "America/Vancouver",
  AB: "America/Edmonton",
  SK: "America/Regina",
  MB: "America/Winnipeg",
  ON: "America/Toronto",
  QC: "America/Toronto",
  NB: "America/Halifax",
  NS: "America/Halifax",
  PE: "America/Halifax",
  NL: "America/St_Johns",
  YT: "America/Whitehorse",
  NT: "America/Edmonton",
  NU: "America/Toronto",
};

/** The zone an outlet in this country and state most likely keeps. */
export function timeZoneForState(
  countryCode: string | null | undefined,
  state: string | null | undefined,
): string {
  const s = (state ?? "").trim().toUpperCase();
  if (countryCode === "AU") return AU_STATE_ZONES[s] ?? DEFAULT_TIME_ZONE;
  if (countryCode === "CA") return CA_PROVINCE_ZONES[s] ?? "America/Toronto";
  if (countryCode === "NZ") return "Pacific/Auckland";
  return DEFAULT_TIME_ZONE;
}

/**
 * The zone to show an instant in: the outlet's own when known, else its region's (an outlet list
 * not yet loaded, an old cached copy without the field).
 */
export const outletTimeZone = (
  outlet:
    | { time_zone?: string | null; timeZone?: string | null; region_id?: number | null }
    | null
    | undefined,
  regionId?: number | null,
): string => outlet?.time_zone ?? outlet?.timeZone ?? timeZoneForRegion(outlet?.region_id ?? regionId);
