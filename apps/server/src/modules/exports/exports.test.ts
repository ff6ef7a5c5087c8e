import { WORKSHOP_FILTERS } from "@loupe/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSlots } from "../../platform/slots";
import { seedDemoCustomers } from "../../seed/demo-customers";
import { seedDemoJobs } from "../../seed/demo-jobs";
import { createTestApp, type TestApp } from "../../test/test-app";
import { jobsExportReader, orderNotesCountSqlSlot } from "../jobs";

/**
 * "Export CSV" of the lists (issue 29 part 5): exactly the filtered list, every page, as the list
 * endpoints answer it; CSV the spreadsheet way; refused to roles the rulebook refuses; in the
 * access log with its filters and row count. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
let t: TestApp;
let admin: string;
let staff: string;
let manager: string;
const sql = <T>(text: string, params: unknown[] = []) => t.database.query<T>(text, params);

/** RFC 4180 records (the test's own reading, not the server's writing). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      row.push(cell);
      cell = "";
    } else if (ch === "\r" && text[i + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      i++;
    } else cell += ch;
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}

async function exportCsv(token: string, url: string) {
  const res = await t.call(token, { method: "GET", url });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
  expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  const [header, ...rows] = parseCsv(res.rawPayload.toString("utf8").slice(1));
  return { header, rows, res };
}

/** Every page of a list endpoint, in order. */
async function allPages<T>(url: string, perPage: number): Promise<T[]> {
  const out: T[] = [];
  for (let page = 1; ; page++) {
    const res = await t.call(admin, { method: "GET", url: `${url}&page=${page}&per_page=${perPage}` });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    out.push(...body.data);
    if (page >= body.meta.pagination.total_pages) return out;
  }
}

async function staffMember(email: string, roleId: number) {
  await sql(
    `insert into staff_users (email, username, first_name, last_name, password_hash, role_id, home_outlet_id, home_region_id)
     select $1, $1, 'Export', 'Tester', password_hash, $2, home_outlet_id, home_region_id from staff_users where email = 'admin@loupe.test'`,
    [email, roleId],
  );
  return t.login(email);
}

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoCustomers(t.database.db, { customers: 60, jobs: 120 });
  await seedDemoJobs(t.database.db, { customers: 60, jobs: 120 });
  admin = await t.login();
  staff = await staffMember("export.staff@loupe.test", 2);
  manager = await staffMember("export.manager@loupe.test", 3);
}, 60_000);
afterAll(() => t?.close());

