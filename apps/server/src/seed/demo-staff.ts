import { MANAGER_ROLE_ID, timeZoneForState } from "@loupe/domain";
import { sql } from "drizzle-orm";
import { hashPassword } from "../modules/auth/auth.service";
import { outlets } from "../modules/reference/reference.tables";
import { invalidateReferenceData } from "../modules/reference/reference-cache";
import { staffUsers } from "../modules/staff/staff.tables";
import type { Db } from "../platform/db/client";

export const DEMO_LOGIN = { email: "admin@loupe.test", password: "LoupeDemo1" } as const;

/** One manager per region (ADR 0022): they approve refunds above the region's limit. Same password as the admin. */
export const DEMO_MANAGERS = [
  { email: "mia@loupe.test", region: "AU" },
  { email: "tane@loupe.test", region: "NZ" },
  { email: "claire@loupe.test", region: "CA" },
] as const;

/** Outlets per region; Brunswick (excluded from the selector) and Newtown (the default) are named by the spec. */
const OUTLETS: Record<
  number,
  {
    name: string;
    abbreviation: string;
    /** A street the outlet could be on, and a number in that city's numbering plan (valid, checked by libphonenumber). */
    street: string;
    phone: string;
    city: string;
    state: string;
    postcode: string;
    active?: boolean;
  }[]
