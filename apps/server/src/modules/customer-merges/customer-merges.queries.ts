// What the duplicate finder and the merge screens read of other modules' tables (customers, their
// regions and outlets, and the counts of what each customer holds), read-only. Writes go through
// the owning modules' index.ts.

import { sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { rowsOf } from "../../platform/db/customer-rows";

/** A shared e-mail or mobile held by more people than this is a placeholder ("none@shop.com"), not a person. */
export const MAX_KEY_GROUP = 20;

/**
 * The mobile's digits in E.164 form (without the `+`), in SQL, from the region's country: what the
 * finder blocks on. Approximate on purpose (libphonenumber in the domain rule decides): AU and NZ
 * national numbers lose their trunk 0 for the country code, Canadian ten-digit numbers gain the 1.
 */
const mobileKey = sql`(case
  when c.mobile is null or length(d.digits) < 8 then null
  when left(ltrim(c.mobile), 1) = '+' then d.digits
  when left(d.digits, 2) = '00' then substr(d.digits, 3)
  when r.country_code = 'CA' then (case when length(d.digits) = 10 then '1' || d.digits else d.digits end)
  when left(d.digits, 1) = '0' then (case r.country_code when 'NZ' then '64' else '61' end) || substr(d.digits, 2)
  else d.digits end)`;

const nameKey = sql`lower(c.first_name || ' ' || c.last_name)`;

/**
 * Candidate pairs (lower id first) of the whole table: the same trimmed lower-case e-mail, the
 * same mobile key, or the same date of birth with names at least `threshold` alike by pg_trgm. The
 * name block also asks the first two letters of the first or the last name to be shared (in either
 * order): without it every pair born on one day would be measured (some 20M at 1M customers).
 */
export async function candidatePairs(db: Db, threshold: number): Promise<{ a: number; b: number }[]> {
  const result = await db.execute(sql`
    with keyed as materialized (
      select c.id,
        case when position('@' in c.email) > 0 then lower(trim(c.email)) end as email_key,
        ${mobileKey} as mobile_key
      from customers c left join regions r on r.id = c.region_id,
        lateral (select regexp_replace(coalesce(c.mobile, ''), '[^0-9]', '', 'g') as digits) d
      where c.email is not null or c.mobile is not null
    ),
    emails as (
      select email_key from keyed where email_key is not null group by email_key
      having count(*) between 2 and ${MAX_KEY_GROUP}
    ),
    mobiles as (
      select mobile_key from keyed where mobile_key is not null group by mobile_key
      having count(*) between 2 and ${MAX_KEY_GROUP}
    ),
    named as materialized (
      select c.id, c.dob, ${nameKey} as name,
        left(lower(c.first_name), 2) as f2, left(lower(c.last_name), 2) as l2
      from customers c where c.dob is not null
    ),
    prefixes as (
      select id, dob, name, f2 as p from named union all select id, dob, name, l2 from named
    )
    select a.id as a, b.id as b from keyed a join emails e on e.email_key = a.email_key
      join keyed b on b.email_key = a.email_key and b.id > a.id
    union
    select a.id, b.id from keyed a join mobiles m on m.mobile_key = a.mobile_key
      join keyed b on b.mobile_key = a.mobile_key and b.id > a.id
    union
    select a.id, b.id from prefixes a join prefixes b on b.dob = a.dob and b.p = a.p and b.id > a.id
      where similarity(a.name, b.name) >= ${threshold}`);
  return rowsOf<{ a: number; b: number }>(result).map((r) => ({ a: Number(r.a), b: Number(r.b) }));
}

/**
 * Candidate pairs of the customers changed after `since` against everyone, through the customers'
 * indexes (lower(email), the mobile's digits, the date of birth): an incremental run reads the
 * changed rows and their matches, not the table.
 */
export async function changedCandidatePairs(
  db: Db,
  threshold: number,
  since: Date,
  digitForms: (mobile: string, countryCode: string | null) => string[],
): Promise<{ pairs: { a: number; b: number }[]; changed: number }> {
  const changedRows = rowsOf<{
    id: number;
    email: string | null;
    mobile: string | null;
    country_code: string | null;
  }>(
    await db.execute(sql`select c.id, c.email, c.mobile, r.country_code from customers c
      left join regions r on r.id = c.region_id where c.updated_at > ${since}`),
  );
  if (!changedRows.length) return { pairs: [], changed: 0 };
  const ids = changedRows.map((r) => Number(r.id));
  const forms = changedRows.map((r) => ({
    id: Number(r.id),
    forms: r.mobile ? digitForms(r.mobile, r.country_code) : [],
  }));
  const result = await db.execute(sql`
    with changed as (select * from customers where id = any(${`{${ids.join(",")}}`}::int[])),
    forms as (select (f->>'id')::int as id, jsonb_array_elements_text(f->'forms') as digits
      from jsonb_array_elements(${JSON.stringify(forms)}::jsonb) f)
    select a.id as x, b.id as y from changed a join customers b
      on lower(b.email) = lower(trim(a.email)) and b.id <> a.id
      where position('@' in a.email) > 0
    union
    select f.id, b.id from forms f join customers b
      on regexp_replace(coalesce(b.mobile, ''), '[^0-9]', '', 'g') = f.digits and b.id <> f.id
    union
    select a.id, b.id from changed a join customers b on b.dob = a.dob and b.id <> a.id
      where similarity(lower(a.first_name || ' ' || a.last_name), lower(b.first_name || ' ' || b.last_name)) >= ${threshold}`);
  const pairs = rowsOf<{ x: number; y: number }>(result).map((r) => {
    const x = Number(r.x);
    const y = Number(r.y);
    return x < y ? { a: x, b: y } : { a: y, b: x };
  });
  return { pairs, changed: ids.length };
}

/** The facts the domain rule weighs, per customer, with the region's country. */
export async function duplicateFactsOf(db: Db, ids: number[]) {
  if (!ids.length) return [];
  const result = await db.execute(sql`select c.id, c.first_name, c.last_name, c.email, c.mobile,
      to_char(c.dob, 'YYYY-MM-DD') as dob, r.country_code
    from customers c left join regions r on r.id = c.region_id
    where c.id = any(${`{${ids.join(",")}}`}::int[])`);
  return rowsOf<{
    id: number;
    first_name: string;
    last_name: string;
    email: string | null;
    mobile: string | null;
    dob: string | null;
    country_code: string | null;
  }>(result);
}

/** The newest customers.updated_at: where the next incremental run starts. */
export async function customersUpTo(db: Db): Promise<{ upTo: Date | null; count: number }> {
  const [r] = rowsOf<{ up_to: string | null; n: number }>(
    await db.execute(sql`select max(updated_at) as up_to, count(*)::int as n from customers`),
  );
  return { upTo: r?.up_to ? new Date(r.up_to) : null, count: Number(r?.n ?? 0) };
}

/** One side of a pair or a merge as the screens show it, with what it holds. */
export async function customerSides(db: Db, ids: number[]) {
  if (!ids.length) return [];
  const result = await db.execute(sql`select c.id, c.version, c.first_name, c.last_name, c.email, c.mobile,
      c.phone, to_char(c.dob, 'YYYY-MM-DD') as dob, c.gender, c.occupation, c.hobbies, c.outlet_id,
      o.name as outlet_name, c.region_id, c.new_opt_in, c.channel_sms, c.channel_phone, c.channel_email,
      c.created_at,
      (select count(*) from prescriptions x where x.customer_id = c.id)::int as prescriptions,
      (select count(*) from pds x where x.customer_id = c.id)::int as pds,
      (select count(*) from files x where x.customer_id = c.id)::int as files,
      (select count(*) from notes x where x.customer_id = c.id)::int as notes,
      (select count(*) from billing_addresses x where x.customer_id = c.id)::int as addresses,
      (select count(*) from orders x where x.customer_id = c.id)::int as jobs,
      (select count(*) from payments x where x.customer_id = c.id)::int as payments,
      (select count(*) from quotes x where x.customer_id = c.id)::int as quotes,
      (select count(*) from job_messages x where x.customer_id = c.id)::int as messages,
      (select count(*) from customer_recalls x where x.customer_id = c.id)::int as recalls,
      (select count(*) from referrals x where x.referrer_id = c.id or x.referee_id = c.id)::int as referrals,
      (select count(*) from lens_orders x where x.customer_id = c.id)::int as lens_orders
    from customers c left join outlets o on o.id = c.outlet_id
    where c.id = any(${`{${ids.join(",")}}`}::int[])`);
  return rowsOf<CustomerSideRow>(result);
}

export interface CustomerSideRow {
  id: number;
  version: number;
  first_name: string;
  last_name: string;
  email: string | null;
  mobile: string | null;
  phone: string | null;
  dob: string | null;
  gender: "Male" | "Female" | null;
  occupation: string | null;
  hobbies: string | null;
  outlet_id: number | null;
  outlet_name: string | null;
  region_id: number | null;
  new_opt_in: "ALL" | "HEALTH" | "NONE";
  channel_sms: boolean;
  channel_phone: boolean;
  channel_email: boolean;
  created_at: string | Date;
  prescriptions: number;
  pds: number;
  files: number;
  notes: number;
  addresses: number;
  jobs: number;
  payments: number;
  quotes: number;
  messages: number;
  recalls: number;
  referrals: number;
  lens_orders: number;
}

/** The regions of customers (null where a customer has none); a missing customer is absent. */
export async function customerRegions(db: Db, ids: number[]): Promise<Map<number, number | null>> {
  if (!ids.length) return new Map();
  const rows = rowsOf<{ id: number; region_id: number | null }>(
    await db.execute(sql`select id, region_id from customers where id = any(${`{${ids.join(",")}}`}::int[])`),
  );
  return new Map(rows.map((r) => [Number(r.id), r.region_id === null ? null : Number(r.region_id)]));
}

/** The country code of the staff member's outlet's region (the rulebook's actor). */
export async function outletCountryCode(db: Db, outletId: number | null): Promise<string | null> {
  if (outletId === null) return null;
  const [r] = rowsOf<{ country_code: string }>(
    await db.execute(sql`select r.country_code from outlets o join regions r on r.id = o.region_id
      where o.id = ${outletId}`),
  );
  return r?.country_code ?? null;
}

/**
 * A page of pairs in a state, strongest first. Open pairs are offered only while both customers
 * exist: a pair with a merged-away side leaves the list (and comes back if that merge is undone).
 */
export async function pairsPage(db: Db, state: string, limit: number, offset: number) {
  const bothExist =
    state === "open"
      ? sql`and exists (select 1 from customers c where c.id = p.a_id)
          and exists (select 1 from customers c where c.id = p.b_id)`
      : sql``;
  const rows = rowsOf<{
    id: number;
    a_id: number;
    b_id: number;
    score: number;
    evidence: { by: "email" | "mobile" | "name_dob"; detail: string }[];
    state: "open" | "dismissed" | "merged";
    found_at: string | Date;
    total: number;
  }>(
    await db.execute(sql`select p.id, p.a_id, p.b_id, p.score, p.evidence, p.state, p.found_at,
        count(*) over ()::int as total
      from customer_duplicate_pairs p where p.state = ${state} ${bothExist}
      order by p.score desc, p.id limit ${limit} offset ${offset}`),
  );
  return rows;
}
