import pg from "pg";
import { buildJobsPageSql } from "../src/modules/jobs/jobs-list.queries";
import { jobsQueryToSearch } from "../src/modules/jobs/jobs-search";

// The jobs list's statement for a Created filter, with the days on one clock (the staff member's, as
// before issue 52) and on each job's outlet's clock: EXPLAIN ANALYZE, 21 runs, the median and the
// scans. On the bench database (`npm run seed:jobs`): `npx tsx apps/server/bench/jobs-created-day.bench.ts`.
const client = new pg.Client({
  connectionString: process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/loupe_bench",
});
await client.connect();
const outletZones = (
  await client.query('select id, region_id as "regionId", time_zone as "timeZone" from outlets')
).rows;
const cases: [string, Record<string, unknown>][] = [
  ["one day, every region", { created_start_at: "2026-10-22", created_end_at: "2026-10-22" }],
  ["one day, AU", { created_start_at: "2026-10-22", created_end_at: "2026-10-22", region_id: 1 }],
  ["90 days, every region", { created_start_at: "2026-08-01", created_end_at: "2026-10-29" }],
  ["since a day, every region", { created_start_at: "2026-06-01" }],
];
for (const [name, q] of cases) {
  for (const mode of ["staff zone (before)", "outlet days (after)"]) {
    const search = jobsQueryToSearch({ page: 1, per_page: 25, ...q } as never, {
      brandSlug: "loupe",
      openStatusIds: [],
      timeZone: "Australia/Sydney",
      outletZones: mode.startsWith("outlet") ? outletZones : undefined,
    });
    const built = buildJobsPageSql(search, () => "0");
    for (const [kind, s] of [["list statement", built]] as const) {
      const times: number[] = [];
      let plan = "";
      for (let i = 0; i < 21; i++) {
        const r = await client.query(`explain (analyze, buffers, format text) ${s.sql}`, s.params);
        const lines = r.rows.map((x) => x["QUERY PLAN"] as string);
        times.push(Number(/Execution Time: ([\d.]+)/.exec(lines.at(-1) ?? "")?.[1]));
        plan = process.env.FULL
          ? lines.join("\n")
          : lines
              .filter((l) => /Scan using|Index Cond/.test(l))
              .map((l) => l.trim())
              .join("\n      ");
      }
      times.sort((a, b) => a - b);
      const rows = "";
      console.log(`${name} | ${mode} | ${kind} ${rows}: median ${times[10].toFixed(1)} ms\n      ${plan}`);
    }
  }
}
await client.end();