> = {
  1: [
    {
      name: "Newtown",
      abbreviation: "NTN",
      street: "275 King Street",
      phone: "+61 2 9557 4120",
      city: "Sydney",
      state: "NSW",
      postcode: "2042",
    },
    {
      name: "Brunswick",
      abbreviation: "BRU",
      street: "380 Sydney Road",
      phone: "+61 3 9387 2210",
      city: "Melbourne",
      state: "VIC",
      postcode: "3056",
    },
    {
      name: "Bondi Junction",
      abbreviation: "BON",
      street: "500 Oxford Street",
      phone: "+61 2 9389 6015",
      city: "Sydney",
      state: "NSW",
      postcode: "2022",
    },
    {
      name: "Chatswood",
      abbreviation: "CHA",
      street: "1 Anderson Street",
      phone: "+61 2 9411 3380",
      city: "Sydney",
      state: "NSW",
      postcode: "2067",
    },
    {
      name: "Parramatta",
      abbreviation: "PAR",
      street: "159 Church Street",
      phone: "+61 2 9635 7742",
      city: "Sydney",
      state: "NSW",
      postcode: "2150",
    },
    {
      name: "Fitzroy",
      abbreviation: "FIT",
      street: "250 Brunswick Street",
      phone: "+61 3 9417 5530",
      city: "Melbourne",
      state: "VIC",
      postcode: "3065",
    },
    {
      name: "South Yarra",
      abbreviation: "SYA",
      street: "550 Chapel Street",
      phone: "+61 3 9826 1904",
      city: "Melbourne",
      state: "VIC",
      postcode: "3141",
    },
    {
      name: "Fortitude Valley",
      abbreviation: "FVA",
      street: "45 James Street",
      phone: "+61 7 3252 8817",
      city: "Brisbane",
      state: "QLD",
      postcode: "4006",
    },
    {
      name: "Paddington",
      abbreviation: "PAD",
      street: "200 Given Terrace",
      phone: "+61 7 3369 4402",
      city: "Brisbane",
      state: "QLD",
      postcode: "4064",
    },
    {
      name: "Fremantle",
      abbreviation: "FRE",
      street: "52 Market Street",
      phone: "+61 8 9335 6128",
      city: "Perth",
      state: "WA",
      postcode: "6160",
    },
    {
      name: "Norwood",
      abbreviation: "NOR",
      street: "175 The Parade",
      phone: "+61 8 8332 9071",
      city: "Adelaide",
      state: "SA",
      postcode: "5067",
    },
    {
      name: "Canberra Centre",
      abbreviation: "CBR",
      street: "148 Bunda Street",
      phone: "+61 2 6247 3315",
      city: "Canberra",
      state: "ACT",
      postcode: "2601",
    },
    {
      name: "Hobart",
      abbreviation: "HOB",
      street: "120 Elizabeth Street",
      phone: "+61 3 6234 5590",
      city: "Hobart",
      state: "TAS",
      postcode: "7000",
      active: false,
    },
    {
      name: "Online Store AU",
      abbreviation: "ONLAU",
      street: "1 Martin Place",
      phone: "+61 2 9221 0400",
      city: "Sydney",
      state: "NSW",
      postcode: "2000",
    },
  ],
  2: [
    {
      name: "Ponsonby",
      abbreviation: "PON",
      street: "150 Ponsonby Road",
      phone: "+64 9 376 4150",
      city: "Auckland",
      state: "AUK",
      postcode: "1011",
    },
    {
      name: "Newmarket",
      abbreviation: "NMK",
      street: "277 Broadway",
      phone: "+64 9 524 8830",
      city: "Auckland",
      state: "AUK",
      postcode: "1023",
    },
    {
      name: "Takapuna",
      abbreviation: "TAK",
      street: "25 Hurstmere Road",
      phone: "+64 9 489 2271",
      city: "Auckland",
      state: "AUK",
      postcode: "0622",
    },
    {
      name: "Sylvia Park",
      abbreviation: "SYL",
      street: "286 Mount Wellington Highway",
      phone: "+64 9 570 3318",
      city: "Auckland",
      state: "AUK",
      postcode: "1060",
    },
    {
      name: "Wellington CBD",
      abbreviation: "WLG",
      street: "100 Lambton Quay",
      phone: "+64 4 472 6604",
      city: "Wellington",
      state: "WGN",
      postcode: "6011",
    },
    {
      name: "Lower Hutt",
      abbreviation: "LHT",
      street: "230 High Street",
      phone: "+64 4 569 7712",
      city: "Lower Hutt",
      state: "WGN",
      postcode: "5010",
    },
    {
      name: "Riccarton",
      abbreviation: "RIC",
      street: "129 Riccarton Road",
      phone: "+64 3 348 9925",
      city: "Christchurch",
      state: "CAN",
      postcode: "8011",
    },
    {
      name: "Hamilton",
      abbreviation: "HAM",
      street: "400 Victoria Street",
      phone: "+64 7 839 4416",
      city: "Hamilton",
      state: "WKO",
      postcode: "3204",
    },
    {
      name: "Tauranga",
      abbreviation: "TGA",
      street: "60 Devonport Road",
      phone: "+64 7 578 2203",
      city: "Tauranga",
      state: "BOP",
      postcode: "3110",
    },
    {
      name: "Dunedin",
      abbreviation: "DUD",
      street: "200 George Street",
      phone: "+64 3 477 8851",
      city: "Dunedin",
      state: "OTA",
      postcode: "9016",
    },
    {
      name: "Nelson",
      abbreviation: "NSN",
      street: "150 Trafalgar Street",
      phone: "+64 3 548 1197",
      city: "Nelson",
      state: "NSN",
      postcode: "7010",
    },
    {
      name: "Queenstown",
      abbreviation: "ZQN",
      street: "30 Shotover Street",
      phone: "+64 3 442 6630",
      city: "Queenstown",
      state: "OTA",
      postcode: "9300",
      active: false,
    },
  ],
  5: [
    {
      name: "Queen West",
      abbreviation: "QWT",
      street: "700 Queen Street West",
      phone: "+1 416 363 2841",
      city: "Toronto",
      state: "ON",
      postcode: "M6J 1H3",
    },
    {
      name: "Yorkville",
      abbreviation: "YKV",
      street: "100 Bloor Street West",
      phone: "+1 416 922 4470",
      city: "Toronto",
      state: "ON",
      postcode: "M5R 1B2",
    },
    {
      name: "Leslieville",
      abbreviation: "LES",
      street: "1000 Queen Street East",
      phone: "+1 416 465 3392",
      city: "Toronto",
      state: "ON",
      postcode: "M4M 1H5",
    },
    {
      name: "The Annex",
      abbreviation: "ANX",
      street: "500 Bloor Street West",
      phone: "+1 416 531 7708",
      city: "Toronto",
      state: "ON",
      postcode: "M5R 2E6",
    },
    {
      name: "Mile End",
      abbreviation: "MIL",
      street: "5200 Boulevard Saint-Laurent",
      phone: "+1 514 277 4521",
      city: "Montreal",
      state: "QC",
      postcode: "H2T 1S6",
    },
    {
      name: "Plateau",
      abbreviation: "PLA",
      street: "4200 Rue Saint-Denis",
      phone: "+1 514 843 6614",
      city: "Montreal",
      state: "QC",
      postcode: "H2J 2L5",
    },
    {
      name: "Kitsilano",
      abbreviation: "KIT",
      street: "2200 West 4th Avenue",
      phone: "+1 604 736 2095",
      city: "Vancouver",
      state: "BC",
      postcode: "V6K 2G1",
    },
    {
      name: "Gastown",
      abbreviation: "GAS",
      street: "300 Water Street",
      phone: "+1 604 681 4473",
      city: "Vancouver",
      state: "BC",
      postcode: "V6B 1B6",
    },
    {
      name: "Westboro",
      abbreviation: "WES",
      street: "350 Richmond Road",
      phone: "+1 613 722 5580",
      city: "Ottawa",
      state: "ON",
      postcode: "K1Y 2N7",
    },
    {
      name: "Kensington",
      abbreviation: "KEN",
      street: "1200 Kensington Road NW",
      phone: "+1 403 283 9361",
      city: "Calgary",
      state: "AB",
      postcode: "T2N 3P5",
    },
    {
      name: "Whyte Ave",
      abbreviation: "WHY",
      street: "10300 82 Avenue NW",
      phone: "+1 780 433 2716",
      city: "Edmonton",
      state: "AB",
      postcode: "T6E 1Z9",
    },
    {
      name: "Halifax",
      abbreviation: "HFX",
      street: "1600 Barrington Street",
      phone: "+1 902 422 8805",
      city: "Halifax",
      state: "NS",
      postcode: "B3J 1T4",
      active: false,
    },
  ],
};

