import { MANAGER_ROLE_ID } from "@loupe/domain";
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
  { name: string; abbreviation: string; city: string; state: string; postcode: string; active?: boolean }[]
> = {
  1: [
    { name: "Newtown", abbreviation: "NTN", city: "Sydney", state: "NSW", postcode: "2042" },
    { name: "Brunswick", abbreviation: "BRU", city: "Melbourne", state: "VIC", postcode: "3056" },
    { name: "Bondi Junction", abbreviation: "BON", city: "Sydney", state: "NSW", postcode: "2022" },
    { name: "Chatswood", abbreviation: "CHA", city: "Sydney", state: "NSW", postcode: "2067" },
    { name: "Parramatta", abbreviation: "PAR", city: "Sydney", state: "NSW", postcode: "2150" },
    { name: "Fitzroy", abbreviation: "FIT", city: "Melbourne", state: "VIC", postcode: "3065" },
    { name: "South Yarra", abbreviation: "SYA", city: "Melbourne", state: "VIC", postcode: "3141" },
    { name: "Fortitude Valley", abbreviation: "FVA", city: "Brisbane", state: "QLD", postcode: "4006" },
    { name: "Paddington", abbreviation: "PAD", city: "Brisbane", state: "QLD", postcode: "4064" },
    { name: "Fremantle", abbreviation: "FRE", city: "Perth", state: "WA", postcode: "6160" },
    { name: "Norwood", abbreviation: "NOR", city: "Adelaide", state: "SA", postcode: "5067" },
    { name: "Canberra Centre", abbreviation: "CBR", city: "Canberra", state: "ACT", postcode: "2601" },
    { name: "Hobart", abbreviation: "HOB", city: "Hobart", state: "TAS", postcode: "7000", active: false },
    { name: "Online Store AU", abbreviation: "ONLAU", city: "Sydney", state: "NSW", postcode: "2000" },
  ],
  2: [
    { name: "Ponsonby", abbreviation: "PON", city: "Auckland", state: "AUK", postcode: "1011" },
    { name: "Newmarket", abbreviation: "NMK", city: "Auckland", state: "AUK", postcode: "1023" },
    { name: "Takapuna", abbreviation: "TAK", city: "Auckland", state: "AUK", postcode: "0622" },
    { name: "Sylvia Park", abbreviation: "SYL", city: "Auckland", state: "AUK", postcode: "1060" },
    { name: "Wellington CBD", abbreviation: "WLG", city: "Wellington", state: "WGN", postcode: "6011" },
    { name: "Lower Hutt", abbreviation: "LHT", city: "Lower Hutt", state: "WGN", postcode: "5010" },
    { name: "Riccarton", abbreviation: "RIC", city: "Christchurch", state: "CAN", postcode: "8011" },
    { name: "Hamilton", abbreviation: "HAM", city: "Hamilton", state: "WKO", postcode: "3204" },
    { name: "Tauranga", abbreviation: "TGA", city: "Tauranga", state: "BOP", postcode: "3110" },
    { name: "Dunedin", abbreviation: "DUD", city: "Dunedin", state: "OTA", postcode: "9016" },
    { name: "Nelson", abbreviation: "NSN", city: "Nelson", state: "NSN", postcode: "7010" },
    {
      name: "Queenstown",
      abbreviation: "ZQN",
      city: "Queenstown",
      state: "OTA",
      postcode: "9300",
      active: false,
    },
  ],
  5: [
    { name: "Queen West", abbreviation: "QWT", city: "Toronto", state: "ON", postcode: "M6J 1H3" },
    { name: "Yorkville", abbreviation: "YKV", city: "Toronto", state: "ON", postcode: "M5R 1B2" },
    { name: "Leslieville", abbreviation: "LES", city: "Toronto", state: "ON", postcode: "M4M 1H5" },
    { name: "The Annex", abbreviation: "ANX", city: "Toronto", state: "ON", postcode: "M5R 2E6" },
    { name: "Mile End", abbreviation: "MIL", city: "Montreal", state: "QC", postcode: "H2T 1S6" },
    { name: "Plateau", abbreviation: "PLA", city: "Montreal", state: "QC", postcode: "H2J 2L5" },
    { name: "Kitsilano", abbreviation: "KIT", city: "Vancouver", state: "BC", postcode: "V6K 2G1" },
    { name: "Gastown", abbreviation: "GAS", city: "Vancouver", state: "BC", postcode: "V6B 1B6" },
    { name: "Westboro", abbreviation: "WES", city: "Ottawa", state: "ON", postcode: "K1Y 2N7" },
    { name: "Kensington", abbreviation: "KEN", city: "Calgary", state: "AB", postcode: "T2N 3P5" },
    { name: "Whyte Ave", abbreviation: "WHY", city: "Edmonton", state: "AB", postcode: "T6E 1Z9" },
    {
      name: "Halifax",
      abbreviation: "HFX",
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
    list.map((o, i) => ({
      name: o.name,
      abbreviation: o.abbreviation,
      regionId: Number(regionId),
      isActive: o.active ?? true,
      email: `${o.abbreviation.toLowerCase()}@loupe.test`,
      phone: `+61 2 9${String(100 + i).padStart(3, "0")} 0${String(100 + Number(regionId)).slice(1)}`,
      address1: `${10 + i * 7} ${o.name} Street`,
      suburb: o.name,
      city: o.city,
      state: o.state,
      postcode: o.postcode,
      country: COUNTRY[Number(regionId)],
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
