import pg from "pg";
import { buildCustomerSearchSql } from "../src/modules/customers/customers.search";
import { startBenchApp } from "./bench-app";
import { measure, ms } from "./stats";

/**
 * `npm run bench:customers`: customer search through the real endpoint (app.inject, auth included)
 * beside the same SQL through `pg`, on the bench database (seed it first: `npm run seed:customers`).
 */
async function main() {
  const { app, url, token, close } = await startBenchApp();
  const raw = new pg.Client({ connectionString: url });
  await raw.connect();

  const [{ n }] = (await raw.query("select count(*)::int as n from customers")).rows;
  const sample = (
    await raw.query(
      "select email, mobile, dob from customers where email is not null and mobile is not null order by id desc limit 1 offset 5000",
    )
  ).rows[0];
  const dob = sample.dob instanceof Date ? sample.dob.toISOString().slice(0, 10) : String(sample.dob);
  // The raw SQL is the very statement the endpoint runs (buildCustomerSearchSql), so the gap is the endpoint's own cost.
  const cases = [
    {
      name: "exact e-mail",
      url: `/api/v4/users?q=${encodeURIComponent(sample.email)}`,
      query: { q: sample.email },
    },
    {
      name: "exact mobile",
      url: `/api/v4/users?q=${encodeURIComponent(sample.mobile)}`,
      query: { q: sample.mobile },
    },
    { name: "partial name", url: "/api/v4/users?q=walker", query: { q: "walker" } },
    { name: "date of birth", url: `/api/v4/users?dob=${dob}`, query: { filters: { dob } } },
  ].map((c) => {
    const built = buildCustomerSearchSql({ page: 1, perPage: 15, ...c.query });
    return { ...c, sql: [built.sql, built.params] as const };
  });

  console.log(
    `customers: ${n.toLocaleString()} rows, PostgreSQL ${(await raw.query("show server_version")).rows[0].server_version}`,
  );
  console.log("case             endpoint p50  endpoint p95   raw SQL p50   raw SQL p95   overhead p50");
  for (const c of cases) {
    const endpoint = await measure(async () => {
      const res = await app.inject({
        method: "GET",
        url: c.url,
        headers: { authorization: `Bearer ${token}` },
      });
      if (res.statusCode !== 200) throw new Error(`${c.name}: ${res.statusCode} ${res.body}`);
    });
    const sql = await measure(() => raw.query(c.sql[0], c.sql[1] as unknown[]));
    console.log(
      `${c.name.padEnd(16)} ${ms(endpoint.p50)}      ${ms(endpoint.p95)}      ${ms(sql.p50)}      ${ms(sql.p95)}      ${ms(endpoint.p50 - sql.p50)}`,
    );
  }
  await raw.end();
  await close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
