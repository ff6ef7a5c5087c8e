import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import { openBenchDatabase } from "./bench-database";
import { generateCustomer } from "./customer-generator";
import { createRng } from "./rng";

/** `npm run seed:customers [count]`: COPY generated customers (default 1,000,000) into the bench database. */
const total = Number(process.argv[2] ?? 1_000_000);

const esc = (v: unknown) =>
  v === null || v === undefined
    ? "\\N"
    : String(v).replace(/\\/g, "\\\\").replace(/\t/g, " ").replace(/\n/g, " ");

async function main() {
  const { database, url } = await openBenchDatabase();
  const outlets = await database.query<{ id: number; region_id: number }>(
    "select id, region_id from outlets where is_active",
  );
  const [{ n }] = await database.query<{ n: number }>("select count(*)::int as n from customers");
  await database.close();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const started = Date.now();
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
        .map(esc)
        .join("\t")}\n`;
    }
  }
  const copy = client.query(
    copyFrom(
      "COPY customers (first_name, last_name, email, mobile, phone, dob, gender, occupation, new_opt_in, channel_sms, channel_phone, channel_email, region_id, home_region_id, outlet_id, has_shop_account, created_at, updated_at) FROM STDIN",
    ),
  );
  await pipeline(Readable.from(rows()), copy);
  await client.query("ANALYZE customers");
  await client.end();
  console.log(
    `seeded ${total.toLocaleString()} customers in ${((Date.now() - started) / 1000).toFixed(1)} s (now ${(n + total).toLocaleString()})`,
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
