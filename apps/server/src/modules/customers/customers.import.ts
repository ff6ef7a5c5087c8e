// Customers brought in by an import (issue 46), written by this module for the imports engine in
// the engine's transaction, a thousand at a time: one statement per step whatever the batch size
// (arrays unnested by the database), so PGlite and PostgreSQL both take a million rows in minutes.

import { inArray, sql } from "drizzle-orm";
import type { SearchPort } from "../../integrations/search";
import type { Db } from "../../platform/db/client";
import { rowsOf } from "../../platform/db/rows";
import { toSearchDocument } from "./customers.mappers";
import { CUSTOMER_INDEX } from "./customers.search-index";
import { customers } from "./customers.tables";

export interface ImportedCustomer {
  firstName: string;
  lastName: string;
  email: string | null;
  mobile: string | null;
  phone: string | null;
  dob: string | null;
  gender: "Male" | "Female" | null;
  occupation: string | null;
  hobbies: string | null;
  newOptIn: "ALL" | "HEALTH" | "NONE";
  channelSms: boolean;
  channelPhone: boolean;
  channelEmail: boolean;
  regionId: number | null;
  outletId: number | null;
  /** YYYY-MM-DD: "customer since" in the old system; null: now. */
  createdOn: string | null;
}

/**
 * Customers whose e-mail (lower-cased) or mobile (its digits, in any of the forms given) is one of
 * these: the import's matching rule asks each row's keys against the answer.
 */
export async function customersByEmailOrMobile(
  db: Db,
  emails: string[],
  mobileDigits: string[],
): Promise<{ id: number; email: string | null; mobileDigits: string }[]> {
  if (!emails.length && !mobileDigits.length) return [];
  return rowsOf(
    db,
    // Each key is looked up through its index (a join on the unnested keys). Written as one
    // `= any(…) or = any(…)`, PostgreSQL misjudged a thousand keys against a million customers
    // and scanned the table: 417 ms a chunk against 20 ms (ADR 0060).
    sql`select c.id, lower(c.email) as email, regexp_replace(coalesce(c.mobile, ''), '[^0-9]', '', 'g') as "mobileDigits"
        from unnest(${sql.param(emails)}::text[]) as e(v) join customers c on lower(c.email) = e.v
        union
        select c.id, lower(c.email), regexp_replace(coalesce(c.mobile, ''), '[^0-9]', '', 'g')
        from unnest(${sql.param(mobileDigits)}::text[]) as m(v)
        join customers c on regexp_replace(coalesce(c.mobile, ''), '[^0-9]', '', 'g') = m.v`,
  );
}

/** Inserts the customers; answers their ids in the same order (ids are drawn first, so the order is certain). */
export async function insertImportedCustomers(db: Db, rows: ImportedCustomer[], staffId: number | null) {
  if (!rows.length) return [] as number[];
  const ids = (
    await rowsOf<{ id: number }>(
      db,
      sql`select nextval(pg_get_serial_sequence('customers', 'id'))::int as id from generate_series(1, ${rows.length}::int)`,
    )
  ).map((r) => r.id);
  const col = <K extends keyof ImportedCustomer>(k: K) => rows.map((r) => r[k]);
  await db.execute(sql`insert into customers (id, first_name, last_name, email, mobile, phone, dob, gender,
      occupation, hobbies, new_opt_in, channel_sms, channel_phone, channel_email, region_id, home_region_id,
      outlet_id, created_at, updated_by)
    select u.id, u.first_name, u.last_name, u.email, u.mobile, u.phone, u.dob, u.gender, u.occupation, u.hobbies,
      u.new_opt_in, u.channel_sms, u.channel_phone, u.channel_email, u.region_id, u.region_id, u.outlet_id,
      coalesce((u.created_on::text || ' 12:00')::timestamp at time zone 'UTC', now()), ${staffId}::int
    from unnest(${sql.param(ids)}::int[], ${sql.param(col("firstName"))}::text[], ${sql.param(col("lastName"))}::text[], ${sql.param(col("email"))}::text[],
      ${sql.param(col("mobile"))}::text[], ${sql.param(col("phone"))}::text[], ${sql.param(col("dob"))}::date[], ${sql.param(col("gender"))}::text[],
      ${sql.param(col("occupation"))}::text[], ${sql.param(col("hobbies"))}::text[], ${sql.param(col("newOptIn"))}::text[],
      ${sql.param(col("channelSms"))}::boolean[], ${sql.param(col("channelPhone"))}::boolean[], ${sql.param(col("channelEmail"))}::boolean[],
      ${sql.param(col("regionId"))}::int[], ${sql.param(col("outletId"))}::int[], ${sql.param(col("createdOn"))}::date[])
      as u(id, first_name, last_name, email, mobile, phone, dob, gender, occupation, hobbies, new_opt_in,
        channel_sms, channel_phone, channel_email, region_id, outlet_id, created_on)`);
  return ids;
}