const COUNTRY: Record<number, string> = { 1: "AU", 2: "NZ", 5: "CA" };

const STAFF = [
  {
    email: DEMO_LOGIN.email,
    username: "admin",
    firstName: "Avery",
    lastName: "Admin",
    roleId: 1,
    isBetaUser: true,
    outlet: "NTN",
  },
  {
    email: "sam@loupe.test",
    username: "sam",
    firstName: "Sam",
    lastName: "Nguyen",
    roleId: 2,
    isBetaUser: false,
    outlet: "BON",
  },
  {
    email: "riley@loupe.test",
    username: "riley",
    firstName: "Riley",
    lastName: "Walker",
    roleId: 2,
    isBetaUser: true,
    outlet: "FIT",
  },
  {
    email: "aroha@loupe.test",
    username: "aroha",
    firstName: "Aroha",
    lastName: "Ngata",
    roleId: 2,
    isBetaUser: false,
    outlet: "PON",
  },
  {
    email: "jordan@loupe.test",
    username: "jordan",
    firstName: "Jordan",
    lastName: "Tremblay",
    roleId: 2,
    isBetaUser: false,
    outlet: "QWT",
  },
  // A user with no outlet selected, who gets Newtown in the selector (spec §6); home is Newtown.
  {
    email: "casey@loupe.test",
    username: "casey",
    firstName: "Casey",
    lastName: "Lee",
    roleId: 2,
    isBetaUser: false,
    outlet: null,
    home: "NTN",
  },
  // Managers, one per region (DEMO_MANAGERS).
  {
    email: "mia@loupe.test",
    username: "mia",
    firstName: "Mia",
    lastName: "Thompson",
    roleId: MANAGER_ROLE_ID,
    isBetaUser: false,
    outlet: "CHA",
  },
  {
    email: "tane@loupe.test",
    username: "tane",
    firstName: "Tane",
    lastName: "Parata",
    roleId: MANAGER_ROLE_ID,
    isBetaUser: false,
    outlet: "NMK",
  },
  {
    email: "claire@loupe.test",
    username: "claire",
    firstName: "Claire",
    lastName: "Gagnon",
    roleId: MANAGER_ROLE_ID,
    isBetaUser: false,
    outlet: "YKV",
  },
];

/** Outlets and staff. Skipped when outlets exist, so a restart never duplicates the demo. */
export async function seedDemoStaff(db: Db): Promise<boolean> {
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(outlets);
  if (n > 0) return false;
  const rows = Object.entries(OUTLETS).flatMap(([regionId, list]) =>
    list.map((o) => ({
      name: o.name,
      abbreviation: o.abbreviation,
      regionId: Number(regionId),
      isActive: o.active ?? true,
      email: `${o.abbreviation.toLowerCase()}@loupe.test`,
      phone: o.phone,
      address1: o.street,
      // The online store is a warehouse in the city, not a suburb named after itself.
      suburb: o.abbreviation.startsWith("ONL") ? o.city : o.name,
      city: o.city,
      state: o.state,
      postcode: o.postcode,
      country: COUNTRY[Number(regionId)],
      timeZone: timeZoneForState(COUNTRY[Number(regionId)], o.state),
    })),
  );
  const inserted = await db.insert(outlets).values(rows).returning();
  invalidateReferenceData();
  const byAbbr = new Map(inserted.map((o) => [o.abbreviation, o]));
  const passwordHash = await hashPassword(DEMO_LOGIN.password);
  await db.insert(staffUsers).values(
    STAFF.map((s) => {
      const outlet = s.outlet ? byAbbr.get(s.outlet) : undefined;
      // Home is where they work, unless the demo gives one apart (Casey, who has selected none).
      const home = byAbbr.get(("home" in s ? s.home : undefined) ?? s.outlet ?? "NTN");
      return {
        email: s.email,
        username: s.username,
        firstName: s.firstName,
        lastName: s.lastName,
        roleId: s.roleId,
        isBetaUser: s.isBetaUser,
        passwordHash,
        outletId: outlet?.id ?? null,
        regionId: outlet?.regionId ?? 1,
        homeOutletId: home?.id ?? null,
        homeRegionId: home?.regionId ?? 1,
      };
    }),
  );
  return true;
}
