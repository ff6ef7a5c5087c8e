import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app";

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
});
afterAll(() => t.close());

const get = async (url: string) => {
  const res = await t.call(token, { method: "GET", url });
  expect(res.statusCode, url).toBe(200);
  return res.json().data;
};

describe("reference data", () => {
  it("lists the regions with currency and time zone, Canada on Toronto time", async () => {
    const regions = await get("/api/region");
    expect(regions.map((r: { country_code: string }) => r.country_code)).toEqual(["AU", "NZ", "CA", "AU"]);
    expect(regions.find((r: { id: number }) => r.id === 5)).toMatchObject({
      default_currency: "CAD",
      timezone: "America/Toronto",
    });
  });

  it("lists outlets with their address only when asked", async () => {
    const plain = await get("/api/outlet");
    expect(plain[0].address).toBeUndefined();
    const withAddress = await get("/api/outlet?with=address");
    const brunswick = withAddress.find((o: { name: string }) => o.name === "Brunswick");
    expect(brunswick.address).toMatchObject({ state: "VIC", postcode: "3056", country: "AU" });
    expect(withAddress.some((o: { is_active: boolean }) => !o.is_active)).toBe(true);
  });

  it("lists the three status lists with slug, display name and selectable", async () => {
    const dispense = await get("/api/staff/order-dispense-statuses");
    const items = await get("/api/staff/order-item-statuses");
    const payments = await get("/api/staff/order-payment-statuses");
    for (const list of [dispense, items, payments]) {
      expect(list.length).toBeGreaterThan(2);
      expect(list[0]).toHaveProperty("display_name");
    }
    const refunded = items.find((s: { slug: string }) => s.slug === "refunded-transaction");
    expect(refunded?.selectable).toBe(false);
    expect(payments.some((s: { slug: string }) => s.slug === "parked")).toBe(true);
  });

  it("keeps the code-generated prescription source out of the external list", async () => {
    const all = await get("/api/prescription-source");
    const external = await get("/api/prescription-source?type=external");
    expect(all.some((s: { slug: string }) => s.slug === "cg")).toBe(true);
    expect(external.some((s: { slug: string }) => s.slug === "cg")).toBe(false);
  });

  it("filters colours by type and lists suppliers, PD sources, types and refund reasons", async () => {
    const frames = await get("/api/colors?type=Frame");
    expect(frames.every((c: { type: string }) => c.type === "Frame")).toBe(true);
    expect(
      (await get("/api/staff/suppliers")).map((s: { abbreviation: string }) => s.abbreviation),
    ).toContain("HOYA");
    expect((await get("/api/pd-source")).length).toBeGreaterThan(0);
    expect(await get("/api/v4/prescription-types")).toEqual([
      { id: 1, name: "Spectacle", slug: "spectacle" },
      { id: 2, name: "Contact Lens", slug: "contact-lens" },
    ]);
    expect((await get("/api/refund-reasons"))[0]).toHaveProperty("slug");
  });

  it("answers on all three bases", async () => {
    for (const [url, base] of [
      ["/api", "api"],
      ["/api/", "api"],
      ["/legacy-api", "legacy"],
      ["/legacy-api/", "legacy"],
      ["/shop-api", "shop"],
      ["/shop-api/", "shop"],
    ]) {
      const res = await t.app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(200);
      expect(res.json().data.base).toBe(base);
    }
  });

  it("needs a token", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/region" });
    expect(res.statusCode).toBe(401);
  });
});
