import fs from "node:fs";
import path from "node:path";
import { isValidPhoneNumber, type SmsCountry, timeZoneForState } from "@loupe/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pdfText } from "../../test/pdf-text";
import { createTestApp, type TestApp } from "../../test/test-app";

/**
 * Each outlet on its own clock (issue 29, ADR 0035): the zone is on the outlet, set for every demo
 * outlet, changed by administrators only, and a Perth job's receipt, docket and tray label are in
 * Perth time. SPEED_OUT=<dir> keeps the receipt HTML and the PDFs there, to render and look at.
 */
let t: TestApp;
let admin: string;
let perthJob: number;
const q = <T = Record<string, unknown>>(sql: string, params: unknown[] = []) =>
  t.database.query<T>(sql, params) as Promise<T[]>;
const keep = (name: string, body: Buffer | string) => {
  if (process.env.SPEED_OUT) fs.writeFileSync(path.join(process.env.SPEED_OUT, name), body);
};

// 1 Dec 2026 07:29 UTC: 3:29 pm in Perth, 6:29 pm in Sydney (AEDT).
const SOLD_AT = "2026-12-01T07:29:00Z";

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  const [fre] = await q<{ id: number; region_id: number }>(
    "select id, region_id from outlets where abbreviation = 'FRE'",
  );
  const status = async (kind: string, slug: string) =>
    (await q<{ id: number }>("select id from statuses where kind = $1 and slug = $2", [kind, slug]))[0].id;
  [{ id: perthJob }] = await q<{ id: number }>(
    `insert into orders (uid, name, vend_invoice_number, billing_first_name, billing_last_name, billing_email,
       total_amount_minor, dispense_status_id, payment_status_id, channel_id, channel, origin_outlet_id,
       region_id, created_at, updated_at)
     values ('PERTH1', '#P1', 'FRE-100001', 'Ada', 'Lovelace', 'ada@example.com', 0, $1, $2, 1, 'pos', $3, $4,
       $5, $5)
     returning id`,
    [
      await status("dispense", "in-progress"),
      await status("payment", "paid"),
      fre.id,
      fre.region_id,
      SOLD_AT,
    ],
  );
});
afterAll(() => t.close());

describe("outlet time zones", () => {
  it("gives every demo outlet its state's zone: Fremantle on Perth time, Whyte Ave on Edmonton's", async () => {
    const outlets = await q<{ abbreviation: string; country: string; state: string; time_zone: string }>(
      "select abbreviation, country, state, time_zone from outlets",
    );
    expect(outlets.length).toBeGreaterThan(30);
    for (const o of outlets) expect(o.time_zone, o.abbreviation).toBe(timeZoneForState(o.country, o.state));
    const zone = (abbr: string) => outlets.find((o) => o.abbreviation === abbr)?.time_zone;
    expect(zone("FRE")).toBe("Australia/Perth");
    expect(zone("NOR")).toBe("Australia/Adelaide");
    expect(zone("FVA")).toBe("Australia/Brisbane");
    expect(zone("WHY")).toBe("America/Edmonton");
    expect(zone("KIT")).toBe("America/Vancouver");
    expect(zone("PON")).toBe("Pacific/Auckland");
  });

  it("gives every demo outlet a valid phone number of its country and a street address", async () => {
    const outlets = await q<{ abbreviation: string; country: SmsCountry; phone: string; address1: string }>(
      "select abbreviation, country, phone, address1 from outlets",
    );
    for (const o of outlets) {
      expect(isValidPhoneNumber(o.phone, o.country), `${o.abbreviation} ${o.phone}`).toBe(true);
      expect(o.address1, o.abbreviation).toMatch(/^\d+ \S/);
    }
    expect(new Set(outlets.map((o) => o.phone)).size).toBe(outlets.length);
  });

  it("sends each outlet's zone on the outlet list and on a job's origin outlet", async () => {
    const outlets = (await t.call(admin, { method: "GET", url: "/api/outlet" })).json().data;
    expect(outlets.find((o: { abbreviation: string }) => o.abbreviation === "FRE").time_zone).toBe(
      "Australia/Perth",
    );
    const job = (await t.call(admin, { method: "GET", url: `/api/staff/orders/${perthJob}` })).json().data;
    expect(job.origin_outlet.time_zone).toBe("Australia/Perth");
  });

  it("lets an administrator change an outlet's zone, within its country, naming the field when refused", async () => {
    const [gas] = await q<{ id: number }>("select id from outlets where abbreviation = 'GAS'");
    const url = `/api/staff/outlets/${gas.id}/time-zone`;
    const wrongCountry = await t.call(admin, {
      method: "PUT",
      url,
      payload: { time_zone: "Australia/Perth" },
    });
    expect(wrongCountry.statusCode).toBe(422);
    expect(Object.keys(wrongCountry.json().errors)).toEqual(["time_zone"]);
    const misspelt = await t.call(admin, { method: "PUT", url, payload: { time_zone: "America/Vancover" } });
    expect(misspelt.statusCode).toBe(422);
    const empty = await t.call(admin, { method: "PUT", url, payload: {} });
    expect(empty.statusCode).toBe(422);
    expect(JSON.stringify(empty.json().errors)).toContain("time_zone");

    const sam = await t.login("sam@loupe.test", "LoupeDemo1");
    const refused = await t.call(sam, { method: "PUT", url, payload: { time_zone: "America/Edmonton" } });
    expect(refused.statusCode).toBe(403);

    const saved = await t.call(admin, { method: "PUT", url, payload: { time_zone: "America/Edmonton" } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.time_zone).toBe("America/Edmonton");
    expect(
      (await q<{ time_zone: string }>("select time_zone from outlets where id = $1", [gas.id]))[0].time_zone,
    ).toBe("America/Edmonton");
    const missing = await t.call(admin, {
      method: "PUT",
      url: "/api/staff/outlets/999999/time-zone",
      payload: { time_zone: "America/Edmonton" },
    });
    expect(missing.statusCode).toBe(404);
    await t.call(admin, { method: "PUT", url, payload: { time_zone: "America/Vancouver" } });
  });

  it("prints a Perth sale's receipt in Perth time, never Sydney's", async () => {
    const job = (await t.call(admin, { method: "GET", url: `/api/staff/orders/${perthJob}` })).json().data;
    const res = await t.app.inject({ method: "GET", url: new URL(job.receipt_url).pathname });
    expect(res.statusCode).toBe(200);
    keep("perth-receipt.html", res.body);
    expect(res.body).toContain("1st Dec 2026, 3:29pm AWST");
    expect(res.body).toContain("Times are Australia/Perth");
    expect(res.body).not.toContain("6:29");
  });

  it("prints a Perth job's docket and tray label in Perth time", async () => {
    for (const [query, name] of [
      ["?document=docket&paper=A4", "perth-docket.pdf"],
      ["", "perth-tray-label.pdf"],
    ] as const) {
      const signed = await t.call(admin, {
        method: "GET",
        url: `/api/staff/job-tray-signed-url/${perthJob}${query}`,
      });
      expect(signed.statusCode, signed.body).toBe(200);
      const u = new URL(signed.json().data.url);
      const pdf = await t.app.inject({ method: "GET", url: u.pathname + u.search });
      expect(pdf.statusCode).toBe(200);
      keep(name, pdf.rawPayload);
      const text = pdfText(pdf.rawPayload);
      expect(text, name).toContain(
        name.includes("docket") ? "1st Dec 2026, 3:29pm AWST" : "1st Dec 2026, 3pm AWST",
      );
      expect(text, name).not.toContain("6:29pm");
    }
  });
});