describe("the jobs list's export", () => {
  const filter = "region_id=1&sort_direction=asc";

  it("is the filtered list's rows across every page, in the list's order", async () => {
    const listed = await allPages<{ id: number; vend_invoice_number: string; notes_count: number }>(
      `/api/staff/orders?${filter}`,
      7,
    );
    expect(listed.length).toBeGreaterThan(14);
    const { header, rows } = await exportCsv(manager, `/api/staff/exports/jobs?${filter}&page=3&per_page=7`);
    expect(header).toEqual([
      "Job ID",
      "Invoice Number",
      "Customer",
      "Priority",
      "Total",
      "Currency",
      "Status",
      "Outlet",
      "Created",
      "Notes",
    ]);
    expect(rows.map((r) => Number(r[0]))).toEqual(listed.map((j) => j.id));
    expect(rows.map((r) => r[1])).toEqual(listed.map((j) => j.vend_invoice_number));
    expect(rows.map((r) => Number(r[9]))).toEqual(listed.map((j) => j.notes_count));
  });

  it("reads in keyset batches that together are the list, whatever the batch size", async () => {
    const listed = await allPages<{ id: number }>("/api/staff/orders?sort_direction=desc", 25);
    const read = await jobsExportReader(
      t.database,
      {
        brandSlug: "loupe",
        timeZone: "Australia/Sydney",
        notesCountSql: () => "0",
        slots: createSlots(),
      },
      { page: 1, per_page: 15, sort_direction: "desc" },
    );
    const ids: number[] = [];
    for await (const batch of read(7)) ids.push(...batch.map((r) => Number(r.id)));
    expect(ids).toEqual(listed.map((j) => j.id));
    expect(orderNotesCountSqlSlot).toBeDefined();
  });

  it("writes dates on the job's outlet's clock and money in its region's currency", async () => {
    const [job] = await sql<{
      id: number;
      created_at: Date;
      total_amount_minor: number;
      zone: string;
      cc: string;
    }>(
      `select o.id, o.created_at, o.total_amount_minor, ot.time_zone as zone, r.country_code as cc
         from orders o join outlets ot on ot.id = o.origin_outlet_id join regions r on r.id = ot.region_id
        where r.country_code <> 'AU' order by o.id limit 1`,
    );
    const { rows } = await exportCsv(admin, `/api/staff/exports/jobs?q=${job.id}&search_type=job_id`);
    expect(rows).toHaveLength(1);
    const { formatWhen, formatMoney, currencyForCountry } = await import("@loupe/domain");
    const currency = currencyForCountry(job.cc);
    expect(rows[0][4]).toBe(formatMoney(Number(job.total_amount_minor) / 100, currency));
    expect(rows[0][5]).toBe(currency);
    expect(rows[0][8]).toBe(formatWhen(job.created_at, job.zone, "time"));
  });

  // Issue 52: the workshop tabs answered the list and refused the export (422).
  it("(jobs put on every workshop tab, more than a page of each)", async () => {
    // Twelve finished jobs back in the workshop, six past their promise and six promised today
    // (on their outlet's clock), all at risk; twelve more ready, six of them on the shelf 40 days.
    const status = (slug: string) => `(select id from statuses where kind = 'dispense' and slug = '${slug}')`;
    const made = `select o.id from orders o where o.dispense_status_id = ${status("completed")} order by o.id limit 12`;
    const [{ ids }] = await sql<{ ids: number[] }>(`select array(${made}) as ids`);
    await sql(
      `update orders set dispense_status_id = ${status("new-order")}, at_risk_reason = 'Lens ETA after the promise',
         at_risk_eta = current_date + 30 where id = any($1::int[])`,
      [ids],
    );
    await sql("update orders set due_date = current_date - 20 where id = any($1::int[])", [ids.slice(0, 6)]);
    await sql(
      `update orders o set due_date = (now() at time zone ot.time_zone)::date from outlets ot
        where ot.id = o.origin_outlet_id and o.id = any($1::int[])`,
      [ids.slice(6)],
    );
    const shelf = `select o.id from orders o where o.dispense_status_id = ${status("completed")} order by o.id desc limit 12`;
    await sql(`update orders set dispense_status_id = ${status("ready-to-go")} where id in (${shelf})`);
    await sql(
      `update orders set dispense_status_at = now() - interval '40 days' where id in (select id from orders
        where dispense_status_id = ${status("ready-to-go")} order by id limit 6)`,
    );
    const tabs = (await t.call(admin, { method: "GET", url: "/api/staff/total-orders" })).json().data as {
      slug: string;
      total: number;
    }[];
    const totals = Object.fromEntries(tabs.map((tab) => [tab.slug, tab.total]));
    for (const f of WORKSHOP_FILTERS) expect(totals[f], f).toBeGreaterThan(4);
  });

  it.each(WORKSHOP_FILTERS)(
    "exports the %s tab: its rows across every page, in the tab's order",
    async (f) => {
      const listed = await allPages<{ id: number }>(`/api/staff/orders?customFilter=${f}`, 4);
      // An administrator's export holds every region, as the list read here does (a manager's holds their own).
      const { rows } = await exportCsv(admin, `/api/staff/exports/jobs?customFilter=${f}`);
      expect(rows.map((r) => Number(r[0]))).toEqual(listed.map((j) => j.id));
    },
  );

  it("reads a workshop tab in keyset batches on the promise (nulls last) that together are the tab", async () => {
    // Undated jobs and shared promise days, so a batch ends inside a day and inside the undated rows.
    await sql("update orders set due_date = null where id in (select id from orders order by id limit 6)");
    await sql(
      "update orders set due_date = (select min(due_date) from orders) where id in (select id from orders where due_date is not null order by id limit 5)",
    );
    for (const direction of ["asc", "desc"] as const) {
      const listed = await allPages<{ id: number }>(
        `/api/staff/orders?sort_by=due_date&sort_direction=${direction}`,
        25,
      );
      const read = await jobsExportReader(
        t.database,
        { brandSlug: "loupe", timeZone: "Australia/Sydney", notesCountSql: () => "0", slots: createSlots() },
        { page: 1, per_page: 15, sort_by: "due_date", sort_direction: direction },
      );
      const ids: number[] = [];
      for await (const batch of read(4)) ids.push(...batch.map((r) => Number(r.id)));
      expect(ids).toEqual(listed.map((j) => j.id));
    }
  });

  it("exports the Balance sort in keyset batches that together are the list, with shared balances", async () => {
    // Several jobs owing the same amount, so a batch ends inside a balance.
    await sql(
      "update orders set total_amount_minor = total_payment_minor + 4200 where id in (select id from orders order by id limit 7)",
    );
    for (const direction of ["asc", "desc"] as const) {
      const listed = await allPages<{ id: number }>(
        `/api/staff/orders?sort_by=balance_due&sort_direction=${direction}`,
        25,
      );
      const read = await jobsExportReader(
        t.database,
        { brandSlug: "loupe", timeZone: "Australia/Sydney", notesCountSql: () => "0", slots: createSlots() },
        { page: 1, per_page: 15, sort_by: "balance_due", sort_direction: direction },
      );
      const ids: number[] = [];
      for await (const batch of read(4)) ids.push(...batch.map((r) => Number(r.id)));
      expect(ids).toEqual(listed.map((j) => j.id));
    }
    const { rows } = await exportCsv(
      admin,
      "/api/staff/exports/jobs?sort_by=balance_due&sort_direction=desc",
    );
    expect(rows.length).toBeGreaterThan(7);
  });

  it("refuses a bad filter with a 422 naming the field, before any byte", async () => {
    const res = await t.call(admin, { method: "GET", url: "/api/staff/exports/jobs?customFilter=nope" });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.customFilter).toBeDefined();
  });
});

