import {
  IMPORTED_SOURCE_SLUG,
  ORDER_DISPENSE_STATUSES,
  ORDER_ITEM_STATUSES,
  ORDER_PAYMENT_STATUSES,
} from "@loupe/domain";
import { sql } from "drizzle-orm";
import {
  colours,
  pdSources,
  prescriptionSources,
  prescriptionTypes,
  refundReasons,
  regions,
  statuses,
} from "../modules/reference/reference.tables";
import { invalidateReferenceData } from "../modules/reference/reference-cache";
import { lensSuppliers } from "../modules/suppliers/suppliers.tables";
import type { Db } from "../platform/db/client";

export const REGIONS = [
  { id: 1, name: "Australia", countryCode: "AU", defaultCurrency: "AUD", timezone: "Australia/Sydney" },
  { id: 2, name: "New Zealand", countryCode: "NZ", defaultCurrency: "NZD", timezone: "Pacific/Auckland" },
  { id: 5, name: "Canada", countryCode: "CA", defaultCurrency: "CAD", timezone: "America/Toronto" },
  // The retailer's head-office region: an alias the nav treats as AU (spec §9).
  {
    id: 6,
    name: "Australia Head Office",
    countryCode: "AU",
    defaultCurrency: "AUD",
    timezone: "Australia/Sydney",
  },
];

const PRESCRIPTION_SOURCES = [
  { name: "In-store eye test", slug: "in-store", origin: "internal", colour: "#2f9e44", isExternal: true },
  {
    name: "External optometrist",
    slug: "external-optometrist",
    origin: "external",
    colour: "#1971c2",
    isExternal: true,
  },
  {
    name: "Customer upload",
    slug: "customer-upload",
    origin: "external",
    colour: "#f08c00",
    isExternal: true,
  },
  {
    name: "Existing glasses",
    slug: "existing-glasses",
    origin: "external",
    colour: "#868e96",
    isExternal: true,
  },
  // Code-generated prescriptions (the online vision test): read-only, e-mail only (spec §6).
  { name: "Code generated", slug: "cg", origin: "system", colour: "#ae3ec9", isExternal: false },
  // Last, so the other sources keep their ids. Brought in from the system a chain used before Loupe (issue 46).
  {
    name: "Imported from another system",
    slug: IMPORTED_SOURCE_SLUG,
    origin: "external",
    colour: "#495057",
    isExternal: true,
  },
];

const PD_SOURCES = [
  { name: "Measured in store", slug: "in-store", colour: "#2f9e44" },
  { name: "From prescription", slug: "prescription", colour: "#1971c2" },
  { name: "Online PD tool", slug: "online-tool", colour: "#f08c00" },
  { name: "Customer supplied", slug: "customer", colour: "#868e96" },
  { name: "Imported from another system", slug: IMPORTED_SOURCE_SLUG, colour: "#495057" },
];

/**
 * Inserted in this order, so ids 2, 3 and 4 are Shamir, Essilor and Zeiss: the suppliers whose
 * contacts are not listed (jobs-area §9), ordered through an automatic interface or a file drop.
 * Hoya and Shamir are the automatic-interface (api) suppliers with their state rules (§4).
 */
const LENS_SUPPLIERS = [
  {
    name: "Hoya",
    abbreviation: "HOYA",
    orderType: "api",
    kind: "hoya",
    allowsCut: true,
    contactsListed: true,
  },
  {
    name: "Shamir",
    abbreviation: "SHAM",
    orderType: "api",
    kind: "shamir",
    allowsCut: true,
    contactsListed: false,
  },
  {
    name: "Essilor",
    abbreviation: "ESS",
    orderType: "all",
    kind: "standard",
    allowsCut: false,
    contactsListed: false,
  },
  {
    name: "Zeiss",
    abbreviation: "ZEISS",
    orderType: "all",
    kind: "standard",
    allowsCut: false,
    contactsListed: false,
  },
  {
    name: "Rodenstock",
    abbreviation: "RODEN",
    orderType: "all",
    kind: "standard",
    allowsCut: false,
    contactsListed: true,
  },
  {
    name: "In-house Lab",
    abbreviation: "LAB",
    orderType: "all",
    kind: "standard",
    allowsCut: true,
    contactsListed: true,
  },
] as const;

const COLOURS: { name: string; hexCode: string; type: "Frame" | "Temple"; special: number }[] = [
  ["Black", "#111111"],
  ["Tortoise", "#7b4b2a"],
  ["Crystal", "#e9eef2"],
  ["Navy", "#1f2a4d"],
  ["Olive", "#6b6b3a"],
  ["Rose", "#d9a5a0"],
  ["Gold", "#c9a43b"],
  ["Silver", "#b8bcc2"],
].flatMap(([name, hexCode], i) => [
  { name, hexCode, type: "Frame" as const, special: i === 6 ? 1 : 0 },
  { name, hexCode, type: "Temple" as const, special: 0 },
]);

const REFUND_REASONS = [
  { slug: "customer-changed-mind", name: "Customer changed mind" },
  { slug: "duplicate-order", name: "Duplicate order" },
  { slug: "product-faulty", name: "Product faulty" },
  { slug: "non-tolerance", name: "Non tolerance" },
  { slug: "order-error", name: "Order entered in error" },
  { slug: "other", name: "Other" },
];

/**
 * The lists the app cannot run without. Idempotent (upsert by natural key), so it runs at every
 * start and a newer release can add a status without a hand-written data migration.
 */
export async function ensureReferenceData(db: Db): Promise<void> {
  await db.insert(regions).values(REGIONS).onConflictDoNothing();
  const statusRows = [
    ...ORDER_DISPENSE_STATUSES.map((s, i) => ({ ...s, kind: "dispense" as const, sortOrder: i })),
    ...ORDER_ITEM_STATUSES.map((s, i) => ({ ...s, kind: "item" as const, sortOrder: i })),
    ...ORDER_PAYMENT_STATUSES.map((s, i) => ({ ...s, kind: "payment" as const, sortOrder: i })),
  ].map((s) => ({
    kind: s.kind,
    slug: s.slug,
    displayName: s.display_name,
    selectable: s.selectable,
    sortOrder: s.sortOrder,
  }));
  await db
    .insert(statuses)
    .values(statusRows)
    .onConflictDoUpdate({
      target: [statuses.kind, statuses.slug],
      set: {
        displayName: sql`excluded.display_name`,
        selectable: sql`excluded.selectable`,
        sortOrder: sql`excluded.sort_order`,
      },
    });
  await db
    .insert(prescriptionTypes)
    .values([
      { id: 1, name: "Spectacle", slug: "spectacle" },
      { id: 2, name: "Contact Lens", slug: "contact-lens" },
    ])
    .onConflictDoNothing();
  await db.insert(prescriptionSources).values(PRESCRIPTION_SOURCES).onConflictDoNothing();
  await db.insert(pdSources).values(PD_SOURCES).onConflictDoNothing();
  await db
    .insert(lensSuppliers)
    .values([...LENS_SUPPLIERS])
    .onConflictDoNothing();
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(colours);
  if (n === 0) await db.insert(colours).values(COLOURS);
  await db.insert(refundReasons).values(REFUND_REASONS).onConflictDoNothing();
  invalidateReferenceData();
}
