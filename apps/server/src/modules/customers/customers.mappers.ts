import type { CustomerWire } from "@loupe/contract";
import type { customers } from "./customers.tables";

export type CustomerRow = typeof customers.$inferSelect;

export function toCustomerWire(
  c: CustomerRow,
  extra: { countryCode?: string | null; notesCount?: number } = {},
): CustomerWire {
  const region = c.regionId != null ? { id: c.regionId, country_code: extra.countryCode ?? "AU" } : null;
  return {
    id: c.id,
    first_name: c.firstName,
    last_name: c.lastName,
    full_name: `${c.firstName} ${c.lastName}`.trim(),
    email: c.email,
    mobile: c.mobile,
    phone: c.phone,
    dob: c.dob,
    gender: c.gender,
    occupation: c.occupation,
    hobbies: c.hobbies,
    new_opt_in: c.newOptIn,
    channel_sms: c.channelSms,
    channel_phone: c.channelPhone,
    channel_email: c.channelEmail,
    has_shop_account: c.hasShopAccount,
    outlet_id: c.outletId,
    created_at: c.createdAt.toISOString(),
    updated_at: c.updatedAt.toISOString(),
    version: c.version,
    region,
    regions: { data: region ? [region] : [] },
    active_recall: c.recallDueDate ? { data: { due_date: { date: c.recallDueDate } } } : null,
    notes_count: extra.notesCount ?? 0,
  };
}

const digits = (v: string | null) => (v ? v.replace(/[^0-9]/g, "") : null);

/** What the search index keeps of a customer (Meilisearch adapter); phones also as bare digits. */
export const toSearchDocument = (c: CustomerRow) => ({
  id: c.id,
  first_name: c.firstName,
  last_name: c.lastName,
  full_name: `${c.firstName} ${c.lastName}`.trim(),
  email: c.email,
  mobile: c.mobile,
  phone: c.phone,
  mobile_digits: digits(c.mobile),
  phone_digits: digits(c.phone),
  dob: c.dob,
  region_id: c.regionId,
  updated_at: c.updatedAt.getTime(),
  created_at: c.createdAt.getTime(),
});
