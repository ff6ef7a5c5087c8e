import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app";

let t: TestApp;
let token: string;
const ids: number[] = [];
beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
  for (const name of ["Inviter", "Friend", "Other"]) {
    ids.push(
      (await t.call(token, { method: "POST", url: "/api/user", payload: { first_name: name } })).json().data
        .id,
    );
  }
  await t.database.query(
    `insert into newsletter_subscribers (user_email, source_country, source_name, created_at) values
     ('old@example.com', 'AU', 'Checkout', now() - interval '2 days'), ('new@example.com', 'NZ', 'Website footer', now())`,
  );
});
afterAll(() => t.close());

describe("referrals", () => {
  it("invites a friend once, shows the status as redeemable, and undefines it", async () => {
    const [a, b, c] = ids;
    const ok = await t.call(token, { method: "POST", url: `/shop-api/referral/define/${a}/${b}` });
    expect(ok.json().message).toBe("The user is invited successfully.");
    const again = await t.call(token, { method: "POST", url: `/shop-api/referral/define/${c}/${b}` });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("Referral already defined");
    const inviter = (await t.call(token, { method: "GET", url: `/shop-api/referral/check/${a}` })).json()
      .data;
    expect(inviter).toMatchObject({ useable_invites: 4, self_referral_status: null });
    const friend = (await t.call(token, { method: "GET", url: `/shop-api/referral/check/${b}` })).json().data;
    expect(friend).toMatchObject({ self_referral_status: "USEABLE", invited_by: { id: a } });
    const removed = await t.call(token, { method: "DELETE", url: `/shop-api/referral/undefine/${b}` });
    expect(removed.json().message).toBe("Referral undefined successfully");
    expect(
      (await t.call(token, { method: "POST", url: `/shop-api/referral/define/${a}/${a}` })).statusCode,
    ).toBe(422);
  });
});

describe("newsletter", () => {
  it("lists newest first with the e-mail filter and updates with the opt-in rules", async () => {
    const all = (
      await t.call(token, {
        method: "POST",
        url: "/shop-api/campaigns/newsletter/user/list",
        payload: { page: 1 },
      })
    ).json();
    expect(all.total).toBe(2);
    expect(all.data[0].user_email).toBe("new@example.com");
    const filtered = (
      await t.call(token, {
        method: "POST",
        url: "/shop-api/campaigns/newsletter/user/list",
        payload: { email: "old" },
      })
    ).json();
    expect(filtered.data.map((s: { user_email: string }) => s.user_email)).toEqual(["old@example.com"]);
    const update = (payload: Record<string, unknown>) =>
      t.call(token, { method: "POST", url: "/shop-api/campaigns/newsletter/user/update", payload });
    // None with a channel on contradicts itself: refused, never quietly changed.
    const contradictory = await update({
      email: "old@example.com",
      send_type: "NONE",
      send_email: true,
      send_phone: false,
      send_sms: false,
    });
    expect(contradictory.statusCode).toBe(422);
    expect(contradictory.json().errors.send_type).toEqual([
      "None cannot go with a channel switched on, and a channel must be on for any other choice.",
    ]);
    expect(
      (
        await update({
          email: "old@example.com",
          send_type: "ALL",
          send_email: false,
          send_phone: false,
          send_sms: false,
        })
      ).statusCode,
    ).toBe(422);
    const none = await update({
      email: "old@example.com",
      send_type: "NONE",
      send_email: false,
      send_phone: false,
      send_sms: false,
    });
    expect(none.json().data).toMatchObject({
      send_type: "NONE",
      send_email: false,
      send_phone: false,
      send_sms: false,
    });
    const emailOnly = await update({
      email: "old@example.com",
      send_type: "HEALTH",
      send_email: true,
      send_phone: false,
      send_sms: false,
    });
    expect(emailOnly.json().data).toMatchObject({ send_type: "HEALTH", send_email: true, send_sms: false });
    const bad = await t.call(token, {
      method: "POST",
      url: "/shop-api/campaigns/newsletter/user/update",
      payload: { email: "nope", send_type: "ALL", send_email: true, send_phone: true, send_sms: true },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.email).toEqual(["The email field must be a valid email"]);
  });
});

describe("promos", () => {
  it("loads promos and lists them newest start date first", async () => {
    const base = {
      brand: "Loupe",
      discountRule: "10% off",
      pdfs: [{ label: "Terms", url: "https://x.test/t.pdf" }],
    };
    for (const [code, startDate] of [
      ["OLDER", "2026-01-01"],
      ["NEWER", "2026-06-01"],
    ]) {
      const res = await t.call(token, {
        method: "POST",
        url: "/shop-api/campaigns/promos/create",
        payload: { ...base, discountCode: code, startDate },
      });
      expect(res.statusCode).toBe(201);
    }
    const list = (await t.call(token, { method: "POST", url: "/shop-api/campaigns/promos" })).json();
    expect(list.map((p: { discountCode: string }) => p.discountCode)).toEqual(["NEWER", "OLDER"]);
    expect(list[0]["pDFs&Copies"][0].url).toBe("https://x.test/t.pdf");
    const dup = await t.call(token, {
      method: "POST",
      url: "/shop-api/campaigns/promos/create",
      payload: { ...base, discountCode: "NEWER", startDate: "2026-07-01" },
    });
    expect(dup.statusCode).toBe(409);
  });
});