describe("the customers list's export", () => {
  it("is the list's rows across every page, sorted as the list is (by surname, with ties)", async () => {
    const url = "/api/v4/users?sort_by=last_name&sort_direction=asc";
    const listed = await allPages<{ id: number }>(url, 9);
    const { header, rows } = await exportCsv(
      admin,
      "/api/staff/exports/customers?sort_by=last_name&sort_direction=asc",
    );
    expect(header).toEqual(["ID", "Customer", "Email", "Mobile", "Region(s)", "Created", "Notes"]);
    expect(rows.map((r) => Number(r[0]))).toEqual(listed.map((c) => c.id));
  });

  it("follows a ranked name search and a nullable sort the way the list does", async () => {
    const [{ name }] = await sql<{ name: string }>(
      "select lower(last_name) as name from customers order by id limit 1",
    );
    const term = name.slice(0, 3);
    for (const q of [`q=${encodeURIComponent(term)}`, "sort_by=dob&sort_direction=desc"]) {
      const listed = await allPages<{ id: number }>(`/api/v4/users?${q}`, 4);
      const { rows } = await exportCsv(admin, `/api/staff/exports/customers?${q}`);
      expect(
        rows.map((r) => Number(r[0])),
        q,
      ).toEqual(listed.map((c) => c.id));
    }
  });

  it("writes a would-be formula as text", async () => {
    const [{ id }] = await sql<{ id: number }>(
      "update customers set first_name = '=HYPERLINK(\"x\")', last_name = 'Smith, Jr' where id = (select min(id) from customers) returning id",
    );
    const { rows } = await exportCsv(admin, "/api/staff/exports/customers");
    const row = rows.find((r) => Number(r[0]) === id);
    expect(row?.[1]).toBe(`'=HYPERLINK("x") Smith, Jr`);
  });

  it("writes mobiles so a spreadsheet keeps them as typed: leading zero, spaces and + intact (issue 52)", async () => {
    const typed = ["0412 555 019", "0412555019", "+61 412 555 019"];
    const ids = await sql<{ id: number }>("select id from customers order by id limit 3");
    for (const [i, { id }] of ids.entries())
      await sql("update customers set mobile = $1 where id = $2", [typed[i], id]);
    const { rows, res } = await exportCsv(admin, "/api/staff/exports/customers");
    for (const [i, { id }] of ids.entries())
      expect(rows.find((r) => Number(r[0]) === id)?.[3]).toBe(`="${typed[i]}"`);
    expect(res.rawPayload.toString("utf8")).toContain(',"=""0412 555 019""",');
  });

  it("refuses a short search on q", async () => {
    const res = await t.call(admin, { method: "GET", url: "/api/staff/exports/customers?q=ab" });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.q).toBeDefined();
  });
});

describe("who may export, and the access log", () => {
  it("refuses staff with 403 and a message saying who may, and logs the refusal", async () => {
    const res = await t.call(staff, { method: "GET", url: "/api/staff/exports/jobs" });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(
      "Only managers and administrators can export the jobs list: it holds customers' personal details.",
    );
    const [row] = await sql<{ outcome: string; resource: string }>(
      "select outcome, resource from access_log where action = 'export' order by seq desc limit 1",
    );
    expect(row).toEqual({ outcome: "refused", resource: "job_list" });
  });

  it("keeps the outbox to administrators", async () => {
    expect((await t.call(manager, { method: "GET", url: "/api/staff/exports/outbox" })).statusCode).toBe(403);
    const { header } = await exportCsv(admin, "/api/staff/exports/outbox?status=queued");
    expect(header[0]).toBe("ID");
  });

  it("writes who exported which list, with which filters and how many rows", async () => {
    const { rows } = await exportCsv(manager, "/api/staff/exports/jobs?region_id=1&priority=2&page=2");
    const [row] = await sql<{
      staff_role_id: number;
      resource: string;
      outcome: string;
      changed_fields: string[];
    }>(
      "select staff_role_id, resource, outcome, changed_fields from access_log where action = 'export' order by seq desc limit 1",
    );
    expect(row).toEqual({
      staff_role_id: 3,
      resource: "job_list",
      outcome: "allowed",
      changed_fields: ["priority=2", "region_id=1", `rows=${rows.length}`],
    });
  });

  it("exports the newsletter subscribers with the list's e-mail filter", async () => {
    const listed = await t.call(admin, {
      method: "POST",
      url: "/shop-api/campaigns/newsletter/user/list",
      payload: { page: 1, per_page: 100, email: "example" },
    });
    const { rows } = await exportCsv(manager, "/api/staff/exports/newsletter-subscribers?email=example");
    expect(rows.map((r) => Number(r[0]))).toEqual(listed.json().data.map((s: { id: number }) => s.id));
  });
});