/**
 * An imported row matched a customer Loupe already had: only that customer's empty fields take the
 * file's values (what staff entered is never overwritten); a customer changed this way gets a new
 * version, so an edit form open on it meanwhile is told.
 */
export async function fillImportedCustomers(
  db: Db,
  rows: { id: number; c: ImportedCustomer }[],
  staffId: number | null,
): Promise<void> {
  if (!rows.length) return;
  const col = <K extends keyof ImportedCustomer>(k: K) => rows.map((r) => r.c[k]);
  await db.execute(sql`update customers c set
      last_name = case when c.last_name = '' then coalesce(u.last_name, '') else c.last_name end,
      email = coalesce(c.email, u.email), mobile = coalesce(c.mobile, u.mobile), phone = coalesce(c.phone, u.phone),
      dob = coalesce(c.dob, u.dob), gender = coalesce(c.gender, u.gender),
      occupation = coalesce(c.occupation, u.occupation), hobbies = coalesce(c.hobbies, u.hobbies),
      version = c.version + 1, updated_at = now(), updated_by = ${staffId}::int
    from (select distinct on (id) * from unnest(${sql.param(rows.map((r) => r.id))}::int[], ${sql.param(col("lastName"))}::text[],
      ${sql.param(col("email"))}::text[], ${sql.param(col("mobile"))}::text[], ${sql.param(col("phone"))}::text[], ${sql.param(col("dob"))}::date[],
      ${sql.param(col("gender"))}::text[], ${sql.param(col("occupation"))}::text[], ${sql.param(col("hobbies"))}::text[])
      as v(id, last_name, email, mobile, phone, dob, gender, occupation, hobbies)) u
    where c.id = u.id and (
      (c.last_name = '' and coalesce(u.last_name, '') <> '') or (c.email is null and u.email is not null)
      or (c.mobile is null and u.mobile is not null) or (c.phone is null and u.phone is not null)
      or (c.dob is null and u.dob is not null) or (c.gender is null and u.gender is not null)
      or (c.occupation is null and u.occupation is not null) or (c.hobbies is null and u.hobbies is not null))`);
}

/**
 * Removes customers an import made (their addresses and History go with them); answers how many
 * went. A customer staff have changed since (a newer version: an edit, or kept by a merge) or given
 * records of their own (a job: its foreign key refuses) is kept: an undo takes back the import,
 * never work done since. Refusals are then tried one by one, each in a savepoint.
 */
export async function deleteImportedCustomers(db: Db, ids: number[]): Promise<number> {
  if (!ids.length) return 0;
  const remove = async (some: number[]) =>
    db.transaction(
      async (sp) =>
        (
          await rowsOf<{ id: number }>(
            sp,
            sql`delete from customers where id = any(${sql.param(some)}::int[]) and version = 1 returning id`,
          )
        ).length,
    );
  // A foreign key's refusal, as the driver reports it (Drizzle wraps it: the cause holds the code).
  const refused = (err: unknown) => {
    const e = err as { code?: string; cause?: { code?: string } };
    return (e.code ?? e.cause?.code) === "23503";
  };
  try {
    return await remove(ids);
  } catch (err) {
    if (!refused(err)) throw err;
  }
  let gone = 0;
  for (const id of ids) gone += await remove([id]).catch((err) => (refused(err) ? 0 : Promise.reject(err)));
  return gone;
}

/**
 * Puts imported (or filled) customers on the search port, after their transaction committed; an
 * undo takes them off. PostgreSQL's own search reads the table and needs nothing; Meilisearch does.
 */
export async function indexImportedCustomers(db: Db, search: SearchPort, ids: number[]): Promise<void> {
  if (!ids.length) return;
  const rows = await db.select().from(customers).where(inArray(customers.id, ids));
  await search.index(CUSTOMER_INDEX, rows.map(toSearchDocument));
}

export async function unindexImportedCustomers(search: SearchPort, ids: number[]): Promise<void> {
  if (ids.length) await search.remove(CUSTOMER_INDEX, ids);
}
