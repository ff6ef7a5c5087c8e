import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app";

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp({ env: { SHOP_URL: "https://shop.example" } });
  token = await t.login();
});
afterAll(() => t.close());

const customer = async (hasShopAccount: boolean, regionId: number) => {
  const id = (
    await t.call(token, {
      method: "POST",
      url: "/api/user",
      payload: { first_name: "Shopper", region_id: regionId },
    })
  ).json().data.id;
  await t.database.query("update customers set has_shop_account = $1 where id = $2", [hasShopAccount, id]);
  return id;
};

describe("log in to the web shop as a customer", () => {
  it("answers a link to the customer's regional shop that works once", async () => {
    const id = await customer(true, 2);
    const res = await t.call(token, { method: "POST", url: `/shop-api/customerLogin/${id}` });
    expect(res.statusCode).toBe(200);
    const url = new URL(res.json().data.url);
    expect(url.origin + url.pathname).toBe("https://shop.example/nz/account/staff-login");
    expect(url.searchParams.get("signature")).toBeTruthy();
    const redeem = () =>
      t.app.inject({
        method: "POST",
        url: "/shop-api/customerLogin/redeem",
        payload: { token: url.searchParams.get("token") },
      });
    const first = await redeem();
    expect(first.json().data.customer_id).toBe(id);
    expect((await redeem()).statusCode).toBe(401);
  });

  it("refuses a customer without a shop account with the spec's message", async () => {
    const id = await customer(false, 1);
    const res = await t.call(token, { method: "POST", url: `/shop-api/customerLogin/${id}` });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(
      "Failed to create token; this customer may not have an e-commerce account.",
    );
  });
});
