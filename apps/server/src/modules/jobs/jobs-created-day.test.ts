import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSearchSync } from "../../integrations/search";
import { createMeilisearch } from "../../integrations/search/meilisearch.adapter";
import { type FakeMeilisearch, startFakeMeilisearch } from "../../integrations/search/meilisearch.fake";
import { createTestApp } from "../../test/test-app";
import { ordersSearchIndex } from "./jobs.search-index";

// The jobs list shows a job's Created time on its outlet's clock, so the Created filter counts days
// on that clock too, whoever asks: a Perth job made at 10pm on 22 October (1am on the 23rd in
// Sydney) is a 22 October job for a Sydney manager, and a Sydney job made at 12:30am on the 23rd
// (9:30pm on the 22nd in Perth) is not.
const PERTH_LATE = "2026-10-22T14:00:00Z";
const SYDNEY_EARLY = "2026-10-22T13:30:00Z";
const silent = { info() {}, warn() {} };

async function open(env: Record<string, string> = {}) {
  const t = await createTestApp({ env });
  const q = <T = Record<string, unknown>>(sql: string, params: unknown[] = []) =>
    t.database.query<T>(sql, params) as Promise<T[]>;
  const status = async (kind: string, slug: string) =>
    (await q<{ id: number }>("select id from statuses where kind = $1 and slug = $2", [kind, slug]))[0].id;
  const job = async (outletName: string, uid: string, createdAt: string) => {
    const [outlet] = await q<{ id: number; region_id: number }>(
      "select id, region_id from outlets where name = $1",
      [outletName],
    );
    const [o] = await q<{ id: number }>(
      `insert into orders (uid, name, vend_invoice_number, billing_first_name, billing_last_name,
         total_amount_minor, total_payment_minor, dispense_status_id, payment_status_id, channel_id, channel,
         is_octopos_order, origin_outlet_id, region_id, created_at)
       values ($1, $1, $1, 'Rae', 'Test', 0, 0, $2, $3, 1, 'pos', false, $4, $5, $6) returning id`,
      [
        uid,
        await status("dispense", "in-progress"),
        await status("payment", "paid"),
        outlet.id,
        outlet.region_id,
        createdAt,
      ],
    );
    return o.id;
  };
  const perth = await job("Fremantle", "DAY-PER", PERTH_LATE);
  const sydney = await job("Chatswood", "DAY-SYD", SYDNEY_EARLY);
  const token = await t.login("mia@loupe.test");
  const ids = async (url: string) => {
    const res = await t.call(token, { method: "GET", url });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    return ((body.data.hits ?? body.data) as { id: number }[]).map((r) => r.id);
  };
  return { t, perth, sydney, ids };
}

describe("the jobs list's Created filter", () => {
  let pg: Awaited<ReturnType<typeof open>>;
  let ms: Awaited<ReturnType<typeof open>>;
  let meili: FakeMeilisearch;
  beforeAll(async () => {
    meili = await startFakeMeilisearch();
    pg = await open();
    ms = await open({ MEILISEARCH_URL: meili.url });
    await startSearchSync(createMeilisearch(meili.url), [ordersSearchIndex], ms.t.database, silent).done;
  });
  afterAll(async () => {
    await pg.t.close();
    await ms.t.close();
    await meili.close();
  });

  const day = "created_start_at=2026-10-22&created_end_at=2026-10-22&per_page=100";

  it("finds a Perth job on the day its Created column shows, from a Sydney manager's filter", async () => {
    const found = await pg.ids(`/api/staff/orders?${day}`);
    expect(found).toContain(pg.perth);
    expect(found).not.toContain(pg.sydney);
    const next = await pg.ids(
      "/api/staff/orders?created_start_at=2026-10-23&created_end_at=2026-10-23&per_page=100",
    );
    expect(next).toContain(pg.sydney);
    expect(next).not.toContain(pg.perth);
  });

  it("counts the same days in the export of the list", async () => {
    const token = await pg.t.login("mia@loupe.test");
    const csv = await pg.t.call(token, { method: "GET", url: `/api/staff/exports/jobs?${day}` });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.body).toContain("DAY-PER");
    expect(csv.body).not.toContain("DAY-SYD");
  });

  it("counts the same days on Jobs MEILI, on Postgres and on Meilisearch", async () => {
    for (const engine of [pg, ms]) {
      const found = await engine.ids(`/api/orders-meili?no_limit=true&${day}`);
      expect(found).toContain(engine.perth);
      expect(found).not.toContain(engine.sydney);
    }
  });
});
