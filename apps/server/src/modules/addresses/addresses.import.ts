// Addresses that came with imported customers (issue 46), written by this module for the imports
// engine in its transaction: one statement per batch of rows. The file's "suburb / city" fills
// both, as the address form asks for a city and AU addresses also show the suburb.

import { sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client";

export interface ImportedAddress {
  customerId: number;
  type: string;
  firstName: string;
  lastName: string;
  /** The customer's e-mail, or empty: an imported customer may have none. */
  email: string;
  mobile: string | null;
  address1: string;
  address2: string | null;
  suburb: string | null;
  city: string;
  state: string | null;
  postcode: string;
  country: string;
}

export async function insertImportedAddresses(db: Db, rows: ImportedAddress[], staffId: number | null) {
  if (!rows.length) return;
  const col = <K extends keyof ImportedAddress>(k: K) => sql.param(rows.map((r) => r[k]));
  await db.execute(sql`insert into billing_addresses (customer_id, type, first_name, last_name, email, mobile,
      address1, address2, suburb, city, state, postcode, country, updated_by)
    select u.*, ${staffId}::int from unnest(${col("customerId")}::int[], ${col("type")}::text[],
      ${col("firstName")}::text[], ${col("lastName")}::text[], ${col("email")}::text[], ${col("mobile")}::text[],
      ${col("address1")}::text[], ${col("address2")}::text[], ${col("suburb")}::text[], ${col("city")}::text[],
      ${col("state")}::text[], ${col("postcode")}::text[], ${col("country")}::text[])
      as u(customer_id, type, first_name, last_name, email, mobile, address1, address2, suburb, city, state,
        postcode, country)`);
}