describe("a manager's export is their own region's (issue 52)", () => {
  it("holds only the manager's home region's customers and jobs; an administrator's holds every region's", async () => {
    const [{ home }] = await sql<{ home: number }>(
      "select home_region_id as home from staff_users where email = 'export.manager@loupe.test'",
    );
    const count = async (text: string, params: unknown[] = []) =>
      (await sql<{ n: number }>(text, params))[0].n;
    const homeCustomers = await count("select count(*)::int as n from customers where region_id = $1", [
      home,
    ]);
    const allCustomers = await count("select count(*)::int as n from customers");
    expect(homeCustomers).toBeGreaterThan(0);
    expect(allCustomers).toBeGreaterThan(homeCustomers);
    expect((await exportCsv(manager, "/api/staff/exports/customers")).rows).toHaveLength(homeCustomers);
    expect((await exportCsv(admin, "/api/staff/exports/customers")).rows).toHaveLength(allCustomers);

    const homeJobs = await allPages<{ id: number }>(`/api/staff/orders?region_id=${home}`, 100);
    const allJobs = await allPages<{ id: number }>("/api/staff/orders?sort_direction=asc", 100);
    expect(allJobs.length).toBeGreaterThan(homeJobs.length);
    const managerJobs = (await exportCsv(manager, "/api/staff/exports/jobs")).rows.map((r) => Number(r[0]));
    expect(managerJobs.sort()).toEqual(homeJobs.map((j) => j.id).sort());
    expect((await exportCsv(admin, "/api/staff/exports/jobs")).rows).toHaveLength(allJobs.length);
  });

  it("refuses a manager's export of another region with 403, and logs which region it held", async () => {
    const [{ other }] = await sql<{ other: number }>(
      `select id as other from regions where id <> (select home_region_id from staff_users where email = 'export.manager@loupe.test') order by id limit 1`,
    );
    for (const list of ["customers", "jobs"]) {
      const res = await t.call(manager, {
        method: "GET",
        url: `/api/staff/exports/${list}?region_id=${other}`,
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe("Managers can export their own region's customers and jobs only.");
    }
  });
});

describe("a download that breaks off", () => {
  it("stops reading when the client stops, and is logged as failed with the rows it reached", async () => {
    // 25,000 more customers with long surnames: ~13 MB of CSV, more than the sockets between a server
    // and its client on one machine buffer (Linux grows each side's buffer to a few MB).
    await sql(
      `insert into customers (first_name, last_name, email, region_id, new_opt_in)
       select 'Bulk', repeat('x', 480) || g, 'bulk' || g || '@example.com', 1, 'NONE' from generate_series(1, 25000) g`,
    );
    const address = await t.app.listen({ port: 0, host: "127.0.0.1" });
    const { hostname, port } = new URL(address);
    const http = await import("node:http");
    await new Promise<void>((resolve, reject) => {
      const req = http.get(
        {
          host: hostname,
          port,
          path: "/api/staff/exports/customers",
          headers: { authorization: `Bearer ${admin}` },
        },
        (res) => {
          expect(res.statusCode).toBe(200);
          res.once("data", () => {
            // Stops reading, then is gone, as a closed tab is.
            res.pause();
            setTimeout(() => {
              req.destroy();
              resolve();
            }, 500);
          });
        },
      );
      req.on("error", (err) =>
        err.message.includes("aborted") || err.message.includes("socket hang up") ? resolve() : reject(err),
      );
    });
    let row: { outcome: string; reason: string; changed_fields: string[] } | undefined;
    for (let i = 0; i < 100 && !row; i++) {
      [row] = await sql<{ outcome: string; reason: string; changed_fields: string[] }>(
        "select outcome, reason, changed_fields from access_log where action = 'export' and resource = 'customer_list' and outcome = 'failed' and reason <> 'validation_failed' order by seq desc limit 1",
      );
      if (!row) await new Promise((r) => setTimeout(r, 100));
    }
    expect(row?.reason).toBe("aborted");
    const rows = Number(row?.changed_fields.at(-1)?.replace("rows=", ""));
    expect(rows).toBeGreaterThan(0);
    expect(rows).toBeLessThan(25_060);
  }, 120_000);
});
