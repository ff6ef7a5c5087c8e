import { getCustomer, listCustomerPrescriptions, updatePrescription } from "@loupe/contract";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { buildCustomerSearchSql, customerList } from "../src/modules/customers/customers.search";
import { customerNotesCountSql } from "../src/modules/notes";
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

  // `npm run bench:customers -- search` leaves out the access-log rounds (minutes on a busy machine).
  if (process.argv[2] !== "search") await accessLogOverhead(app, token);
  const [{ n }] = (await raw.query("select count(*)::int as n from customers")).rows;
  if (n < 5001) {
    console.log(`customers: ${n} rows; seed first (npm run seed:customers) for the search cases`);
    await raw.end();
    await close();
    return;
  }
  const sample = (
    await raw.query(
      "select email, mobile, dob from customers where email is not null and mobile is not null order by id desc limit 1 offset 5000",
    )
  ).rows[0];
  const dob = sample.dob instanceof Date ? sample.dob.toISOString().slice(0, 10) : String(sample.dob);
  // The raw SQL is the very statements the endpoint runs (`customerList`: the page, for a ranked name
  // search its tiers in turn, and the capped count beside it on a second connection as the
  // endpoint's pool runs them), so the gap is the endpoint's own cost.
  const sorts = ["updated_at", "created_at", "first_name", "last_name", "dob"].flatMap((field) =>
    (["desc", "asc"] as const).map((direction) => ({
      name: `list by ${field} ${direction}`,
      url: `/api/v4/users?customer=1&sort_by=${field}&sort_direction=${direction}`,
      query: { sort: { field, direction } },
    })),
  );
  const cases = [
    { name: "default list", url: "/api/v4/users?customer=1&page=1&per_page=15", query: {} },
    ...sorts,
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
  ].map((c) => ({
    ...c,
    built: buildCustomerSearchSql({ page: 1, perPage: 15, ...c.query }, customerNotesCountSql),
  }));
  const second = new pg.Client({ connectionString: url });
  await second.connect();

  console.log(
    `customers: ${n.toLocaleString()} rows, PostgreSQL ${(await raw.query("show server_version")).rows[0].server_version}`,
  );
  console.log(
    "case                      endpoint p50  endpoint p95   raw SQL p50   raw SQL p95   overhead p50",
  );
  for (const c of cases) {
    const endpoint = await measure(async () => {
      const res = await app.inject({
        method: "GET",
        url: c.url,
        headers: { authorization: `Bearer ${token}` },
      });
      if (res.statusCode !== 200) throw new Error(`${c.name}: ${res.statusCode} ${res.body}`);
    });
    const sql = await measure(() =>
      customerList(
        async (text, params) => (await raw.query(text, params)).rows,
        c.built,
        { page: 1, perPage: 15 },
        async (text, params) => (await second.query(text, params)).rows,
      ),
    );
    console.log(
      `${c.name.padEnd(25)} ${ms(endpoint.p50)}      ${ms(endpoint.p95)}      ${ms(sql.p50)}      ${ms(sql.p95)}      ${ms(endpoint.p50 - sql.p50)}`,
    );
  }
  await second.end();
  await raw.end();
  await close();
}

/**
 * What the access log (ADR 0013) adds to the customer record and prescription calls: the same
 * calls with the endpoints' `access` declarations in place and then taken out (the binder reads
 * them per request), on the same app and database.
 */
async function accessLogOverhead(app: FastifyInstance, token: string) {
  const auth = { authorization: `Bearer ${token}` };
  const customer = (
    await app.inject({
      method: "POST",
      url: "/api/user",
      headers: auth,
      payload: { first_name: "Bench", last_name: "Access" },
    })
  ).json().data;
  const sources = (await app.inject({ method: "GET", url: "/api/prescription-source", headers: auth })).json()
    .data;
  const rx = (
    await app.inject({
      method: "POST",
      url: `/api/v4/users/${customer.id}/prescriptions`,
      headers: auth,
      payload: { type_id: 1, right_sph: -1, left_sph: -1, source_id: sources[0].id },
    })
  ).json().data;
  let version = rx.version as number;
  const ok = (name: string, res: { statusCode: number; body: string }) => {
    if (res.statusCode !== 200) throw new Error(`${name}: ${res.statusCode} ${res.body}`);
  };
  const cases: [string, () => Promise<void>][] = [
    [
      "customer record",
      async () =>
        ok(
          "get",
          await app.inject({ method: "GET", url: `/api/staff/customers/${customer.id}`, headers: auth }),
        ),
    ],
    [
      "prescriptions",
      async () =>
        ok(
          "list",
          await app.inject({
            method: "GET",
            url: `/api/staff/customers/${customer.id}/prescriptions`,
            headers: auth,
          }),
        ),
    ],
    [
      "prescription edit",
      async () => {
        const res = await app.inject({
          method: "PUT",
          url: `/api/v4/prescriptions/${rx.id}`,
          headers: auth,
          payload: {
            type_id: 1,
            right_sph: version % 2 ? -1.25 : -1,
            left_sph: -1,
            source_id: sources[0].id,
            version,
          },
        });
        ok("put", res);
        version = res.json().data.version;
      },
    ],
  ];
  const declared = [getCustomer, listCustomerPrescriptions, updatePrescription] as { access?: unknown }[];
  const saved = declared.map((e) => e.access);
  const setLog = (on: boolean) =>
    declared.forEach((e, i) => {
      e.access = on ? saved[i] : undefined;
    });
  // Rounds alternate with and without the log, so a noisy machine weighs on both alike.
  const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)];
  console.log("access log (ADR 0013)   with log p50  with log p95   without p50   without p95   added p50");
  try {
    for (const [name, fn] of cases) {
      const runs: Record<"on" | "off", { p50: number[]; p95: number[] }> = {
        on: { p50: [], p95: [] },
        off: { p50: [], p95: [] },
      };
      for (let round = 0; round < 6; round++) {
        for (const mode of ["on", "off"] as const) {
          setLog(mode === "on");
          const r = await measure(fn, 60);
          runs[mode].p50.push(r.p50);
          runs[mode].p95.push(r.p95);
        }
      }
      const [on50, on95, off50, off95] = [runs.on.p50, runs.on.p95, runs.off.p50, runs.off.p95].map(median);
      console.log(
        `${name.padEnd(22)} ${ms(on50)}      ${ms(on95)}      ${ms(off50)}      ${ms(off95)}    ${ms(on50 - off50)}`,
      );
    }
  } finally {
    setLog(true);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
