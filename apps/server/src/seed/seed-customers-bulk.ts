import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import { openBenchDatabase } from "./bench-database";
import {
  copyValue,
  PD_COPY_COLUMNS,
  PRESCRIPTION_COPY_COLUMNS,
  pdCopyLine,
  prescriptionCopyLine,
} from "./copy-lines";
import { generateCustomer } from "./customer-generator";
import { deferForBulkSeed } from "./deferred-indexes";
import { createRng } from "./rng";
import { loadSelectionCatalogue } from "./selection-catalogue";
import { makeEyes, type SelectionCatalogue } from "./selection-generator";

/**
 * `npm run seed:customers [count]`: COPY generated customers (default 1,000,000) into the bench
 * database, and for most of them the eye test a shop records: a spectacle prescription (some also
 * a contact-lens one) and a PD, made by the generator the job seeders use.
 */
const total = Number(process.argv[2] ?? 1_000_000);
/** The tables this seed fills, whose secondary indexes are built after the rows when it is a big seed. */
const CUSTOMER_TABLES = ["customers", "prescriptions", "pds"];

async function main() {
  const { database, url } = await openBenchDatabase();
  const outlets = await database.query<{ id: number; region_id: number }>(
    "select id, region_id from outlets where is_active",
  );
  const [{ n, maxId, rx, pd }] = await database.query<{ n: number; maxId: number; rx: number; pd: number }>(
    `select count(*)::int as n, coalesce(max(id), 0)::int as "maxId",
            (select coalesce(max(id), 0) from prescriptions)::int as rx, (select coalesce(max(id), 0) from pds)::int as pd
     from customers`,
  );
  const catalogue = await loadSelectionCatalogue(database.db);
  await database.close();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const started = Date.now();
  const buildDeferred = await deferForBulkSeed(client, "customers", total, CUSTOMER_TABLES);
  const rng = createRng(1_000_003);
  let i = n;
  const end = n + total;
  function* rows() {
    while (i < end) {
      i++;
      const c = generateCustomer(rng, i);
      const regionOutlets = outlets.filter((o) => o.region_id === c.region_id);
      const on = c.new_opt_in !== "NONE";
      yield `${[
        c.first_name,
        c.last_name,
        c.email,
        c.mobile,
        c.phone,
        c.dob,
        c.gender,
        c.occupation,
        c.new_opt_in,
        on,
        on,
        on,
        c.region_id,
        c.region_id,
        regionOutlets[i % regionOutlets.length].id,
        c.has_shop_account,
        c.created_at.toISOString(),
        c.created_at.toISOString(),
      ]
        .map(copyValue)
        .join("\t")}\n`;
    }
  }
  const copy = client.query(
    copyFrom(
      "COPY customers (first_name, last_name, email, mobile, phone, dob, gender, occupation, new_opt_in, channel_sms, channel_phone, channel_email, region_id, home_region_id, outlet_id, has_shop_account, created_at, updated_at) FROM STDIN",
    ),
  );
  await pipeline(Readable.from(rows()), copy);
  // One COPY in an otherwise idle database: the new customers' ids follow one another.
  const {
    rows: [{ first }],
  } = await client.query<{ first: number }>("select min(id)::int as first from customers where id > $1", [
    maxId,
  ]);
  const eyes = await copyEyes(client, url, catalogue, { first, count: total, rx, pd });
  await buildDeferred();
  // VACUUM sets the visibility map, so counts can answer from the indexes alone (as seed:jobs does).
  await client.query("VACUUM (ANALYZE) customers, prescriptions, pds");
  await client.end();
  console.log(
    `seeded ${total.toLocaleString()} customers (${eyes.prescriptions.toLocaleString()} prescriptions, ${eyes.pds.toLocaleString()} PDs) in ${((Date.now() - started) / 1000).toFixed(1)} s (now ${(n + total).toLocaleString()})`,
  );
}

/**
 * Customer k's eyes from an rng of its own (the customers stay as they were): 70% have had an eye
 * test, a third of them with a near add, one in eight also fitted for contact lenses; 60% a PD.
 */
async function copyEyes(
  client: pg.Client,
  url: string,
  catalogue: SelectionCatalogue,
  range: { first: number; count: number; rx: number; pd: number },
) {
  const now = Date.now();
  let rxId = range.rx;
  let pdId = range.pd;
  const ids = { nextRxId: () => ++rxId, nextPdId: () => ++pdId };
  /** The new customers in pages of 10,000, each with its eyes: the same on both passes. */
  async function* eyes() {
    const page = 10_000;
    for (let lo = range.first; lo < range.first + range.count; lo += page) {
      const { rows } = await reader.query<{ id: number; created_at: Date; outlet_id: number | null }>(
        "select id, created_at, outlet_id from customers where id >= $1 and id < $2 order by id",
        [lo, Math.min(lo + page, range.first + range.count)],
      );
      yield rows.map(eyesOf).filter((e) => e != null);
    }
  }
  const eyesOf = (c: { id: number; created_at: Date; outlet_id: number | null }) => {
    const rng = createRng(c.id ^ 0x3c6ef372);
    if (!rng.chance(0.7)) return null;
    const since = c.created_at.getTime();
    return makeEyes(
      rng,
      catalogue,
      {
        spectacles: true,
        contact: rng.chance(0.12),
        add: rng.chance(0.33),
        intAdd: false,
        heights: rng.chance(0.3) ? ["multifocal"] : [],
      },
      {
        customerId: c.id,
        outletId: c.outlet_id,
        createdAt: new Date(since + rng.next() * (now - since)),
        ...ids,
      },
    );
  };
  let prescriptions = 0;
  let pdCount = 0;
  // A second client reads the pages while the first one copies.
  const reader = new pg.Client({ connectionString: url });
  await reader.connect();
  await pipeline(
    Readable.from(
      (async function* () {
        for await (const list of eyes()) {
          const rows = list.flatMap((e) => [e.spectacles, e.contact]).filter((r) => r != null);
          prescriptions += rows.length;
          yield rows.map(prescriptionCopyLine).join("");
        }
      })(),
    ),
    client.query(copyFrom(`COPY prescriptions (${PRESCRIPTION_COPY_COLUMNS}) FROM STDIN`)),
  );
  rxId = range.rx;
  pdId = range.pd;
  await pipeline(
    Readable.from(
      (async function* () {
        for await (const list of eyes()) {
          const rows = list.map((e) => e.pd).filter((r) => r != null);
          pdCount += rows.length;
          yield rows.map(pdCopyLine).join("");
        }
      })(),
    ),
    client.query(copyFrom(`COPY pds (${PD_COPY_COLUMNS}) FROM STDIN`)),
  );
  await reader.end();
  for (const table of ["prescriptions", "pds"])
    await client.query(`select setval(pg_get_serial_sequence('${table}', 'id'), max(id)) from ${table}`);
  return { prescriptions, pds: pdCount };
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
